import AppCore
import ArgumentParser

/// Which to-dos a filter looks among, for `todo list` and `todo count`: the open ones, unless a
/// flag says otherwise or the filter names a status or ids (then all of them).
struct StatusFlags: ParsableArguments {
    @Flag(help: "Open and done to-dos alike.")
    var all = false

    @Flag(help: "Only the done to-dos.")
    var done = false

    @Flag(help: "Only the open to-dos waiting until a moment still to come.")
    var waiting = false

    /// The open to-dos alone: none of the flags, as a quick line that gives none makes them.
    static var open: StatusFlags {
        var flags = StatusFlags()
        (flags.all, flags.done, flags.waiting) = (false, false, false)
        return flags
    }

    func validate() throws {
        if [all, done, waiting].filter({ $0 }).count > 1 {
            throw ValidationError("--all, --done and --waiting ask for different lists: give one")
        }
    }

    /// The to-dos `filter` looks among.
    func status(for filter: TodoFilter?) -> TodoQuery.Status {
        all ? .all : done ? .done : waiting ? .waiting : filter?.namesStatusOrIDs == true ? .all : .open
    }
}
