import AppCore
import Essentials
import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Plays a scenario against a fresh AppCore: the scenario's seed, clock and starting state, the
/// store chosen, and every answer out checked against what the steps expect.
public enum ScenarioRunner {
    public static func run(_ scenario: Scenario, on choice: StoreChoice) -> ScenarioResult {
        var failures: [ScenarioResult.Failure] = []
        var transcript: [String] = []
        let fail = { (line: Int, problem: String, expected: String?, actual: String?) in
            failures.append(.init(line: line, problem: problem, expected: expected, actual: actual))
        }
        let opened: (store: Store<AppState>, place: URL?)
        do {
            opened = try open(choice, starting: scenario.startingState())
        } catch {
            fail(scenario.line, "the \(choice.rawValue) store did not open: \(error)", nil, nil)
            return result(scenario, choice, failures, transcript)
        }
        defer { if let place = opened.place { try? FileManager.default.removeItem(at: place) } }

        var outbox: [Answer] = []
        let core = createAppCore(store: opened.store, random: .seeded(scenario.seed), clock: .fixed(scenario.now)) {
            outbox.append($0)
        }
        var pending: ArraySlice<Answer> = []
        var lastSend = scenario.line

        func reportUnexpected() {
            guard scenario.exhaustive, !pending.isEmpty else { return }
            let came = pending.map(text).joined(separator: "\n")
            fail(lastSend, "\(pending.count) answer(s) came out that no step expected", nil, came)
        }

        for step in scenario.steps {
            switch step.action {
            case .send(let command):
                reportUnexpected()
                outbox = []
                core(command)
                pending = outbox[...]
                transcript += pending.map(text)
                lastSend = step.line
            case .expect(let expected):
                if scenario.exhaustive {
                    guard let next = pending.first else {
                        fail(step.line, "expected an answer, but nothing more came out", pretty(expected), "")
                        continue
                    }
                    pending = pending.dropFirst()
                    if !Self.answer(next, holds: expected) {
                        fail(step.line, "the answer that came out differs", pretty(expected), pretty(next))
                    }
                } else if let index = pending.firstIndex(where: { Self.answer($0, holds: expected) }) {
                    pending = pending[(index + 1)...]
                } else {
                    fail(
                        step.line, "this answer did not come out", pretty(expected),
                        pending.map(pretty).joined(separator: "\n"))
                }
            case .expectState(let path, let expected):
                do {
                    let view = try StateView.of(opened.store.state())
                    guard let actual = view.at(path) else {
                        fail(step.line, "the state has nothing at \(path.joined(separator: "."))", expected.pretty, nil)
                        continue
                    }
                    if !actual.holds(expected) {
                        let place = path.isEmpty ? "the state" : path.joined(separator: ".")
                        fail(step.line, "\(place) differs", expected.pretty, actual.pretty)
                    }
                } catch {
                    fail(step.line, "the state could not be read: \(error)", nil, nil)
                }
            }
        }
        reportUnexpected()
        return result(scenario, choice, failures, transcript)
    }

    private static func result(
        _ scenario: Scenario, _ choice: StoreChoice, _ failures: [ScenarioResult.Failure], _ transcript: [String]
    ) -> ScenarioResult {
        ScenarioResult(
            scenario: scenario.name, file: scenario.file, line: scenario.line, store: choice.rawValue,
            failures: failures, transcript: transcript)
    }

    /// A fresh store starting at `start`; a durable one in a folder of its own, removed afterwards.
    private static func open(
        _ choice: StoreChoice, starting start: AppState
    ) throws -> (store: Store<AppState>, place: URL?) {
        guard choice != .memory else { return (createMemoryStore(initial: start), nil) }
        let place = FileManager.default.temporaryDirectory.appendingPathComponent(
            "appcore-scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        let path = place.appendingPathComponent("store").path
        let store =
            choice == .disk
            ? try createDiskStore(at: path, initial: start) : try createSQLiteStore(at: path, initial: start)
        return (store, place)
    }

    /// Whether an answer that came out holds all an expected one says (`JSONValue.holds`): an
    /// answer recorded before it gained a member still passes.
    private static func answer(_ actual: Answer, holds expected: Answer) -> Bool {
        guard actual != expected else { return true }
        guard let actual = try? JSONValue(encoding: actual), let expected = try? JSONValue(encoding: expected)
        else { return false }
        return actual.holds(expected)
    }

    static func text(_ message: some Encodable) -> String {
        (try? ValueCoding.makeEncoder().encode(message)).map { String(decoding: $0, as: UTF8.self) } ?? "\(message)"
    }

    private static func pretty(_ message: some Encodable) -> String {
        (try? JSONValue(encoding: message).pretty) ?? text(message)
    }
}
