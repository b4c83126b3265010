#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A to-do read from a file, before it joins the list: where the file gave it, its fields as the
/// file gave them, and whether it gave the id and the moment it was made, which the import gives
/// it otherwise. Checked as it joins the list.
struct ImportedTodo {
    /// Where the file gave it: the line in todo.txt, the position in a JSON array.
    var line: Int
    var item = TodoItem(unchecked: TodoID(""), created: Date(milliseconds: 0))
    var id: String?
    var created: Date?
    /// Done, the file says, but not when: done when it was made.
    var doneWhenMade = false
    /// The names of the file's fields it has no place for, kept in its extras.
    var keptAsExtras: [String] = []
    /// The uuids of the tasks it depends on, as Taskwarrior names them: the import makes them the
    /// ids of those to-dos, or keeps those it finds none for as the extra `depends`.
    var dependsOnUUIDs: [String] = []

    init(line: Int) {
        self.line = line
    }
}

/// What a file held: its to-dos, and how many records were left out, by why.
struct ImportedFile {
    var todos: [ImportedTodo] = []
    var skipped: [String: Int] = [:]
}
