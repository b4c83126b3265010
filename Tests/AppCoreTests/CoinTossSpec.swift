import AppCore
import Essentials
import Foundation
import Testing

@Suite("Coin toss")
struct CoinTossSpec {
    let toss = CoinToss(flips: [.heads, .tails, .tails], at: noon)

    @Test func countsItsHeadsAndTails() {
        #expect(toss.heads == 1)
        #expect(toss.tails == 2)
    }

    @Test func isWrittenAsLettersAndAnISODate() throws {
        let json = String(decoding: try ValueCoding.makeEncoder().encode(toss), as: UTF8.self)
        #expect(json == #"{"at":"2026-11-22T12:00:00.000Z","flips":"HTT"}"#)
    }

    @Test func readsBackEqual() throws {
        let data = try ValueCoding.makeEncoder().encode(toss)
        #expect(try ValueCoding.makeDecoder().decode(CoinToss.self, from: data) == toss)
    }

    @Test(arguments: [0, 1, 3, 63, 64, 65, 200])
    func aTossFlippedOneByOneIsTheTossOfThoseFlips(count: Int) throws {
        let sides = (0..<count).map { $0 % 3 == 0 ? CoinSide.tails : .heads }
        var next = sides.makeIterator()
        let flipped = CoinToss(count: count, at: noon) { next.next() ?? .heads }
        let listed = CoinToss(flips: sides, at: noon)
        #expect(flipped == listed)
        #expect(flipped.flips == sides)
        #expect(flipped.heads == sides.count { $0 == .heads })
        #expect(flipped.tails == sides.count { $0 == .tails })
        let data = try ValueCoding.makeEncoder().encode(flipped)
        #expect(try ValueCoding.makeDecoder().decode(CoinToss.self, from: data) == listed)
    }

    @Test func refusesALetterThatIsNoFlip() {
        let json = Data(#"{"at":"2026-11-22T12:00:00.000Z","flips":"HXT"}"#.utf8)
        #expect(throws: DecodingError.self) { try ValueCoding.makeDecoder().decode(CoinToss.self, from: json) }
    }
}
