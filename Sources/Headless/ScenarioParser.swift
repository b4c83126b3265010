import AppCore
import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads scenario files: line by line, `#` comments, one or more scenarios a file.
///
///     scenario: three flips
///     seed: 1
///     now: 2026-11-22T12:00:00.000Z
///     send {"coin": {"flip": {"count": 3}}}
///     expect {"coin": {"flipped": {"toss": {"at": "2026-11-22T12:00:00.000Z", "flips": "HTT"}}}}
///     expect state coins.tosses.count = 1
public enum ScenarioParser {
    public static func parse(_ text: String, file: String) throws(ScenarioError) -> [Scenario] {
        var scenarios: [Scenario] = []
        var current: Scenario?
        let decoder = ValueCoding.makeDecoder()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = rawLine.trimmingWhitespace()
            let fail = { (problem: String) in ScenarioError(file: file, line: number, problem: problem) }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if let name = value(of: "scenario:", in: line) {
                if let finished = current { scenarios.append(finished) }
                guard !name.isEmpty else { throw fail("a scenario needs a name after “scenario:”") }
                current = Scenario(name: name, file: file, line: number)
                continue
            }
            guard var scenario = current else {
                throw fail("expected “scenario: NAME” before anything else, found “\(line.prefix(40))”")
            }
            // Taken out while it grows, so that its steps have one owner and an append never copies them.
            current = nil
            if let seed = value(of: "seed:", in: line) {
                guard let parsed = UInt64(seed) else { throw fail("the seed is a whole number from 0, not “\(seed)”") }
                scenario.seed = parsed
            } else if let now = value(of: "now:", in: line) {
                guard let parsed = ValueCoding.parse(now) else {
                    throw fail("“now:” takes a moment such as 2026-11-22T12:00:00.000Z, not “\(now)”")
                }
                scenario.now = parsed
            } else if let store = value(of: "store:", in: line) {
                guard let parsed = StoreChoice(rawValue: store) else {
                    throw fail("the store is memory, disk or sqlite, not “\(store)”")
                }
                scenario.store = parsed
            } else if line == "non-exhaustive" {
                scenario.exhaustive = false
            } else if let start = value(of: "start:", in: line) {
                scenario.start = start
                do {
                    _ = try scenario.startingState()
                } catch {
                    throw fail("“start:” takes a whole state as JSON: \(describe(error))")
                }
            } else if let json = value(of: "send", in: line) {
                scenario.steps.append(.init(action: .send(try message(json, decoder, fail)), line: number))
            } else if let assertion = value(of: "expect state", in: line) {
                scenario.steps.append(.init(action: try stateExpectation(assertion, fail), line: number))
            } else if let json = value(of: "expect", in: line) {
                scenario.steps.append(.init(action: .expect(try message(json, decoder, fail)), line: number))
            } else {
                throw fail(
                    "expected send, expect, expect state, or a setting (seed:, now:, store:, start:, non-exhaustive); found “\(line.prefix(40))”"
                )
            }
            current = scenario
        }
        if let finished = current { scenarios.append(finished) }
        return scenarios
    }

    /// The rest of the line after `keyword`, when the line starts with it as a whole word.
    private static func value(of keyword: String, in line: String) -> String? {
        guard line.hasPrefix(keyword) else { return nil }
        let rest = line.dropFirst(keyword.count)
        guard keyword.hasSuffix(":") || rest.isEmpty || rest.first == " " else { return nil }
        return rest.trimmingWhitespace()
    }

    /// A command after `send`, or an answer after `expect`, as JSON.
    private static func message<Message: Decodable>(
        _ json: String, _ decoder: JSONDecoder, _ fail: (String) -> ScenarioError
    ) throws(ScenarioError) -> Message {
        let (kind, example) =
            Message.self == Command.self
            ? ("a command", #"{"coin": {"flip": {"count": 3}}}"#) : ("an answer", #"{"coin": {"historyCleared": {}}}"#)
        guard !json.isEmpty else { throw fail("\(kind) follows, as JSON: \(example)") }
        do {
            return try decoder.decode(Message.self, from: Data(json.utf8))
        } catch {
            if Message.self == Command.self, let unknown = unknownCommand(in: json) { throw fail(unknown) }
            throw fail("this is not \(kind) the AppCore knows: \(describe(error))")
        }
    }

    /// Where `json` names a feature and a command that feature does not take, says so, with the
    /// commands it takes (those its samples send, `headless commands`).
    public static func unknownCommand(in json: String) -> String? {
        guard case .object(let features) = try? JSONValue(parsing: json), features.count == 1,
            let (feature, message) = features.first, case .object(let commands) = message, commands.count == 1,
            let given = commands.keys.first,
            let route = Routes<AppState>.registered.all.first(where: { $0.name == feature })
        else { return nil }
        var known: [String] = []
        for sample in route.sampleCommands {
            guard case .object(let sent) = try? JSONValue(encoding: sample), case .object(let command) = sent[feature],
                let name = command.keys.first, !known.contains(name)
            else { continue }
            known.append(name)
        }
        guard !known.isEmpty, !known.contains(given) else { return nil }
        return "\"\(given)\" is no command of \(feature); its commands are \(known.joined(separator: ", "))"
    }

    /// `PATH = JSON`, or `= JSON` for the whole state.
    private static func stateExpectation(_ text: String, _ fail: (String) -> ScenarioError) throws(ScenarioError)
        -> Scenario.Step.Action
    {
        guard let equals = text.firstIndex(of: "=") else {
            throw fail("expected “expect state PATH = VALUE”, such as expect state todos.count = 3")
        }
        let path = text[..<equals].trimmingWhitespace()
        let json = text[text.index(after: equals)...].trimmingWhitespace()
        do {
            let value = try JSONValue(parsing: json)
            return .expectState(path: path.isEmpty ? [] : path.split(separator: ".").map(String.init), value: value)
        } catch {
            throw fail("the value after “=” is not JSON: \(json.prefix(40))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).filter { !$0.isEmpty }.joined(separator: ".")
            return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}
