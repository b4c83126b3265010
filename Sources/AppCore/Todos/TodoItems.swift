import Fractal
import Stores

/// The to-dos, in the order they were made, kept in pages of up to `pageSize` so that a command
/// that touches a few of a hundred thousand reads a few pages: a store keeps each page sealed on
/// its own and reads it only when it is first used (`decodeDeferredPages`). An index of the ids
/// in sorted order says where each to-do is (`IDIndex`): finding one is a binary search and a
/// step into its page; adding one waits, as an edit of the last page, until that page is read.
///
/// A to-do keeps its place in its page until the store's next snapshot: one taken out leaves a
/// gap there, and a snapshot writes each page read since without its gaps, and drops a page left
/// empty.
public struct TodoItems: Equatable, Sendable {
    /// How many to-dos a page holds at most: small enough that reading one to-do's page costs
    /// little beside opening the store, large enough that the pages' heads stay few.
    static let pageSize = 512

    /// The pages, oldest first; in each, the to-dos in the order they were made, nil where one
    /// was taken out.
    private var pages: [Deferred<[TodoItem?]>] = []
    /// Each id and where its to-do is: `page * pageSize + slot`.
    private var index = IDIndex()
    /// How many slots of the last page are taken, read or not.
    private var lastPageLength = 0
    /// The pages changes wait on that the journal and the undo history wait for in turn
    /// (`take(_:to:telling:)`), in the order first kept: a few.
    private var awaited: [Int] = []

    public init() {}

    /// The to-dos of a store of an earlier format, kept as one list: put in pages here.
    init(_ items: [TodoItem]) {
        let chunks = stride(from: 0, to: items.count, by: Self.pageSize).map {
            items[$0..<min($0 + Self.pageSize, items.count)]
        }
        pages = chunks.map { Deferred($0.map(Optional.some)) }
        lastPageLength = chunks.last?.count ?? 0
        // The to-do at position n of the list is at slot n % pageSize of page n / pageSize: at
        // place n.
        index = IDIndex(items.lazy.map(\.id), places: items.indices.lazy.map { Int32($0) })
    }

    /// The to-dos as a store keeps them: its pages and its index, each part read when first used,
    /// and how many slots of the last page are taken. Nil where these do not go together, which
    /// only damage or a wrong writer makes.
    init?(pages: [Deferred<[TodoItem?]>], index: IDIndex, lastPageLength: Int) {
        guard index.count == 0 || !pages.isEmpty, (pages.isEmpty ? 0...0 : 1...Self.pageSize).contains(lastPageLength)
        else { return nil }
        (self.pages, self.index, self.lastPageLength) = (pages, index, lastPageLength)
    }

    public var count: Int { index.count }
    /// How many pages are still only in the store, not read: what a command spared reading.
    var unreadPageCount: Int { pages.count { $0.isUnread } }
    public var isEmpty: Bool { index.count == 0 }

    /// Whether a to-do has `id`: the index alone answers, no page is read. A part of the index
    /// that cannot be read answers no, as `load(for:)` said first; `has(_:)` throws instead.
    public func contains(_ id: TodoID) -> Bool {
        (try? index.place(of: id)) != nil
    }

    /// Whether a to-do has `id`; throws if the part of the index that would hold it cannot be read.
    func has(_ id: TodoID) throws -> Bool {
        try index.place(of: id) != nil
    }

    /// The to-do with `id`. A page that cannot be read stops the program, as a slice does: a
    /// reader that can say what was wrong reads through `item(_:)`.
    public subscript(id: TodoID) -> TodoItem? {
        guard let place = try? index.place(of: id), let (page, slot) = try? locate(place) else { return nil }
        let items = pages[page].value
        return slot < items.count ? items[slot] : nil
    }

    /// The to-do with `id`, reading its page if it was not yet; throws if the page cannot be read.
    func item(_ id: TodoID) throws -> TodoItem? {
        try locate(id)?.item
    }

    /// Every to-do that is `included`, in the order made: every page is read, through `load()`, so
    /// that one that cannot be read is said. Each to-do is picked as it is read, not after, so
    /// that a list of a few of 100,000 copies only those few.
    public func all(where included: (TodoItem) -> Bool = { _ in true }) throws -> [TodoItem] {
        var items = Self.room(for: count)
        for page in pages {
            for case let item? in try page.load() where included(item) { items.append(item) }
        }
        return items
    }

    /// Every to-do that is `included`, in the order made, as `all(where:)` gives them, but for
    /// the pages not read yet, where `included` sees each to-do with the fields `read` names alone
    /// (the others as they start) and only those it includes are read whole; the pages are read
    /// anew, not kept. Reading the to-dos a filter leaves out was most of the work of a report.
    /// Without fields to read, it is `all(where:)`.
    func all(reading read: TodoFieldsRead?, where included: (TodoItem) -> Bool) throws -> [TodoItem] {
        guard let read else { return try all(where: included) }
        var items = Self.room(for: count)
        var (looked, kept) = (0, 0)
        for page in pages {
            // Looking first costs about two thirds of reading a to-do whole: once a page of them
            // shows that `included` keeps more than a third, the rest are read whole at once.
            let sifting = looked < Self.pageSize || kept * 3 <= looked
            let sifted =
                try sifting
                && page.forEachUnreadElement { fields in
                    looked += 1
                    guard let some = StoredItem.sifted(fields: fields, reading: read) else {
                        // One whose fields cannot be read is read whole, which says what is wrong.
                        let whole = try StoredItem(fields: &fields).item
                        guard included(whole) else { return }
                        kept += 1
                        return items.append(whole)
                    }
                    guard included(some) else { return }
                    kept += 1
                    items.append(try StoredItem(fields: &fields).item)
                }
            if !sifted {
                for case let item? in try page.load() where included(item) { items.append(item) }
            }
        }
        return items
    }

    /// An empty list with room for `count` to-dos, which a pass over them fills without growing
    /// it: grown by doubling, a list of 1,000 to-dos was copied ten times over, each copy into
    /// memory the kernel had to hand over anew. Room a filter leaves unused is never touched.
    private static func room(for count: Int) -> [TodoItem] {
        var items: [TodoItem] = []
        items.reserveCapacity(count)
        return items
    }

    /// Every to-do, in the order made: every page is read; one that cannot be read stops the
    /// program (`all()` says so instead).
    public var values: some Collection<TodoItem> {
        pages.lazy.map(\.value).joined().lazy.compactMap { $0 }
    }

    /// Every id, in the order the to-dos were made: every page is read.
    public var keys: some Collection<TodoID> {
        values.lazy.map(\.id)
    }

    /// Every id, in sorted order, from the index alone.
    func sortedIDs() throws -> [TodoID] {
        try index.all().ids
    }

    /// The ids that start with `prefix`, in sorted order (see `IDIndex.ids(startingWith:)`).
    func ids(startingWith prefix: String) throws -> [TodoID] {
        try index.ids(startingWith: prefix)
    }

    /// An id two to-dos have, which only damage makes.
    var repeatedID: TodoID? { (try? index.repeated()) ?? nil }

    /// How many digits of an id tell every to-do apart: every part of the index is read.
    func abbreviation() throws -> Int {
        try index.abbreviation()
    }

    /// How many digits would tell every to-do apart were `added`, none of them here yet, added to
    /// them, given that `abbreviation` tells them apart now: each new id against its neighbours
    /// here, and against the other new ones. Reads the runs of the index the new ids go in.
    func abbreviation(adding added: [TodoID], to abbreviation: Int) throws -> Int {
        var longest = abbreviation
        for id in added { longest = max(longest, try index.distinguishingLength(of: id)) }
        guard added.count > 1 else { return longest }
        let sorted = IDIndex.sorted(added)
        for (one, next) in zip(sorted, sorted.dropFirst()) {
            longest = max(longest, IDIndex.length(of: next, between: one, and: nil))
        }
        return longest
    }

    /// Where `id`'s to-do stands in the order made, to sort ids by.
    func order(of id: TodoID) -> Int {
        ((try? index.place(of: id)) ?? nil).map(Int.init) ?? Int.max
    }

    /// Puts `item` in place of the to-do with its id; false, changing nothing, when none has it.
    mutating func replace(_ item: TodoItem) throws -> Bool {
        guard let (page, slot, _) = try locate(item.id) else { return false }
        pages[page].value[slot] = item
        return true
    }

    /// Whether the to-do with `id` stands on a page not read yet, where a change to it can wait
    /// for the read (`take(_:to:telling:)`); false when no to-do has the id.
    func isUnread(_ id: TodoID) throws -> Bool {
        guard let place = try index.place(of: id) else { return false }
        return pages[try locate(place).page].isUnread
    }

    /// Changes the to-do with `id` by `changes` when its page is read, or now if it was read
    /// already; `seen` is told the to-do before and after, then, and the page is awaited until
    /// it is read (`readAwaited()`). A change kept was made once already to the same to-do: one
    /// that no longer applies, or a to-do its page does not hold, makes the page's read throw.
    /// Throws `UnreadableSlice` when the index cannot be read, and `TodoFailure.notFound` when no
    /// to-do has the id.
    mutating func take(_ changes: [TodoItem.Change], to id: TodoID, telling seen: ChangesSeen) throws {
        guard let place = try index.place(of: id) else { throw TodoFailure.notFound(reference: id.value) }
        let (page, slot) = try locate(place)
        let step: @Sendable (inout [TodoItem?]) throws -> Void = { items in
            guard let before = try Self.slot(slot, of: items, at: place) else { throw Self.misplaced(place) }
            let after = try before.alter(changes)
            items[slot] = after
            seen.saw(id, before: before, after: after)
        }
        guard pages[page].keep(step: step) else { return try step(&pages[page].value) }
        if !awaited.contains(page) { awaited.append(page) }
    }

    /// Reads the pages that changes kept by `take` wait on, which tells what those changes did:
    /// done before reading what needs that to be known, the journal and the undo history.
    func readAwaited() throws {
        for page in awaited { _ = try pages[page].load() }
    }

    /// Adds a to-do whose id is not there yet, after the others; returns the prefix length that
    /// tells its id apart from its neighbours. It waits, unread, with the last page, if that page
    /// was not read.
    mutating func append(_ item: TodoItem) throws -> Int {
        try index.insert(item.id, place: putLast(item))
    }

    /// Adds many to-dos whose ids are not there yet, after the others, and sorts their ids into
    /// the index together; returns the prefix length that tells every id apart.
    mutating func append(contentsOf added: [TodoItem]) throws -> Int {
        var places: [Int32] = []
        places.reserveCapacity(added.count)
        for item in added { places.append(putLast(item)) }
        return try index.insert(contentsOf: added.lazy.map(\.id), places: places)
    }

    /// Puts `item` at the end of the last page, or of a new one when that is full; returns its place.
    private mutating func putLast(_ item: TodoItem) -> Int32 {
        if pages.isEmpty || lastPageLength == Self.pageSize {
            pages.append(Deferred([]))
            lastPageLength = 0
        }
        pages[pages.count - 1].edit(AppendItem(item: item))
        lastPageLength += 1
        return Int32((pages.count - 1) * Self.pageSize + lastPageLength - 1)
    }

    /// Takes out the to-dos with these ids: a few one at a time, many in one pass over the index.
    mutating func remove(_ gone: Set<TodoID>, oneByOne: Bool) throws {
        for id in gone {
            guard let (page, slot, _) = try locate(id) else { continue }
            pages[page].value[slot] = nil
            if oneByOne { try index.remove(id) }
        }
        if !oneByOne { try index.remove(contentsOf: gone) }
    }

    /// Where the to-do with `id` is, and what its slot holds, its page read; nil when no to-do has
    /// the id. A place its page does not hold is damage.
    private func locate(_ id: TodoID) throws -> (page: Int, slot: Int, item: TodoItem?)? {
        guard let place = try index.place(of: id) else { return nil }
        let (page, slot) = try locate(place)
        return (page, slot, try Self.slot(slot, of: pages[page].load(), at: place))
    }

    /// The page and slot of a place the index gives; one the pages do not hold is damage.
    private func locate(_ place: Int32) throws -> (page: Int, slot: Int) {
        let (page, slot) = (Int(place) / Self.pageSize, Int(place) % Self.pageSize)
        guard page < pages.count, page < pages.count - 1 || slot < lastPageLength else {
            throw Self.misplaced(place)
        }
        return (page, slot)
    }

    /// What `slot` of a page read holds; a slot past its end is damage.
    private static func slot(_ slot: Int, of page: [TodoItem?], at place: Int32) throws -> TodoItem? {
        guard slot < page.count else { throw misplaced(place) }
        return page[slot]
    }

    private static func misplaced(_ place: Int32) -> UnreadableSlice {
        UnreadableSlice(
            reason: "a record does not hold what this program wrote (the to-dos' index names place \(place), "
                + "which their pages do not hold)")
    }

    /// Two lists are equal when they hold the same to-dos in the same order, however they are
    /// paged. Pages read from the same bytes are equal without reading them; a page that cannot be
    /// read is equal to nothing, and stops no program (a store's watcher compares states).
    public static func == (lhs: TodoItems, rhs: TodoItems) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.lastPageLength == rhs.lastPageLength, lhs.pages.count == rhs.pages.count,
            zip(lhs.pages, rhs.pages).allSatisfy(==)
        {
            return true
        }
        guard let left = try? lhs.all(), let right = try? rhs.all() else { return false }
        return left == right
    }
}

extension TodoItems {
    /// The pages as a store writes them: each without its gaps, none empty; the index, with every
    /// place as it then is; and how many slots the last page takes. A page nobody read or changed
    /// is kept as it came, bytes and all, and so is each run of the index while no to-do moved.
    func compacted() throws -> (pages: [Deferred<[TodoItem?]>], index: IDIndex, lastPageLength: Int) {
        var kept: [Deferred<[TodoItem?]>] = []
        // Where each page's to-dos go: the page they go to, and the new slot of each old one
        // (nil where none moved within the page).
        var moved: [(page: Int, slots: [Int]?)] = []
        var anyMoved = false
        // Whether the last page kept is the last page, whose length is known without reading it.
        var keptLastAsItWas = false
        for (number, page) in pages.enumerated() {
            // Read through `load()`: a page that cannot be read stops the rewrite, which the store
            // then says, and no program.
            let items = page.isAsStored ? [] : try page.load()
            guard items.contains(nil) else {
                anyMoved = anyMoved || moved.count != kept.count
                moved.append((kept.count, nil))
                kept.append(page)
                keptLastAsItWas = number == pages.count - 1
                continue
            }
            anyMoved = true
            var slots = Array(repeating: -1, count: items.count)
            var left: [TodoItem?] = []
            for (slot, item) in items.enumerated() where item != nil {
                slots[slot] = left.count
                left.append(item)
            }
            moved.append((kept.count, slots))
            if !left.isEmpty {
                kept.append(Deferred(left))
                keptLastAsItWas = false
            }
        }
        guard anyMoved else { return (pages, index, lastPageLength) }
        var index = index
        try index.move { place in
            let (page, slot) = (Int(place) / Self.pageSize, Int(place) % Self.pageSize)
            guard page < moved.count else { throw Self.misplaced(place) }
            guard let slots = moved[page].slots else { return Int32(moved[page].page * Self.pageSize + slot) }
            guard slot < slots.count, slots[slot] >= 0 else { throw Self.misplaced(place) }
            return Int32(moved[page].page * Self.pageSize + slots[slot])
        }
        // Another page's length, once the pages after it are gone, is read.
        let lastLength = keptLastAsItWas ? lastPageLength : try kept.last?.load().count ?? 0
        return (kept, index, lastLength)
    }
}

/// A to-do added at the end of a page, when the page is read.
private struct AppendItem: DeferredEdit {
    let item: TodoItem

    func apply(to page: inout [TodoItem?]) {
        page.append(item)
    }
}
