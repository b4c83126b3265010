/// The to-dos' ids in sorted order, each with the place of its to-do (see `TodoItems`): the
/// shortest prefix telling them apart is found from an id's two neighbours instead of by
/// comparing every pair, an id is resolved by a binary search, and its to-do is found in its page
/// without reading the others.
struct IDIndex: Sendable {
    /// No prefix is shorter, however few the items: four digits are easy to type and to read.
    static let shortest = 4

    private(set) var sorted: [TodoID] = []
    /// The place of each id's to-do in `sorted`, at the same position.
    private(set) var places: [Int32] = []

    init() {}

    /// The index of `ids`, whose to-dos are at `places`, element for element; with room for
    /// `roomToGrow` more before it must be copied to grow.
    init(_ ids: some Collection<TodoID>, places: some Collection<Int32>, roomToGrow: Int = 0) {
        sorted.reserveCapacity(ids.count + roomToGrow)
        sorted.append(contentsOf: ids)
        self.places.reserveCapacity(ids.count + roomToGrow)
        self.places.append(contentsOf: places)
        Self.sort(&sorted, carrying: &self.places)
    }

    /// The index of `ids`, each at place 0: for the ids alone.
    init(_ ids: some Collection<TodoID>) {
        self.init(ids, places: repeatElement(0, count: ids.count))
    }

    /// An index as a store kept it, already in order: sealed, it is as this program wrote it, so
    /// its order is not checked again, which would compare every pair of ids at each start. Nil
    /// when the two lists are not as long as each other.
    init?(sorted: [TodoID], places: [Int32]) {
        guard sorted.count == places.count else { return nil }
        (self.sorted, self.places) = (sorted, places)
    }

    var count: Int { sorted.count }

    /// An id the index holds more than once, if any: in order, the same ids sit together.
    var repeated: TodoID? {
        zip(sorted, sorted.dropFirst()).first { $0 == $1 }?.0
    }

    /// Where `id`'s to-do is, or nil when no to-do has that id.
    func place(of id: TodoID) -> Int32? {
        let position = slot(of: id)
        return position < sorted.count && sorted[position] == id ? places[position] : nil
    }

    /// Adds an id whose to-do is at `place`; returns the prefix length it needs to differ from its
    /// neighbours.
    mutating func insert(_ id: TodoID, place: Int32) -> Int {
        let position = slot(of: id)
        sorted.insert(id, at: position)
        places.insert(place, at: position)
        let before = position > 0 ? Self.sharedPrefix(id, sorted[position - 1]) + 1 : 0
        let after = position + 1 < sorted.count ? Self.sharedPrefix(id, sorted[position + 1]) + 1 : 0
        return max(Self.shortest, before, after)
    }

    /// Adds many ids at once: appended, then sorted together, instead of shifting the index once
    /// for each; returns the prefix length that tells every id apart.
    mutating func insert(contentsOf ids: some Collection<TodoID>, places added: some Collection<Int32>) -> Int {
        sorted.append(contentsOf: ids)
        places.append(contentsOf: added)
        Self.sort(&sorted, carrying: &places)
        return abbreviation
    }

    /// Adds many ids at once, each at place 0: for the ids alone.
    mutating func insert(contentsOf ids: some Collection<TodoID>) -> Int {
        insert(contentsOf: ids, places: repeatElement(0, count: ids.count))
    }

    /// Moves every to-do to the place `moved` gives for where it was.
    mutating func move(_ moved: (Int32) -> Int32) {
        for position in places.indices { places[position] = moved(places[position]) }
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
        guard position < sorted.count && sorted[position] == id else { return }
        sorted.remove(at: position)
        places.remove(at: position)
    }

    /// Takes many ids out at once, in one pass, instead of shifting the ids after each one removed.
    mutating func remove(contentsOf ids: Set<TodoID>) {
        var kept = 0
        for position in sorted.indices where !ids.contains(sorted[position]) {
            (sorted[kept], places[kept]) = (sorted[position], places[position])
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        places.removeLast(places.count - kept)
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

    /// Sorts `ids` as `sort()` does, and `carried` along with them, element for element. Where
    /// every id is ASCII, as the ids the programs draw are, text order is the bytes' order: each
    /// id's first eight bytes, read as one number, are sorted a byte at a time (a radix sort), and
    /// only ids whose first eight bytes are the same are then compared as text. Comparing 100,000
    /// ids as text cost 115 M instructions each time a store opened (callgrind, `todo add`), and
    /// the standard library's sort of the numbers 45 M.
    private static func sort(_ ids: inout [TodoID], carrying carried: inout [Int32]) {
        let order = sortedOrder(of: ids)
        ids = order.map { ids[Int($0)] }
        carried = order.map { carried[Int($0)] }
    }

    /// The positions of `ids` in sorted order, equal ids in the order they came.
    private static func sortedOrder(of ids: [TodoID]) -> [Int32] {
        var keys: [UInt64] = []
        keys.reserveCapacity(ids.count)
        for id in ids {
            guard ids.count < Int32.max,
                let found = id.value.utf8.withContiguousStorageIfAvailable(Self.leadingBytes(ofASCII:)),
                let leading = found
            else {
                return ids.indices.map(Int32.init).sorted { (ids[Int($0)], $0) < (ids[Int($1)], $1) }
            }
            keys.append(leading)
        }
        var order = Self.radixOrder(of: keys)
        // Ids whose first eight bytes are the same sit together: sort each such run as text.
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count && keys[Int(order[end])] == keys[Int(order[start])] { end += 1 }
            if end - start > 1 { order[start..<end].sort { (ids[Int($0)], $0) < (ids[Int($1)], $1) } }
            start = end
        }
        return order
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
