#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A to-do read from a file, before it joins the list: its id, if the file gave one, and the rest.
struct ImportedTodo {
    /// Where the file gave it: the line in todo.txt, the position in a JSON array.
    var line: Int
    var id: String?
    var title: String
    var notes = ""
    var due: Day?
    var priority: Priority?
    var tags: [String] = []
    var contexts: [String] = []
    var extras: [String: String] = [:]
    var created: Date?
    var completed: Date?
}
