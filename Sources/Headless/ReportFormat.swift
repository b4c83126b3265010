import AppCore
import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a run reports: for a person, or for the CI system reading it. Every text a report quotes
/// (a scenario's name, its file's name, a problem, a value) is data, written so in each format:
/// its control and bidi characters escaped, never sent raw to a terminal, and JUnit valid XML and
/// JSON valid JSON whatever the text holds.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, tap, junit, json

    public func render(_ outcomes: [ScenarioOutcome], seconds: Double) -> String {
        switch self {
        case .text: Self.text(outcomes)
        case .tap: Self.tap(outcomes)
        case .junit: Self.junit(outcomes, seconds: seconds)
        case .json: Self.json(outcomes)
        }
    }

    private static func summary(_ outcomes: [ScenarioOutcome]) -> String {
        let failed = outcomes.count { !$0.passed }
        return "\(outcomes.count - failed) passed, \(failed) failed"
    }

    /// Each failure: where, what, and the expected value against what came, as a diff.
    private static func describe(_ failure: ScenarioResult.Failure, in scenario: Scenario, indent: String) -> [String] {
        var lines = ["\(indent)\(shown(scenario.file)):\(failure.line): \(shown(failure.problem))"]
        if let diff = failure.diff {
            lines.append("\(indent)  (- expected, + came)")
            lines += diff.split(separator: "\n", omittingEmptySubsequences: false).map { "\(indent)  \(shown($0))" }
        } else if let expected = failure.expected {
            lines += expected.split(separator: "\n").map { "\(indent)  - \(shown($0))" }
        } else if let actual = failure.actual {
            lines += actual.split(separator: "\n").map { "\(indent)  + \(shown($0))" }
        }
        return lines
    }

    private static func text(_ outcomes: [ScenarioOutcome]) -> String {
        var lines: [String] = []
        for outcome in outcomes {
            lines.append(
                "\(outcome.passed ? "ok  " : "FAIL") \(shown(outcome.name))  (\(shown(outcome.scenario.file)), \(outcome.stores))"
            )
            for failure in outcome.failures { lines += describe(failure, in: outcome.scenario, indent: "     ") }
        }
        lines.append(summary(outcomes))
        return lines.joined(separator: "\n")
    }

    /// TAP version 14: a plan, one test point a scenario, YAML diagnostics for a failure. A test
    /// point's description writes a backslash and `#` behind a backslash, as TAP says, and its YAML
    /// quotes as YAML does.
    private static func tap(_ outcomes: [ScenarioOutcome]) -> String {
        var lines = ["TAP version 14", "1..\(outcomes.count)"]
        for (index, outcome) in outcomes.enumerated() {
            lines.append(
                "\(outcome.passed ? "ok" : "not ok") \(index + 1) - "
                    + shown(outcome.name).replacing("\\", with: "\\\\").replacing("#", with: "\\#"))
            guard !outcome.passed else { continue }
            lines.append("  ---")
            lines.append("  file: \(yamlQuoted(outcome.scenario.file))")
            lines.append("  stores: \(yamlQuoted(outcome.stores))")
            lines.append("  failures:")
            for failure in outcome.failures {
                lines.append("    - line: \(failure.line)")
                lines.append("      message: \(yamlQuoted(failure.problem))")
                if let diff = failure.diff {
                    lines.append("      diff: |")
                    lines += diff.split(separator: "\n", omittingEmptySubsequences: false).map {
                        "        \(shown($0))"
                    }
                }
            }
            lines.append("  ...")
        }
        lines.append("# \(summary(outcomes))")
        return lines.joined(separator: "\n")
    }

    /// JUnit XML, as CI systems read it: a suite, a case a scenario, a failure with its diff.
    private static func junit(_ outcomes: [ScenarioOutcome], seconds: Double) -> String {
        let failed = outcomes.count { !$0.passed }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="headless" tests="\#(outcomes.count)" failures="\#(failed)" time="\#(String(printf: "%.3f", seconds))">"#,
            #"  <testsuite name="scenarios" tests="\#(outcomes.count)" failures="\#(failed)" errors="0" skipped="0">"#,
        ]
        for outcome in outcomes {
            let attributes = #"name="\#(xml(shown(outcome.name)))" classname="\#(xml(shown(outcome.scenario.file)))""#
            guard !outcome.passed else {
                lines.append("    <testcase \(attributes)/>")
                continue
            }
            lines.append("    <testcase \(attributes)>")
            for failure in outcome.failures {
                let body = describe(failure, in: outcome.scenario, indent: "").joined(separator: "\n")
                lines.append(#"      <failure message="\#(xml(shown(failure.problem)))">\#(xml(body))</failure>"#)
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n")
    }

    private static func json(_ outcomes: [ScenarioOutcome]) -> String {
        let scenarios: [JSONValue] = outcomes.map { outcome in
            .object([
                "name": .string(outcome.name), "file": .string(outcome.scenario.file),
                "line": .number(Double(outcome.scenario.line)), "stores": .string(outcome.stores),
                "passed": .bool(outcome.passed),
                "failures": .array(
                    outcome.failures.map { failure in
                        .object([
                            "line": .number(Double(failure.line)), "problem": .string(failure.problem),
                            "expected": failure.expected.map(JSONValue.string) ?? .null,
                            "actual": failure.actual.map(JSONValue.string) ?? .null,
                        ])
                    }),
            ])
        }
        let failed = outcomes.count { !$0.passed }
        return JSONValue.object([
            "passed": .number(Double(outcomes.count - failed)), "failed": .number(Double(failed)),
            "scenarios": .array(scenarios),
        ]).description
    }

    /// Text already `shown`, as XML text or an attribute's value: XML 1.0 cannot hold most
    /// control characters at all, even as references, which is why they are escaped before.
    private static func xml(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
    }

    /// A double-quoted YAML scalar that reads back as `text`: the escapes `shown` writes (`\e`,
    /// `\n`, `\u202E`) are YAML's own.
    private static func yamlQuoted(_ text: String) -> String {
        "\"" + shown(text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")) + "\""
    }

    /// Text from a scenario or a run, as one line a terminal shows and XML and YAML hold: each
    /// control or bidi character escaped as the programs show them (`\e[2J`, `\n`, `\u202E`), and
    /// the two noncharacters XML and YAML refuse, U+FFFE and U+FFFF, as `\uFFFE` and `\uFFFF`.
    private static func shown(_ text: some StringProtocol) -> String {
        let escaped = String(text).escapingControls()
        guard escaped.unicodeScalars.contains(where: { $0.value >= 0xFFFE && $0.value <= 0xFFFF }) else {
            return escaped
        }
        var shown = ""
        for scalar in escaped.unicodeScalars {
            if scalar.value >= 0xFFFE && scalar.value <= 0xFFFF {
                shown += "\\u" + String(scalar.value, radix: 16, uppercase: true)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
