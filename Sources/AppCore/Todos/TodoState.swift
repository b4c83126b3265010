import Collections
import Fractal
import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The to-dos, in the order they were made, in pages with an index of their ids (`TodoItems`);
/// the commands that can be undone and redone; and the journal.
public struct TodoState: Changeable, Fresh {
    public enum Change: Codable, Equatable, Sendable {
        case perform(TodoBatch)
        case undo(at: Date)
        case redo(at: Date)
    }

    /// Whether a store had better take `change` into a snapshot at once: an undo or a redo is
    /// replayed by reading the whole undo history, which after an import of 100,000 to-dos cost
    /// every program opening the store about 0.3 s, until the next snapshot.
    public static func isWorthASnapshot(_ change: Change) -> Bool {
        switch change {
        case .undo, .redo: true
        case .perform: false
        }
    }

    /// How many commands `undo` can go back.
    public static let undoLimit = 100
    /// How many journal entries are kept; the oldest go first.
    public static let journalLimit = 100_000
    /// Up to how many edits a command is worked out by looking through them; beyond, through a
    /// set and a dictionary made for it (an import of many), which a command of a few would not
    /// repay.
    private static let fewEdits = 16

    public private(set) var items = TodoItems()
    /// What happened to which to-do, oldest first.
    public var journal: Deque<JournalEntry> { readingAwaited(keptJournal).value }
    /// The commands `undo` can go back over, oldest first.
    public var undoable: Deque<DoneCommand> { readingAwaited(keptUndoable).value }
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

    public init() {}

    /// Applies a change: throws a `TodoFailure` when it does not apply, or `UnreadableSlice` when
    /// a page of to-dos it touches cannot be read.
    public mutating func apply(_ change: Change) throws {
        switch change {
        case .perform(let command):
            let done = try resolve(command)
            try put(done.after, over: done)
            let named = command.edits.count > Self.fewEdits ? Self.namedActions(of: command) : nil
            keptJournal.edit(JournalLines(done: done, doing: .performed(command, named: named), moment: command.at))
            keptUndoable.edit(PushCommand(done: done, limit: Self.undoLimit))
            keptRedoable = Deferred([])
        case .undo(let moment):
            // The history is read through `load()`, as a change replayed while the store opens may
            // be the first to read it: a damaged one is said, not a stop. The command is taken off
            // it only once its to-dos are put back, so a page that cannot be read leaves it whole.
            try items.readAwaited()
            guard let done = try keptUndoable.load().last else { throw TodoFailure.nothingToUndo }
            try put(done.before, over: done)
            keptUndoable.value.removeLast()
            keptJournal.edit(JournalLines(done: done, doing: .undone, moment: moment))
            keptRedoable.edit(PushCommand(done: done, limit: nil))
        case .redo(let moment):
            guard let done = try keptRedoable.load().last else { throw TodoFailure.nothingToRedo }
            try put(done.after, over: done)
            keptRedoable.value.removeLast()
            keptJournal.edit(JournalLines(done: done, doing: .redone, moment: moment))
            keptUndoable.edit(PushCommand(done: done, limit: nil))
        }
    }

    /// Replays a change a store kept, as `apply` does, but for a command that adds to-dos and
    /// changes to-dos on pages not read yet, which reads none of them: each change waits on its
    /// to-do's page, and the command's journal lines and undo entry wait for those pages in turn
    /// (`WaitingCommand`). A program starting between two snapshots replays every change kept
    /// since the last, and a `todo done` among them read the page of 512 to-dos it touched (about
    /// 3.8 M instructions): a hundred of them read every page, for a command that needed none.
    /// A kept command applied once already to the same to-dos, so it is not checked again.
    public mutating func replay(_ change: Change) throws {
        guard case .perform(let command) = change, try canWait(command) else { return try apply(change) }
        let seen = ChangesSeen()
        var (touched, added, changed): ([TodoID], [TodoID: TodoItem], Int) = ([], [:], 0)
        for edit in command.edits {
            switch edit {
            case .add(let item, _):
                abbreviation = max(abbreviation, try items.append(item))
                touched.append(item.id)
                added[item.id] = item
            case .alter(let id, let changes):
                touched.append(id)
                changed += 1
                try items.take(changes, to: id, telling: seen)
            case .delete:
                preconditionFailure("a command that deletes is replayed by apply(_:)")
            }
        }
        let waiting = WaitingCommand(
            label: command.label, touched: touched, added: added, changed: changed, seen: seen)
        try Self.take(in: &keptJournal, after: items) {
            JournalLines(done: try waiting.done(), doing: .performed(command, named: nil), moment: command.at)
                .apply(to: &$0)
        }
        try Self.take(in: &keptUndoable, after: items) {
            PushCommand(done: try waiting.done(), limit: Self.undoLimit).apply(to: &$0)
        }
        keptRedoable = Deferred([])
    }

    /// Keeps `step` waiting in `part` for its read; or, where another copy of the state has read
    /// `part` since `canWait` looked, takes it now, once the pages the step needs are read.
    private static func take<Part>(
        in part: inout Deferred<Part>, after items: TodoItems,
        _ step: @escaping @Sendable (inout Part) throws -> Void
    ) throws {
        guard !part.keep(step: step) else { return }
        try items.readAwaited()
        try step(&part.value)
    }

    /// Whether `replay` can keep `command` waiting: a command of a few edits, each adding a to-do
    /// not there yet or changing one on a page not read yet, one edit a to-do, at least one a
    /// change, while the journal and the undo history are not read either. A command that deletes
    /// changes the index and the abbreviation, which `apply` works out.
    private func canWait(_ command: TodoBatch) throws -> Bool {
        guard command.edits.count <= Self.fewEdits, keptJournal.isUnread, keptUndoable.isUnread else { return false }
        var ids: [TodoID] = []
        var changes = 0
        for edit in command.edits {
            switch edit {
            case .add(let item, _):
                guard !ids.contains(item.id), try !items.has(item.id) else { return false }
                ids.append(item.id)
            case .alter(let id, _):
                guard !ids.contains(id), try items.isUnread(id) else { return false }
                ids.append(id)
                changes += 1
            case .delete:
                return false
            }
        }
        return changes > 0
    }

    /// The id that `reference` names: the whole id, or a prefix no other id shares. Throws a
    /// `TodoFailure` when it names none or many, and `UnreadableSlice` when the part of the index
    /// it is in cannot be read.
    public func resolve(_ reference: String) throws -> TodoID {
        let key = reference.lowercased()
        if try items.has(TodoID(key)) { return TodoID(key) }
        // A start shorter than the fewest characters `todo list` shows of an id is a line number
        // or a small id of another tool, never a pick by chance of whichever id starts so.
        guard key.count >= IDIndex.shortest else {
            throw TodoFailure.referenceTooShort(reference: reference, shortest: IDIndex.shortest)
        }
        let matches = try items.ids(startingWith: key)
        guard let match = matches.first else { throw TodoFailure.notFound(reference: reference) }
        guard matches.count == 1 else {
            // In the order they were made, as `todo list` shows them.
            throw TodoFailure.ambiguous(
                reference: reference, matches: matches.sorted { items.order(of: $0) < items.order(of: $1) })
        }
        return match
    }

    /// The to-do with `id`, its page read if it was not yet.
    public func item(_ id: TodoID) throws -> TodoItem? {
        try items.item(id)
    }

    /// The journal, read from the store if it was not yet.
    public func loadJournal() throws -> Deque<JournalEntry> {
        try items.readAwaited()
        return try keptJournal.load()
    }
    /// The commands `undo` can go back over, read from the store if they were not yet.
    public func loadUndoable() throws -> Deque<DoneCommand> {
        try items.readAwaited()
        return try keptUndoable.load()
    }
    /// The commands `redo` can take again, read from the store if they were not yet.
    public func loadRedoable() throws -> [DoneCommand] { try keptRedoable.load() }

    /// `part`, once the pages that commands kept in it wait for are read (`replay`). Pages that
    /// cannot be read stop the program, as the part itself would: a reader that can say what was
    /// wrong reads through `loadJournal()` or `loadUndoable()`.
    private func readingAwaited<Part>(_ part: Deferred<Part>) -> Deferred<Part> {
        do {
            try items.readAwaited()
        } catch {
            fatalError("the stored to-dos cannot be read: \(error)")
        }
        return part
    }

    /// How many digits would tell every to-do apart were these, not here yet, added.
    func abbreviation(adding ids: [TodoID]) throws -> Int {
        try items.abbreviation(adding: ids, to: abbreviation)
    }

    /// Works out every edit against the items as they are now, touching nothing until all apply.
    private func resolve(_ command: TodoBatch) throws -> DoneCommand {
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
        func current(_ id: TodoID) throws -> TodoItem? { wasTouched(id) ? after[id] : try items.item(id) }
        func exists(_ id: TodoID) throws -> Bool { wasTouched(id) ? after[id] != nil : try items.has(id) }
        for edit in command.edits {
            switch edit {
            case .add(let item, _):
                // Whether the id is taken, the index says: the to-do's page is not read.
                guard try !exists(item.id) else { throw TodoFailure.duplicateID(id: item.id) }
                _ = touch(item.id)
                after[item.id] = item
            case .alter(let id, let changes):
                guard let item = try current(id) else { throw TodoFailure.notFound(reference: id.value) }
                if touch(id) { before[id] = item }
                after[id] = try item.alter(changes)
            case .delete(let id):
                guard let item = try current(id) else { throw TodoFailure.notFound(reference: id.value) }
                if touch(id) { before[id] = item }
                after[id] = nil
            }
        }
        // A dependency a to-do did not have before is checked against the to-dos as the command
        // leaves them; most commands touch none, and read nothing more for it.
        for id in touched {
            guard let item = after[id], !item.depends.isEmpty else { continue }
            let had = before[id]?.depends ?? []
            for dependency in item.depends where !had.contains(dependency) {
                try Self.check(dependency: TodoID(dependency), of: id, current)
            }
        }
        return DoneCommand(label: command.label, before: before, after: after, touched: touched)
    }

    /// Makes each touched item what `side` says: there, changed in place, or gone.
    private mutating func put(_ side: [TodoID: TodoItem], over done: DoneCommand) throws {
        // A few ids come and go one by one; many (an import, its undo) are sorted into the index
        // together and taken out of it in one pass, since each insertion or removal shifts
        // everything after it.
        let oneByOne = done.touched.count <= Self.fewEdits
        var added: [TodoItem] = []
        var gone: Set<TodoID> = []
        for id in done.touched {
            if let item = side[id] {
                if try items.replace(item) { continue }
                if oneByOne {
                    abbreviation = max(abbreviation, try items.append(item))
                } else {
                    added.append(item)
                }
            } else if try items.has(id) {
                gone.insert(id)
            }
        }
        if !added.isEmpty { abbreviation = max(abbreviation, try items.append(contentsOf: added)) }
        if !gone.isEmpty {
            try items.remove(gone, oneByOne: oneByOne)
            abbreviation = try items.abbreviation()
        }
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
}

extension TodoState {
    /// `items` is how stores before format 4 (disk; SQLite 5, PostgreSQL 3) kept the to-dos, one
    /// list, and how a form other than a store's binary one (JSON) keeps them still; a store's
    /// binary form keeps them in `pages`, with their `index` of ids in `runs`.
    private enum CodingKeys: String, CodingKey {
        case items, pages, index, runs, journal, undoable, redoable
    }

    /// How many more journal entries a journal read from a store has room for.
    private static let roomToGrow = 64

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.pages) {
            (items, abbreviation) = try Self.decodePagedItems(from: container, decoder)
        } else {
            // Each item goes into the list as it is read: a list of a hundred thousand made first
            // would be copied and freed again.
            var list: [TodoItem] = []
            try container.forEachInFieldList(of: StoredItem.self, forKey: .items, from: decoder) { count in
                list.reserveCapacity(count)
            } each: {
                list.append($0.item)
            }
            items = TodoItems(list)
            if let twice = items.repeatedID {
                throw DecodingError.dataCorruptedError(
                    forKey: .items, in: container, debugDescription: "the id \(twice.value) is there twice")
            }
            abbreviation = try items.abbreviation()
        }
        // Each list goes straight into its collection, with room for what a run adds: at a
        // thousand to-dos, every array made on the way, and every copy made to grow by one, is
        // memory a starting program must touch.
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
    }

    /// The to-dos as a store's binary form keeps them: the pages and the runs of the index, each
    /// read when first used, and what the index says of them, with the abbreviation it keeps.
    private static func decodePagedItems(
        from container: KeyedDecodingContainer<CodingKeys>, _ decoder: any Decoder
    ) throws -> (TodoItems, abbreviation: Int) {
        let pages = try container.decodeDeferredPages(of: StoredItem.self, forKey: .pages, from: decoder) {
            Optional($0.item)
        }
        let runs = try container.decodeDeferredPages(of: StoredPlace.self, forKey: .runs, from: decoder, empty: IDRun())
        {
            IDRun(ids: $0.map(\.id), places: $0.map(\.place))
        }
        let stored = try container.decodeFields(StoredIndex.self, forKey: .index, from: decoder)
        guard let index = IDIndex(runs: runs, firsts: stored.firsts, lasts: stored.lasts, counts: stored.counts) else {
            throw DecodingError.dataCorruptedError(
                forKey: .index, in: container, debugDescription: "the to-dos' index does not describe its runs")
        }
        guard let items = TodoItems(pages: pages, index: index, lastPageLength: stored.lastPageLength) else {
            throw DecodingError.dataCorruptedError(
                forKey: .index, in: container, debugDescription: "the to-dos' pages end where their index does not")
        }
        return (items, stored.abbreviation)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if encoder.writesBinaryForm {
            let (pages, index, lastPageLength) = try items.compacted()
            try container.encodeDeferredPages(pages, forKey: .pages, to: encoder) {
                $0.lazy.compactMap { $0 }.map(StoredItem.init)
            }
            try container.encodeDeferredPages(index.runs, forKey: .runs, to: encoder) {
                zip($0.ids, $0.places).map(StoredPlace.init)
            }
            try container.encodeFields(
                StoredIndex(
                    firsts: index.firsts, lasts: index.lasts, counts: index.counts, abbreviation: abbreviation,
                    lastPageLength: lastPageLength), forKey: .index, to: encoder, sealed: true)
        } else {
            try container.encodeFieldList(items.values.map(StoredItem.init), forKey: .items, to: encoder)
        }
        try items.readAwaited()
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

    /// Two states are equal when what they keep is; the abbreviation follows from the items.
    public static func == (lhs: TodoState, rhs: TodoState) -> Bool {
        guard lhs.items == rhs.items else { return false }
        // A journal or an undo history waiting for pages that cannot be read is equal to nothing.
        guard (try? lhs.items.readAwaited()) != nil, (try? rhs.items.readAwaited()) != nil else { return false }
        return lhs.keptJournal == rhs.keptJournal && lhs.keptUndoable == rhs.keptUndoable
            && lhs.keptRedoable == rhs.keptRedoable
    }
}
