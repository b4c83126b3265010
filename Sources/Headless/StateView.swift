import AppCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The state as `expect state` sees it: each feature's slice by its name, as it is coded
/// (`coins.tosses.0.flips = "HHT"`), but the to-dos as the records `todo list --json` prints,
/// with their journal beside them, so that paths read as a person would write them
/// (`todos.count = 3`, `journal.0.action = "added"`). A new feature's slice shows up by itself.
public enum StateView {
    public static func of(_ state: AppState) throws -> JSONValue {
        guard case .object(var slices) = try JSONValue(encoding: state) else { return .object([:]) }
        let todos = try state.$todos.load()
        slices["todos"] = try JSONValue(encoding: try todos.items.all().map(TodoRecord.init))
        slices["journal"] = try JSONValue(encoding: Array(try todos.loadJournal()))
        return .object(slices)
    }
}
