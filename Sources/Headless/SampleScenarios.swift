import AppCore
import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every command the core takes, shown by doing: for each registered feature, a scenario of its
/// sample commands, each followed by the answers it brought on a fresh memory store, with a fixed
/// seed and clock. `headless commands` prints them, and `headless run` passes on what it prints,
/// on every store: a feature added to the core shows up here with nothing else to write.
public enum SampleScenarios {
    /// The seed and the moment the samples are played with, written in each scenario.
    public static let seed: UInt64 = 1
    public static let now = Date(milliseconds: 1_795_348_800_000)
    /// `now` as a scenario writes it: 2026-11-22T12:00:00.000Z.
    public static var nowText: String { ValueCoding.format(now) }

    /// The features' names, in the order registered.
    public static var featureNames: [String] { Routes<AppState>.registered.names }

    /// A name that no registered feature has.
    public struct UnknownFeature: Error, CustomStringConvertible {
        public let name: String
        public let names: [String]
        public var description: String {
            "there is no feature \"\(name)\"; the features are \(names.joined(separator: ", "))"
        }
    }

    /// The scenarios of the features named, in the order registered; of every feature if none is.
    public static func text(of features: [String] = []) throws(UnknownFeature) -> String {
        let routes = Routes<AppState>.registered
        if let unknown = features.first(where: { routes.named($0) == nil }) {
            throw UnknownFeature(name: unknown, names: routes.names)
        }
        let chosen = routes.all.filter { features.isEmpty || features.contains($0.name) }
        let head = [
            "# The commands each feature of the AppCore takes, a sample of each, and the answers it",
            "# brings: a scenario a feature, which `headless run` plays. A command is JSON: the feature,",
            "# the command, its fields (Tests/Scenarios/README.md).",
        ]
        return (head + chosen.flatMap(lines)).joined(separator: "\n") + "\n"
    }

    /// One feature's scenario: its samples sent in order, each answer after the command it came of.
    private static func lines(_ route: any Route<AppState>) -> [String] {
        var answers: [Answer] = []
        let send = createAppCore(
            store: createMemoryStore(initial: AppState()), random: .seeded(seed), clock: .fixed(now)
        ) { answers.append($0) }
        var lines = ["", "scenario: \(route.name) samples", "seed: \(seed)", "now: \(nowText)"]
        for command in route.sampleCommands {
            answers = []
            send(command)
            lines.append("send \(ScenarioRunner.text(command))")
            lines += answers.map { "expect \(ScenarioRunner.text($0))" }
        }
        return lines
    }
}
