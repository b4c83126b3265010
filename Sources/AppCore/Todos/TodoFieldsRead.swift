/// The fields of a to-do a pass over them all reads to tell which it picks: from a store, the
/// others are passed over in their stored bytes, and only the to-dos picked are read whole. Most
/// of a hundred thousand to-dos a filter leaves out are then never made.
struct TodoFieldsRead: Sendable {
    /// Bit `n` stands for the field at position `n` of `TodoItem.fields`.
    private let positions: UInt64

    /// The fields of these names (`TodoItem.fields`); a name of none is no field.
    init(_ names: Set<String>) {
        var finding = PositionFinding(names: names)
        TodoItem.fields(&finding)
        positions = finding.positions
    }

    func contains(_ position: Int) -> Bool { positions & (1 << UInt64(position)) != 0 }

    /// What every pass reads: the id, and what tells whether a to-do is open, waiting or expired,
    /// and what it waits on, which `todo list` and `todo next` note as they go.
    static let always: Set<String> = ["id", "completed", "wait", "until", "depends"]

    private struct PositionFinding: TodoFieldRegistry {
        let names: Set<String>
        var positions: UInt64 = 0

        mutating func field<Value: TodoFieldValue>(
            _ position: Int, _ name: String, _ property: WritableKeyPath<TodoItem, Value>, fixed: Bool,
            checked: (Value) throws(TodoFailure) -> Value
        ) {
            if names.contains(name) { positions |= 1 << UInt64(position) }
        }
    }
}

extension TodoQuery {
    /// The fields its options and its filter look at, with those every pass reads.
    var fieldsRead: Set<String> {
        var names = TodoFieldsRead.always
        if tag != nil { names.insert("tags") }
        if project != nil { names.insert("project") }
        if context != nil { names.insert("contexts") }
        if dueBefore != nil { names.insert("due") }
        if search != nil { names.formUnion(["title", "notes", "tags", "contexts", "project"]) }
        if let filter { names.formUnion(filter.fieldsRead) }
        return names
    }
}

extension TodoFilter {
    /// The fields it looks at.
    var fieldsRead: Set<String> {
        switch self {
        case .all(let filters), .any(let filters): filters.reduce(into: []) { $0.formUnion($1.fieldsRead) }
        case .tag, .withoutTag: ["tags"]
        case .context, .withoutContext: ["contexts"]
        case .project: ["project"]
        // A letter below C may be kept as an extra by a version before such letters.
        case .priority: ["priority", "extras"]
        case .due: ["due", "dueTime"]
        case .recur: ["recur"]
        case .blocked: ["completed", "depends"]
        case .blocking: ["id", "completed"]
        case .status: ["completed", "wait", "until"]
        case .matching: ["title", "notes", "annotations"]
        case .ids: ["id"]
        case .has(let trait): trait.fieldsRead
        case .not(let filter): filter.fieldsRead
        }
    }
}
