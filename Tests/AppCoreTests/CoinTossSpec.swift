import AppCore
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

    @Test func refusesALetterThatIsNoFlip() {
        let json = Data(#"{"at":"2026-11-22T12:00:00.000Z","flips":"HXT"}"#.utf8)
        #expect(throws: DecodingError.self) { try ValueCoding.makeDecoder().decode(CoinToss.self, from: json) }
    }
}
