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
        Self.sort(&sorted)
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
        Self.sort(&sorted)
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

    /// How many bytes two ids share from the start. It runs for every pair of neighbours each
    /// time a store opens, so it reads the ids' bytes where they lie, not through an iterator.
    private static func sharedPrefix(_ a: TodoID, _ b: TodoID) -> Int {
        let inPlace = a.value.utf8.withContiguousStorageIfAvailable { x in
            b.value.utf8.withContiguousStorageIfAvailable { y in
                var shared = 0
                let count = min(x.count, y.count)
                while shared < count && x[shared] == y[shared] { shared += 1 }
                return shared
            }
        }
        // A string not kept as UTF-8 in one piece (bridged from Objective-C) is read byte by byte.
        guard let found = inPlace, let shared = found else {
            return zip(a.value.utf8, b.value.utf8).prefix { $0 == $1 }.count
        }
        return shared
    }

    /// Sorts `ids` as `sort()` does. Where every id is ASCII, as the ids the programs draw are,
    /// text order is the bytes' order: each id's first eight bytes, read as one number, are sorted
    /// a byte at a time (a radix sort), and only ids whose first eight bytes are the same are then
    /// compared as text. Comparing 100,000 ids as text cost 115 M instructions each time a store
    /// opened (callgrind, `todo add`), and the standard library's sort of the numbers 45 M.
    private static func sort(_ ids: inout [TodoID]) {
        guard ids.count < Int32.max else {
            ids.sort()
            return
        }
        var keys: [UInt64] = []
        keys.reserveCapacity(ids.count)
        for id in ids {
            guard let found = id.value.utf8.withContiguousStorageIfAvailable(Self.leadingBytes(ofASCII:)),
                let leading = found
            else {
                ids.sort()
                return
            }
            keys.append(leading)
        }
        let order = Self.radixOrder(of: keys)
        var sorted = order.map { ids[Int($0)] }
        // Ids whose first eight bytes are the same sit together: sort each such run as text.
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count && keys[Int(order[end])] == keys[Int(order[start])] { end += 1 }
            if end - start > 1 { sorted[start..<end].sort() }
            start = end
        }
        ids = sorted
    }

    /// The positions of `keys` in ascending order of key, equal keys in the order they came: a
    /// pass a byte, least significant first, skipping a byte that every key has the same. (On
    /// buffers rather than arrays: checking the arrays' bounds and uniqueness at each step tripled
    /// its cost.)
    private static func radixOrder(of keys: [UInt64]) -> [Int32] {
        var order = (0..<Int32(keys.count)).map { $0 }
        var scratch = order
        var counts = [Int](repeating: 0, count: 256)
        keys.withUnsafeBufferPointer { keys in
            counts.withUnsafeMutableBufferPointer { counts in
                for byte in 0..<8 {
                    let shift = UInt64(byte * 8)
                    counts.update(repeating: 0)
                    for key in keys { counts[Int(truncatingIfNeeded: key &>> shift) & 0xFF] &+= 1 }
                    if counts.contains(keys.count) { continue }
                    var next = 0
                    for digit in 0..<256 { (counts[digit], next) = (next, next &+ counts[digit]) }
                    order.withUnsafeBufferPointer { from in
                        scratch.withUnsafeMutableBufferPointer { to in
                            for position in from {
                                let digit = Int(truncatingIfNeeded: keys[Int(position)] &>> shift) & 0xFF
                                to[counts[digit]] = position
                                counts[digit] &+= 1
                            }
                        }
                    }
                    swap(&order, &scratch)
                }
            }
        }
        return order
    }

    /// The first eight bytes of an ASCII text, most significant first and zeros past its end (a
    /// zero sorts with the shortest, as a text that ends does); nil if any byte is not ASCII.
    private static func leadingBytes(ofASCII bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var leading: UInt64 = 0
        var ascii: UInt8 = 0
        for (offset, byte) in bytes.enumerated() {
            ascii |= byte
            if offset < 8 { leading |= UInt64(byte) << (56 - 8 * offset) }
        }
        return ascii < 0x80 ? leading : nil
    }
}
