/// One scenario's verdict over the stores it ran on: it passes if it passed on each, and, on
/// several, every store gave the same messages.
public struct ScenarioOutcome: Sendable {
    public let scenario: Scenario
    public let results: [ScenarioResult]

    public init(scenario: Scenario, stores: [StoreChoice]) {
        self.scenario = scenario
        results = stores.map { ScenarioRunner.run(scenario, on: $0) }
    }

    public var failures: [ScenarioResult.Failure] {
        var failures = results.flatMap { result in
            result.failures.map { failure in
                results.count > 1
                    ? ScenarioResult.Failure(
                        line: failure.line, problem: "[\(result.store)] \(failure.problem)", expected: failure.expected,
                        actual: failure.actual)
                    : failure
            }
        }
        if let first = results.first,
            let other = results.dropFirst().first(where: { $0.transcript != first.transcript })
        {
            failures.append(
                .init(
                    line: scenario.line,
                    problem: "the \(first.store) and \(other.store) stores gave different messages",
                    expected: first.transcript.joined(separator: "\n"), actual: other.transcript.joined(separator: "\n")
                ))
        }
        return failures
    }

    public var passed: Bool { failures.isEmpty }
    public var name: String { scenario.name }
    public var stores: String { results.map(\.store).joined(separator: ",") }
}
