import AppCore
import ArgumentParser
import ProgramKit

struct Next: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "List the open to-dos most urgent first, with their urgency, as Taskwarrior's `task next`.",
        discussion: """
            The filter is `todo list`'s (see 'todo list --help'). A to-do's urgency is the sum of \
            each coefficient below times how far the to-do has it, from 0 to 1; those equally urgent \
            stand in the order they were made. These are Taskwarrior's default coefficients; its terms \
            for user-defined attributes are left out.

            \(Self.coefficients)

            With --json, an array of `todo list --json`'s objects, each with "urgency" besides.

            Examples:
              todo next
              todo next project:work --limit 5
              todo next +errands or @town
              todo next --json
            """)

    @Option(help: "Show only the first N.")
    var limit: Int?

    @OptionGroup var report: ReportOptions

    /// The coefficients, a line each, as the help shows them.
    static var coefficients: String {
        UrgencyTerm.allCases.map { term in
            let number = UrgencyText.of(term.coefficient)
            return "  " + String(repeating: " ", count: max(0, 6 - number.count)) + number + "  " + term.explanation
        }
        .joined(separator: "\n")
    }

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit: give 1 or more") }
    }

    func run() throws {
        try reportingFailures {
            let (answer, session) = try report.report("next", among: .open) { query, _ in .next(query: query) }
            guard case .ranked(let ranked, let abbreviation) = answer else { throw ProgramFailure.unexpected(answer) }
            let shown = limit.map { Array(ranked.prefix($0)) } ?? ranked
            if report.common.json {
                return try printJSON(shown.map { RecordWith(item: $0.item, name: "urgency", value: $0.urgency) })
            }
            guard !shown.isEmpty else { return print("Nothing to do.") }
            let style = TodoStyle.forStandardOutput(in: session)
            let width = shown.map { UrgencyText.width(of: $0.urgency) }.max() ?? 0
            // The lines are written a block at a time, each built in place, not one `print` each.
            var block: [UInt8] = []
            block.reserveCapacity(outputBlock + 1_024)
            for entry in shown {
                UrgencyText.append(entry.urgency, width: width, to: &block)
                block.append(contentsOf: "  ".utf8)
                TodoText.append(entry.item, abbreviation: abbreviation, style: style, marks: .none, to: &block)
                block.append(UInt8(ascii: "\n"))
                if block.count >= outputBlock {
                    try StandardOutput.write(block)
                    block.removeAll(keepingCapacity: true)
                }
            }
            if !block.isEmpty { try StandardOutput.write(block) }
        }
    }
}
