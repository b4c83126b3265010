import Collections
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The to-dos, in the order they were made, keyed by id so that finding one costs O(1); the
/// commands that can be undone and redone; and the journal.
public struct TodoState: Changeable, Fresh {
    public enum Change: Codable, Equatable, Sendable {
        case perform(TodoBatch)
        case undo(at: Date)
        case redo(at: Date)
    }

    /// How many commands `undo` can go back.
    public static let undoLimit = 100
    /// How many journal entries are kept; the oldest go first.
    public static let journalLimit = 100_000
    /// Up to how many edits a command is worked out by looking through them; beyond, through a
    /// set and a dictionary made for it (an import of many), which a command of a few would not
    /// repay.
    private static let fewEdits = 16

    public private(set) var items: OrderedDictionary<TodoID, TodoItem> = [:]
    /// What happened to which to-do, oldest first.
    public var journal: Deque<JournalEntry> { keptJournal.value }
    /// The commands `undo` can go back over, oldest first.
    public var undoable: Deque<DoneCommand> { keptUndoable.value }
    /// The commands `redo` can take again, the next last.
    public var redoable: [DoneCommand] { keptRedoable.value }

    // Read from a store only when first used (`Deferred`): a command that adds to the journal
    // and the undo history, as every change does, does not read them, and `todo list` skips them.
    private var keptJournal = Deferred<Deque<JournalEntry>>([])
    private var keptUndoable = Deferred<Deque<DoneCommand>>([])
    private var keptRedoable = Deferred<[DoneCommand]>([])

    /// The length of id prefix that tells every item apart, at least four: kept up to date as ids
    /// come and go, so that a message that only changes an item costs the same at any size.
    public private(set) var abbreviation = IDIndex.shortest
    /// The ids in order, for `abbreviation`; derived from `items`, never stored.
    private var index = IDIndex()

    public init() {}

    public mutating func apply(_ change: Change) throws(TodoFailure) {
        switch change {
        case .perform(let command):
            let done = try resolve(command)
            put(done.after, over: done)
            let named = command.edits.count > Self.fewEdits ? Self.namedActions(of: command) : nil
            keptJournal.edit(JournalLines(done: done, doing: .performed(command, named: named), moment: command.at))
            keptUndoable.edit(PushCommand(done: done, limit: Self.undoLimit))
            keptRedoable = Deferred([])
        case .undo(let moment):
            guard let done = keptUndoable.value.popLast() else { throw .nothingToUndo }
            put(done.before, over: done)
            keptJournal.edit(JournalLines(done: done, doing: .undone, moment: moment))
            keptRedoable.edit(PushCommand(done: done, limit: nil))
        case .redo(let moment):
            guard let done = keptRedoable.value.popLast() else { throw .nothingToRedo }
            put(done.after, over: done)
            keptJournal.edit(JournalLines(done: done, doing: .redone, moment: moment))
            keptUndoable.edit(PushCommand(done: done, limit: nil))
        }
    }

    /// The id that `reference` names: the whole id, or a prefix no other id shares.
    public func resolve(_ reference: String) throws(TodoFailure) -> TodoID {
        let key = reference.lowercased()
        if items[TodoID(key)] != nil { return TodoID(key) }
        let matches = key.isEmpty ? [] : index.ids(startingWith: key)
        guard let match = matches.first else { throw .notFound(reference: reference) }
        guard matches.count == 1 else {
            // Named in the order they were made, as `todo list` shows them.
            let made = matches.sorted { (items.index(forKey: $0) ?? 0) < (items.index(forKey: $1) ?? 0) }
            throw .ambiguous(reference: reference, matches: Array(made.prefix(5)))
        }
        return match
    }

    /// Works out every edit against the items as they are now, touching nothing until all apply.
    private func resolve(_ command: TodoBatch) throws(TodoFailure) -> DoneCommand {
        var before: [TodoID: TodoItem] = [:]
        var after: [TodoID: TodoItem] = [:]
        var touched: [TodoID] = []
        // A command of many edits (an import touches a hundred thousand) also keeps its touched
        // ids in a set, to ask in O(1); a few are looked through, without making one.
        let many = command.edits.count > Self.fewEdits
        var seen: Set<TodoID> = []
        func wasTouched(_ id: TodoID) -> Bool { many ? seen.contains(id) : touched.contains(id) }
        func touch(_ id: TodoID) -> Bool {
            guard !wasTouched(id) else { return false }
            touched.append(id)
            if many { seen.insert(id) }
            return true
        }
        func current(_ id: TodoID) -> TodoItem? { wasTouched(id) ? after[id] : items[id] }
        for edit in command.edits {
            switch edit {
            case .add(let item, _):
                guard current(item.id) == nil else { throw .duplicateID(id: item.id) }
                _ = touch(item.id)
                after[item.id] = item
            case .alter(let id, let changes):
                guard let item = current(id) else { throw .notFound(reference: id.value) }
                if touch(id) { before[id] = item }
                after[id] = try item.alter(changes)
            case .delete(let id):
                guard let item = current(id) else { throw .notFound(reference: id.value) }
                if touch(id) { before[id] = item }
                after[id] = nil
            }
        }
        return DoneCommand(label: command.label, before: before, after: after, touched: touched)
    }

    /// Makes each touched item what `side` says: there, changed in place, or gone.
    private mutating func put(_ side: [TodoID: TodoItem], over done: DoneCommand) {
        var removed = false
        // A few ids come and go one by one; many (an import, its undo) are sorted into the index
        // together and taken out of it and of the items in one pass each, since each insertion
        // or removal shifts everything after it.
        let oneByOne = done.touched.count <= Self.fewEdits
        var added: [TodoID] = []
        var gone: Set<TodoID> = []
        for id in done.touched {
            if let item = side[id] {
                guard items.updateValue(item, forKey: id) == nil else { continue }
                if oneByOne { abbreviation = max(abbreviation, index.insert(id)) } else { added.append(id) }
            } else if !oneByOne {
                if items[id] != nil { gone.insert(id) }
            } else if items.removeValue(forKey: id) != nil {
                index.remove(id)
                removed = true
            }
        }
        if !added.isEmpty { abbreviation = max(abbreviation, index.insert(contentsOf: added)) }
        if !gone.isEmpty {
            items.removeAll { gone.contains($0.key) }
            index.remove(contentsOf: gone)
            removed = true
        }
        if removed { abbreviation = index.abbreviation }
    }

    /// What the journal says of an id the command added or deleted: the first such edit of it.
    /// Worked out once a command, not once an id, which made an import quadratic.
    private static func namedActions(of command: TodoBatch) -> [TodoID: JournalEntry.Action] {
        var named: [TodoID: JournalEntry.Action] = [:]
        for edit in command.edits {
            switch edit {
            case .add(let item, let action): if named[item.id] == nil { named[item.id] = action }
            case .delete(let deleted): if named[deleted] == nil { named[deleted] = .deleted }
            case .alter: continue
            }
        }
        return named
    }

    /// What the journal says the command did to `id`: from `named` when the command had many
    /// edits, else from its edits, looked through.
    static func action(
        of id: TodoID, _ named: [TodoID: JournalEntry.Action]?, _ command: TodoBatch, _ done: DoneCommand
    ) -> JournalEntry.Action {
        if let named {
            if let action = named[id] { return action }
        } else {
            for edit in command.edits {
                switch edit {
                case .add(let item, let action) where item.id == id: return action
                case .delete(let deleted) where deleted == id: return .deleted
                default: continue
                }
            }
        }
        let (old, new) = (done.before[id], done.after[id])
        if old?.isCompleted == false && new?.isCompleted == true { return .completed }
        if old?.isCompleted == true && new?.isCompleted == false { return .reopened }
        return .changed
    }

    /// Reads from the store the journal and the undo history, if they were not yet.
    public func loadEverything() throws {
        _ = try keptJournal.load()
        _ = try keptUndoable.load()
        _ = try keptRedoable.load()
    }

    /// Reads from the store, if they were not yet, the parts of the state `command` reads beyond
    /// the to-dos: the journal to show it, the undo history to go back or forward over it. A
    /// part that cannot be read is then an error said here, not a stop where it is read.
    public func load(for command: TodoCommand) throws {
        switch command {
        case .showJournal: _ = try keptJournal.load()
        case .undo, .redo:
            _ = try keptUndoable.load()
            _ = try keptRedoable.load()
        default: return
        }
    }
}

extension TodoState {
    private enum CodingKeys: String, CodingKey {
        case items, journal, undoable, redoable
    }

    /// How many more items and journal entries a state read from a store has room for.
    private static let roomToGrow = 64

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Each list goes straight into its collection, with room for what a run adds: at a
        // thousand to-dos, every array made on the way, and every copy made to grow by one, is
        // memory a starting program must touch.
        // Each item goes into the dictionary as it is read: a list of a hundred thousand made
        // first would be copied into it and freed again.
        var items = OrderedDictionary<TodoID, TodoItem>()
        try container.forEachInFieldList(of: StoredItem.self, forKey: .items, from: decoder) { count in
            items.reserveCapacity(count + Self.roomToGrow)
        } each: { entry in
            guard items.updateValue(entry.item, forKey: entry.item.id) == nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: .items, in: container, debugDescription: "the id \(entry.item.id.value) is there twice")
            }
        }
        self.items = items
        keptJournal = try container.decodeDeferredFieldList(
            of: StoredJournalEntry.self, forKey: .journal, from: decoder, empty: []
        ) { entries in
            var journal = Deque<JournalEntry>()
            journal.reserveCapacity(entries.count + Self.roomToGrow)
            journal.append(contentsOf: entries.lazy.map(\.entry))
            return journal
        }
        keptUndoable = try container.decodeDeferredFieldList(
            of: StoredCommand.self, forKey: .undoable, from: decoder, empty: []
        ) { Deque($0.lazy.map(\.command)) }
        keptRedoable = try container.decodeDeferredFieldList(
            of: StoredCommand.self, forKey: .redoable, from: decoder, empty: []
        ) { $0.map(\.command) }
        index = IDIndex(items.keys, roomToGrow: Self.roomToGrow)
        abbreviation = index.abbreviation
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeFieldList(items.values.map(StoredItem.init), forKey: .items, to: encoder)
        try container.encodeDeferredFieldList(keptJournal, forKey: .journal, to: encoder) {
            $0.map(StoredJournalEntry.init)
        }
        try container.encodeDeferredFieldList(keptUndoable, forKey: .undoable, to: encoder) {
            $0.map(StoredCommand.init)
        }
        try container.encodeDeferredFieldList(keptRedoable, forKey: .redoable, to: encoder) {
            $0.map(StoredCommand.init)
        }
    }

    /// Two states are equal when what they keep is; the index follows from the items.
    public static func == (lhs: TodoState, rhs: TodoState) -> Bool {
        lhs.items == rhs.items && lhs.keptJournal == rhs.keptJournal && lhs.keptUndoable == rhs.keptUndoable
            && lhs.keptRedoable == rhs.keptRedoable
    }
}
