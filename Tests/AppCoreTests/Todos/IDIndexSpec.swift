import Fractal
import StoreTestSupport
import Testing

@testable import AppCore

/// The sorted ids behind the short ids: sorted as text sorts, however they were sorted, and the
/// shortest prefix that tells them apart.
@Suite("The index of to-do ids")
struct IDIndexSpec {
    /// Every id in the index, in its order.
    private static func order(of index: IDIndex) throws -> [String] {
        try index.ids(startingWith: "").map(\.value)
    }

    /// The prefix length that tells every id apart, by comparing every pair.
    private static func abbreviationByEveryPair(_ ids: [String]) -> Int {
        var longest = IDIndex.shortest
        for (position, a) in ids.enumerated() {
            for b in ids[(position + 1)...] {
                longest = max(longest, zip(a.utf8, b.utf8).prefix { $0 == $1 }.count + 1)
            }
        }
        return longest
    }

    @Test(.slow, arguments: [1, 2, 3])
    func drawnIdsAreInTextOrderWithTheAbbreviationEveryPairGives(seed: UInt64) throws {
        let random = RandomSource.seeded(seed)
        let ids = (0..<2_000).map { _ in TodoID.draw(from: random).value }

        let index = IDIndex(ids.map(TodoID.init))

        #expect(try Self.order(of: index) == ids.sorted())
        #expect(try index.abbreviation() == Self.abbreviationByEveryPair(ids))
    }

    /// Ids that share their first eight bytes, end inside them, hold a zero byte, or are not
    /// ASCII (whose text order is not their bytes' order) sort as text does.
    @Test(arguments: [
        ["abcdefgh2", "abcdefgh1", "abcdefgh", "abcdefg", "abcdefgh10", "b", "a", ""],
        ["ab\u{0}c", "ab", "ab\u{0}", "a\u{7F}", "a"],
        ["0000000001", "0000000000", "00000000", "0000000"],
        ["e\u{301}", "é", "f", "e", "ea", "\u{FF}", "z"],
        ["ab\u{301}", "ab", "abc", "ac"],
    ])
    func unusualIdsSortAsTextDoes(_ ids: [String]) throws {
        let index = IDIndex(ids.map(TodoID.init))

        #expect(try Self.order(of: index) == ids.sorted())
    }

    /// Lists of ids made of the bytes that could trip an order of bytes read as numbers: the zero
    /// byte, the last ASCII one, line breaks, and runs of a few letters, at every length up to 20.
    @Test func randomListsOfAwkwardAsciiIdsSortAsTextDoes() throws {
        let random = RandomSource.seeded(17)
        let pieces = ["\u{0}", "\u{7F}", "\r", "\n", "\r\n", "a", "b", "ab", "0", "1"]
        for _ in 0..<2_000 {
            let ids = (0..<random.uniform(below: 30)).map { _ in
                (0..<random.uniform(below: 21)).map { _ in pieces[Int(random.uniform(below: UInt64(pieces.count)))] }
                    .joined()
            }

            #expect(try Self.order(of: IDIndex(ids.map(TodoID.init))) == ids.sorted())
        }
    }

    @Test func idsAddedManyAtOnceJoinTheOrder() throws {
        let random = RandomSource.seeded(9)
        let first = (0..<500).map { _ in TodoID.draw(from: random).value }
        let more = (0..<500).map { _ in TodoID.draw(from: random).value } + ["abc", "0000000000"]
        var index = IDIndex(first.map(TodoID.init))

        let abbreviation = try index.insert(contentsOf: more.map(TodoID.init))

        #expect(try Self.order(of: index) == (first + more).sorted())
        #expect(abbreviation == Self.abbreviationByEveryPair(first + more))
    }

    /// Ids added and taken out one at a time, in an index of runs of four (which split at eight and
    /// go when empty), answer as a sorted list of the same ids does: each id's place, the ids
    /// that start with a prefix, and the prefix lengths.
    @Test(.slow, arguments: [4, 5, 6])
    func anIndexOfManyRunsAnswersAsOneSortedListDoes(seed: UInt64) throws {
        let random = RandomSource.seeded(seed)
        var index = IDIndex(runLength: 4)
        var expected: [String: Int32] = [:]
        for step in 0..<600 {
            let taking = !expected.isEmpty && random.uniform(below: 3) == 0
            if taking {
                let id = expected.keys.sorted()[Int(random.uniform(below: UInt64(expected.count)))]
                try index.remove(TodoID(id))
                expected[id] = nil
            } else {
                // Short ids of a few letters, so that neighbours share prefixes.
                let id = (0..<(1 + random.uniform(below: 6))).map { _ in
                    ["a", "b", "ab", "0"][Int(random.uniform(below: 4))]
                }
                .joined()
                guard expected[id] == nil else { continue }
                let needs = try index.insert(TodoID(id), place: Int32(step))
                expected[id] = Int32(step)
                let sorted = expected.keys.sorted()
                let position = try #require(sorted.firstIndex(of: id))
                let neighbours = [
                    position > 0 ? sorted[position - 1] : nil, position + 1 < sorted.count ? sorted[position + 1] : nil,
                ]
                #expect(
                    needs
                        == neighbours.compactMap { $0 }.map { zip($0.utf8, id.utf8).prefix { $0 == $1 }.count + 1 }
                        .reduce(IDIndex.shortest, max))
            }
            let sorted = expected.keys.sorted()
            #expect(index.count == sorted.count)
            #expect(try Self.order(of: index) == sorted)
            for prefix in ["a", "ab", "b0", "0"] {
                #expect(try index.ids(startingWith: prefix).map(\.value) == sorted.filter { $0.hasPrefix(prefix) })
            }
            #expect(try index.abbreviation() == Self.abbreviationByEveryPair(sorted))
            for (id, place) in expected { #expect(try index.place(of: TodoID(id)) == place) }
            #expect(try index.place(of: TodoID("zz")) == nil)
        }
    }
}
