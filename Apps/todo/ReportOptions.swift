import AppCore
import ArgumentParser
import ProgramKit

/// What every report takes: a filter in `todo list`'s words, and the options every program takes.
struct ReportOptions: ParsableArguments {
    @Argument(
        parsing: .allUnrecognized,
        help: "A filter: +tag, -tag, @context, project:, due:, due.before:, status:, /pattern/, ids, or, ( ).")
    var filter: [String] = []

    @OptionGroup var common: CommonOptions

    /// Opens a session and sends the report that `make` makes of the query the words pick among the
    /// to-dos of `status` (all of them, where the words name a status or ids), in the context in
    /// use, which it says first; its answer.
    func report(
        _ command: String, among status: TodoQuery.Status, _ make: (TodoQuery, Session) throws -> TodoCommand
    ) throws -> (TodoAnswer, Session) {
        let session = try Session.forTodos(common)
        let listing = try ListingFilter.read(filter, command: command, in: session)
        let query = TodoQuery(status: listing.filter?.namesStatusOrIDs == true ? .all : status, filter: listing.filter)
        listing.say(aside: common.json)
        return (try session.send(try make(query, session), to: TodoFeature.self), session)
    }
}

/// A to-do's record, as `todo list --json` prints it, with one more field: `urgency` for `todo
/// next`, `secondsWorked` for `todo active`.
struct RecordWith<Value: Encodable>: Encodable {
    let item: TodoItem
    let name: String
    let value: Value

    func encode(to encoder: any Encoder) throws {
        try TodoRecord(item).encode(to: encoder)
        var container = encoder.container(keyedBy: NamedKey.self)
        try container.encode(value, forKey: NamedKey(name))
    }
}
