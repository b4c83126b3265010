import ArgumentParser
import Headless
import ProgramKit

struct Commands: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "commands",
        abstract: "Print every command the AppCore takes, a sample of each with the answers it brings.",
        discussion: """
            Each feature's sample commands, as a scenario: every command sent, in the JSON a \
            scenario or a recording writes, and every answer it brought, played on a fresh memory \
            store with seed \(SampleScenarios.seed) at \(SampleScenarios.nowText). What it prints is \
            itself a scenario that `headless run` plays, on any store.

            Examples:
              headless commands
              headless commands coin todo
              headless commands > samples.scenario && headless run samples.scenario --store all
            """
    )

    @Argument(
        help: """
            Only these features, by name (\(SampleScenarios.featureNames.joined(separator: ", "))); every \
            one if none is given.
            """)
    var features: [String] = []

    func run() throws {
        StandardStreams.reserveClosed()
        try reportingFailures {
            do {
                try StandardOutput.write(try SampleScenarios.text(of: features))
            } catch let unknown as SampleScenarios.UnknownFeature {
                throw ProgramFailure(unknown.description, exit: .usage)
            }
        }
    }
}
