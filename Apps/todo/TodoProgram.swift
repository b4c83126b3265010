import AppCore
import ArgumentParser
import ProgramKit

@main
struct TodoProgram: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo",
        abstract: "Keep a to-do list that never loses a change.",
        discussion: """
            Every to-do has a short id, printed when it is added and by `todo list`; type it, or any \
            part of its start that no other id shares. Ids never change.

            Examples:
              todo add "buy milk" --due tomorrow --tag errands --priority high
              todo add write the report project:work.reports "due:fri 17:00" wait:mon +q4
              todo edit 3f2a -q4 +urgent due:     take a tag off, add one, clear the due date
              todo list                       open to-dos
              todo list --project work        work's, and work.reports' too
              todo start 3f2a                 work on it now; todo stop 3f2a adds the time to it
              todo add pay rent due:2026-01-31 recur:monthly   done, it makes the next one
              todo add paint the wall depends:3f2a             blocked while 3f2a is open
              todo list --all --sort due      every to-do, soonest first
              todo done 3f2a                  mark one done
              todo annotate 3f2a asked Bob    a line kept with its time; todo denotate takes it off
              todo list +errands due:today    a filter, as Taskwarrior's
              todo 3f2a done                  Taskwarrior's order works too
              todo fork 3f2a --title "buy oat milk"
              todo undo                       take the last command back, whole
              todo journal                    everything that happened, with its time
              todo next                       the most urgent first, as Taskwarrior's
              todo projects                   each project with its open to-dos; todo summary, tags
              todo active                     what is being worked on, and for how long
              todo calendar --months 2        due days on a month's grid; todo burndown, a chart
              todo export --format todotxt > todo.txt
              todo import todo.txt --format todotxt

            Dates: 2026-12-01, today, tomorrow, fri, +3d, +2w, in 3 days, next week, next month, \
            eow (end of week), eom (end of month), and a time after them if wished: "fri 17:30", \
            2026-12-01T09:00, "tomorrow 5pm". A due date is kept as a day and its time; --wait, \
            --scheduled and --until as moments in the local time zone. \
            --now or APPCORE_NOW pins the clock, for tests and scripts.

            \(ProgramExit.explanation)
            """,
        version: ProgramVersion.current,
        subcommands: [
            Add.self, Log.self, List.self, Count.self, Show.self, Edit.self, Done.self, Reopen.self, Start.self,
            Stop.self, Append.self, Prepend.self,
            Annotate.self, Denotate.self, Fork.self,
            Delete.self, Undo.self, Redo.self, Journal.self, Export.self, Import.self, Next.self, Projects.self,
            Tags.self, Summary.self, Active.self, Waiting.self, CalendarReport.self, Burndown.self, Context.self,
        ]
    )

    static func main() {
        let arguments = SeedOption.arguments()
        if let spelling = OtherToolsVerbs.spelling(for: arguments, root: Self.self) {
            report(ProgramFailure(spelling, exit: .usage))
            exitSayingInOneLine(ExitCode(ProgramExit.usage.rawValue))
        }
        main(arguments: TaskwarriorOrder.rewritten(arguments, root: Self.self), readingQuickly: quickly)
    }

    /// The lines typed most, read as the parser reads them: `todo list`, `todo add TITLE`, and a
    /// command naming to-dos by words alone (`todo done 3f2a`, `todo show 3f2a`, `todo edit 3f2a
    /// +shop due:fri`, `todo rm 3f2a`); every other line goes to the parser.
    static func quickly(_ line: QuickLine) -> (any QuickCommand)? {
        guard let command = line.words.first else { return nil }
        let rest = Array(line.words.dropFirst())
        switch (command, rest.count) {
        case ("list", 0), ("ls", 0): return List.openTodos(from: line)
        case ("show", 1): return Show.of(rest[0], from: line)
        case (_, 0): return nil
        case ("add", _): return Add.titled(rest, from: line)
        case ("edit", 2...), ("modify", 2...): return Edit.of(rest[0], words: Array(rest.dropFirst()), from: line)
        case ("done", _): return Done.naming(rest, from: line)
        case ("reopen", _): return Reopen.naming(rest, from: line)
        case ("start", _): return Start.naming(rest, from: line)
        case ("stop", _): return Stop.naming(rest, from: line)
        case ("delete", _), ("rm", _): return Delete.naming(rest, from: line)
        default: return nil
        }
    }
}

// The commands a quick line is read into, each run as the parser runs it.
extension List: QuickCommand {}
extension Show: QuickCommand {}
extension Add: QuickCommand {}
extension Edit: QuickCommand {}
