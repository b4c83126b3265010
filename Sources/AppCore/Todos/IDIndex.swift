/// The to-dos' ids in sorted order, so that the shortest prefix telling them apart is found from
/// an id's two neighbours instead of by comparing every pair.
struct IDIndex: Sendable {
    /// No prefix is shorter, however few the items: four digits are easy to type and to read.
    static let shortest = 4

    private var sorted: [TodoID] = []

    init() {}

    /// The index of `ids`, with room for `roomToGrow` more before it must be copied to grow.
    init(_ ids: some Sequence<TodoID>, roomToGrow: Int = 0) {
        sorted.reserveCapacity(ids.underestimatedCount + roomToGrow)
        sorted.append(contentsOf: ids)
        sorted.sort()
    }

    /// Adds an id; returns the prefix length it needs to differ from its neighbours.
    mutating func insert(_ id: TodoID) -> Int {
        let position = slot(of: id)
        sorted.insert(id, at: position)
        let before = position > 0 ? Self.sharedPrefix(id, sorted[position - 1]) + 1 : 0
        let after = position + 1 < sorted.count ? Self.sharedPrefix(id, sorted[position + 1]) + 1 : 0
        return max(Self.shortest, before, after)
    }

    /// Adds many ids at once: appended, then sorted together, instead of shifting the index once
    /// for each; returns the prefix length that tells every id apart.
    mutating func insert(contentsOf ids: some Collection<TodoID>) -> Int {
        sorted.append(contentsOf: ids)
        sorted.sort()
        return abbreviation
    }

    /// The ids that start with `prefix`, in sorted order: they sit together, from where `prefix`
    /// itself would go, so a binary search finds the first and the run ends at the first that
    /// does not start with it byte for byte. Inside the run, an id whose next character is the
    /// prefix's last letter with a mark on it (`ab` then U+0301 is `a`, `b́`) does not start with
    /// it as text, yet ids after it still may: it is skipped, not taken for the end. A prefix that
    /// is not ASCII, whose other spellings sort elsewhere, is looked for in every id.
    func ids(startingWith prefix: String) -> [TodoID] {
        guard prefix.utf8.allSatisfy({ $0 < 0x80 }) else { return sorted.filter { $0.value.hasPrefix(prefix) } }
        var found: [TodoID] = []
        var position = slot(of: TodoID(prefix))
        while position < sorted.count && sorted[position].value.utf8.starts(with: prefix.utf8) {
            if sorted[position].value.hasPrefix(prefix) { found.append(sorted[position]) }
            position += 1
        }
        return found
    }

    mutating func remove(_ id: TodoID) {
        let position = slot(of: id)
        if position < sorted.count && sorted[position] == id { sorted.remove(at: position) }
    }

    /// Takes many ids out at once: the index is filtered in one pass, instead of shifting the ids
    /// after each one removed.
    mutating func remove(contentsOf ids: Set<TodoID>) {
        sorted.removeAll { ids.contains($0) }
    }

    /// The prefix length that tells every id apart: neighbours in sorted order share the most.
    var abbreviation: Int {
        var longest = Self.shortest
        for position in sorted.indices.dropFirst() {
            longest = max(longest, Self.sharedPrefix(sorted[position - 1], sorted[position]) + 1)
        }
        return longest
    }

    /// Where `id` is, or would go, in sorted order: a binary search.
    private func slot(of id: TodoID) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A plain loop: it runs for every pair of neighbours each time a store opens.
    private static func sharedPrefix(_ a: TodoID, _ b: TodoID) -> Int {
        var (left, right) = (a.value.utf8.makeIterator(), b.value.utf8.makeIterator())
        var shared = 0
        while let x = left.next(), let y = right.next(), x == y { shared += 1 }
        return shared
    }
}
