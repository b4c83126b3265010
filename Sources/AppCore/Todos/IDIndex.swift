import Fractal
import Stores

/// One run of the index: ids in sorted order, each with the place of its to-do.
struct IDRun: Equatable, Sendable {
    var ids: [TodoID] = []
    var places: [Int32] = []
}

/// The to-dos' ids in sorted order, each with the place of its to-do (see `TodoItems`): the
/// shortest prefix telling them apart is found from an id's two neighbours instead of by
/// comparing every pair, an id is resolved by a binary search, and its to-do is found in its page
/// without reading the others.
///
/// The ids are kept in runs of about `runLength`, each with its first and last id beside it, and
/// a store reads a run only when it is first used (`decodeDeferredPages`): finding, adding or
/// taking out one id reads the one run it belongs in, at any size. Taking many out, adding many at
/// once, and the prefix length after an id is taken out, read every run.
struct IDIndex: Sendable {
    /// No prefix is shorter, however few the items: four digits are easy to type and to read.
    static let shortest = 4
    /// How many ids a run holds as the index is cut into runs; one that grows to twice as many is
    /// split in two.
    static let runLength = 1024

    /// The runs in order: every id of a run sorts after every id of the runs before it.
    private(set) var runs: [Deferred<IDRun>] = []
    /// The first and the last id of each run, and how many it holds, known without reading it.
    private(set) var firsts: [TodoID] = []
    private(set) var lasts: [TodoID] = []
    private(set) var counts: [Int] = []
    private(set) var count = 0
    private let runLength: Int

    init(runLength: Int = IDIndex.runLength) {
        self.runLength = runLength
    }

    /// The index of `ids`, whose to-dos are at `places`, element for element.
    init(_ ids: some Collection<TodoID>, places: some Collection<Int32>, runLength: Int = IDIndex.runLength) {
        var (sorted, placed) = (Array(ids), Array(places))
        Self.sort(&sorted, carrying: &placed)
        self.init(sorted: sorted, places: placed, runLength: runLength)
    }

    /// The index of `ids`, each at place 0: for the ids alone.
    init(_ ids: some Collection<TodoID>, runLength: Int = IDIndex.runLength) {
        self.init(ids, places: repeatElement(0, count: ids.count), runLength: runLength)
    }

    /// The index of ids already in order, cut into runs.
    private init(sorted: [TodoID], places: [Int32], runLength: Int) {
        self.runLength = runLength
        for start in stride(from: 0, to: sorted.count, by: runLength) {
            let end = min(start + runLength, sorted.count)
            let run = IDRun(ids: Array(sorted[start..<end]), places: Array(places[start..<end]))
            runs.append(Deferred(run))
            firsts.append(run.ids[0])
            lasts.append(run.ids[end - start - 1])
            counts.append(end - start)
        }
        count = sorted.count
    }

    /// An index as a store kept it: its runs, each read when first used, with their first and last
    /// ids and their counts. Nil when these do not go together.
    init?(runs: [Deferred<IDRun>], firsts: [TodoID], lasts: [TodoID], counts: [Int]) {
        guard firsts.count == runs.count, lasts.count == runs.count, counts.count == runs.count,
            counts.allSatisfy({ $0 > 0 })
        else { return nil }
        (self.runs, self.firsts, self.lasts, self.counts) = (runs, firsts, lasts, counts)
        count = counts.reduce(0, +)
        runLength = Self.runLength
    }

    /// Where `id`'s to-do is, or nil when no to-do has that id; reads the run it belongs in.
    func place(of id: TodoID) throws -> Int32? {
        guard let number = run(for: id), firsts[number] <= id, id <= lasts[number] else { return nil }
        let run = try read(number)
        let position = Self.slot(of: id, in: run.ids)
        return position < run.ids.count && run.ids[position] == id ? run.places[position] : nil
    }

    /// Adds an id whose to-do is at `place`; returns the prefix length it needs to differ from its
    /// neighbours, which the runs' first and last ids give where it lands at a run's end.
    mutating func insert(_ id: TodoID, place: Int32) throws -> Int {
        guard let number = run(for: id) else {
            self = IDIndex(sorted: [id], places: [place], runLength: runLength)
            return Self.shortest
        }
        _ = try read(number)
        let position = Self.slot(of: id, in: runs[number].value.ids)
        runs[number].value.ids.insert(id, at: position)
        runs[number].value.places.insert(place, at: position)
        let run = runs[number].value
        let before = position > 0 ? run.ids[position - 1] : number > 0 ? lasts[number - 1] : nil
        let after =
            position + 1 < run.ids.count ? run.ids[position + 1] : number + 1 < runs.count ? firsts[number + 1] : nil
        (firsts[number], lasts[number], counts[number]) = (run.ids[0], run.ids[run.ids.count - 1], run.ids.count)
        count += 1
        if run.ids.count >= 2 * runLength { split(number) }
        return Self.length(of: id, between: before, and: after)
    }

    /// The prefix length `id` would need to differ from the ids beside where it would go, were it
    /// added; reads the run it belongs in.
    func distinguishingLength(of id: TodoID) throws -> Int {
        guard let number = run(for: id) else { return Self.shortest }
        let ids = try read(number).ids
        let position = Self.slot(of: id, in: ids)
        let before = position > 0 ? ids[position - 1] : number > 0 ? lasts[number - 1] : nil
        let after = position < ids.count ? ids[position] : number + 1 < runs.count ? firsts[number + 1] : nil
        return Self.length(of: id, between: before, and: after)
    }

    /// The prefix length that tells `id` apart from its neighbours, at least `shortest`.
    static func length(of id: TodoID, between before: TodoID?, and after: TodoID?) -> Int {
        max(shortest, before.map { sharedPrefix(id, $0) + 1 } ?? 0, after.map { sharedPrefix(id, $0) + 1 } ?? 0)
    }

    /// Adds many ids at once: every run read, the ids sorted in together and cut into runs anew,
    /// instead of shifting a run once for each; returns the prefix length that tells every id apart.
    mutating func insert(contentsOf ids: some Collection<TodoID>, places added: some Collection<Int32>) throws -> Int {
        var (sorted, places) = try all()
        sorted.append(contentsOf: ids)
        places.append(contentsOf: added)
        Self.sort(&sorted, carrying: &places)
        self = IDIndex(sorted: sorted, places: places, runLength: runLength)
        return try abbreviation()
    }

    /// Adds many ids at once, each at place 0: for the ids alone.
    mutating func insert(contentsOf ids: some Collection<TodoID>) throws -> Int {
        try insert(contentsOf: ids, places: repeatElement(0, count: ids.count))
    }

    /// The ids that start with `prefix`, in sorted order: they sit together, from where `prefix`
    /// itself would go, so a binary search finds the first and the run ends at the first that
    /// does not start with it byte for byte (reading the next run of the index while it goes on).
    /// Inside the run, an id whose next character is the prefix's last letter with a mark on it
    /// (`ab` then U+0301 is `a`, `b́`) does not start with it as text, yet ids after it still may:
    /// it is skipped, not taken for the end. A prefix that is not ASCII, whose other spellings
    /// sort elsewhere, is looked for in every id.
    func ids(startingWith prefix: String) throws -> [TodoID] {
        guard prefix.utf8.allSatisfy({ $0 < 0x80 }) else { return try all().ids.filter { $0.value.hasPrefix(prefix) } }
        let start = TodoID(prefix)
        guard let first = run(for: start) else { return [] }
        var found: [TodoID] = []
        // A run whose last id sorts before the prefix holds none that start with it.
        for number in first..<runs.count where !(lasts[number] < start) {
            let ids = try read(number).ids
            var position = number == first ? Self.slot(of: start, in: ids) : 0
            while position < ids.count && ids[position].value.utf8.starts(with: prefix.utf8) {
                if ids[position].value.hasPrefix(prefix) { found.append(ids[position]) }
                position += 1
            }
            if position < ids.count { break }
        }
        return found
    }

    mutating func remove(_ id: TodoID) throws {
        guard let number = run(for: id) else { return }
        let position = Self.slot(of: id, in: try read(number).ids)
        guard position < runs[number].value.ids.count, runs[number].value.ids[position] == id else { return }
        runs[number].value.ids.remove(at: position)
        runs[number].value.places.remove(at: position)
        count -= 1
        counts[number] -= 1
        guard counts[number] > 0 else {
            runs.remove(at: number)
            firsts.remove(at: number)
            lasts.remove(at: number)
            counts.remove(at: number)
            return
        }
        let ids = runs[number].value.ids
        (firsts[number], lasts[number]) = (ids[0], ids[ids.count - 1])
    }

    /// Takes many ids out at once: every run read, and the index cut into runs anew, in one pass.
    mutating func remove(contentsOf gone: Set<TodoID>) throws {
        let (sorted, places) = try all()
        var (keptIDs, keptPlaces): ([TodoID], [Int32]) = ([], [])
        for (id, place) in zip(sorted, places) where !gone.contains(id) {
            keptIDs.append(id)
            keptPlaces.append(place)
        }
        self = IDIndex(sorted: keptIDs, places: keptPlaces, runLength: runLength)
    }

    /// Moves every to-do to the place `moved` gives for where it was; reads every run.
    mutating func move(_ moved: (Int32) throws -> Int32) throws {
        for number in runs.indices {
            _ = try read(number)
            for position in runs[number].value.places.indices {
                runs[number].value.places[position] = try moved(runs[number].value.places[position])
            }
        }
    }

    /// Every id in order, with its place; reads every run.
    func all() throws -> (ids: [TodoID], places: [Int32]) {
        var (ids, places): ([TodoID], [Int32]) = ([], [])
        ids.reserveCapacity(count)
        places.reserveCapacity(count)
        for number in runs.indices {
            let run = try read(number)
            ids.append(contentsOf: run.ids)
            places.append(contentsOf: run.places)
        }
        return (ids, places)
    }

    /// An id the index holds more than once, if any: in order, the same ids sit together.
    func repeated() throws -> TodoID? {
        let ids = try all().ids
        return zip(ids, ids.dropFirst()).first { $0 == $1 }?.0
    }

    /// The prefix length that tells every id apart: neighbours in sorted order share the most.
    /// Reads every run.
    func abbreviation() throws -> Int {
        var longest = Self.shortest
        for number in runs.indices {
            let ids = try read(number).ids
            if number > 0 { longest = max(longest, Self.sharedPrefix(lasts[number - 1], ids[0]) + 1) }
            for position in ids.indices.dropFirst() {
                longest = max(longest, Self.sharedPrefix(ids[position - 1], ids[position]) + 1)
            }
        }
        return longest
    }

    /// Run `number`, read if it was not yet, checked against what the index says of it: a run
    /// that does not hold as many ids as its count, from its first id to its last, is damage.
    private func read(_ number: Int) throws -> IDRun {
        let run = try runs[number].load()
        guard run.ids.count == counts[number], run.places.count == counts[number], run.ids.first == firsts[number],
            run.ids.last == lasts[number]
        else {
            throw UnreadableSlice(
                reason: "a record does not hold what this program wrote (run \(number + 1) of the to-dos' index "
                    + "is not what the index says of it)")
        }
        return run
    }

    /// The run `id` belongs in: the last whose first id is not after it, or the first run for an
    /// id before them all; nil when there is none.
    private func run(for id: TodoID) -> Int? {
        guard !firsts.isEmpty else { return nil }
        return max(0, Self.firstPosition(in: firsts) { $0 > id } - 1)
    }

    /// Cuts a run grown to twice the length in two.
    private mutating func split(_ number: Int) {
        let run = runs[number].value
        let half = run.ids.count / 2
        let (low, high) = (
            IDRun(ids: Array(run.ids[..<half]), places: Array(run.places[..<half])),
            IDRun(ids: Array(run.ids[half...]), places: Array(run.places[half...]))
        )
        runs.replaceSubrange(number...number, with: [Deferred(low), Deferred(high)])
        firsts.replaceSubrange(number...number, with: [low.ids[0], high.ids[0]])
        lasts.replaceSubrange(number...number, with: [low.ids[half - 1], high.ids[high.ids.count - 1]])
        counts.replaceSubrange(number...number, with: [low.ids.count, high.ids.count])
    }

    /// Where `id` is, or would go, in the sorted `ids`.
    private static func slot(of id: TodoID, in ids: [TodoID]) -> Int {
        firstPosition(in: ids) { $0 >= id }
    }

    /// The first position of the sorted `ids` whose id is `past`, or their end: a binary search.
    /// Every id `past` holds for must come after every id it does not hold for.
    private static func firstPosition(in ids: [TodoID], where past: (TodoID) -> Bool) -> Int {
        var (low, high) = (0, ids.count)
        while low < high {
            let middle = (low + high) / 2
            if past(ids[middle]) { high = middle } else { low = middle + 1 }
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

    /// `ids` in the order `sort()` gives. Where
    /// every id is ASCII, as the ids the programs draw are, text order is the bytes' order: each
    /// id's first eight bytes, read as one number, are sorted a byte at a time (a radix sort), and
    /// only ids whose first eight bytes are the same are then compared as text. Comparing 100,000
    /// ids as text cost 115 M instructions each time a store opened (callgrind, `todo add`), and
    /// the standard library's sort of the numbers 45 M.
    static func sorted(_ ids: [TodoID]) -> [TodoID] {
        sortedOrder(of: ids).map { ids[Int($0)] }
    }

    /// Sorts `ids` as `sorted` does, and `carried` along with them, element for element.
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
