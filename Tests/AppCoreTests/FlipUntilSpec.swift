import AppCore
import Testing

@Suite("Flip until a sequence")
struct FlipUntilSpec {
    @Test(arguments: [("H", 2), ("T", 2), ("HH", 6), ("HT", 4), ("HHT", 8), ("HTH", 10), ("HHHH", 30)])
    func theExpectedWaitFollowsTheSequencesOverlaps(_ sequence: String, _ expected: Int) {
        #expect(SequenceSearch(sequence: sequence, flipsNeeded: []).expectedFlips == expected)
    }

    @Test func eachSearchTakesAtLeastAsManyFlipsAsTheSequenceHas() throws {
        let core = CoinUnderTest()
        core.send(.flipUntil(sequence: "hht", times: 50))
        guard case .sequenceFound(let search) = core.received().last else {
            Issue.record("expected a search, got \(core.received())")
            return
        }
        #expect(search.sequence == "HHT")
        #expect(search.flipsNeeded.count == 50)
        #expect(search.flipsNeeded.allSatisfy { $0 >= 3 })
    }

    @Test func theMeanWaitForHeadsHeadsIsSix() {
        // The wait for HH has mean 6 and variance 22: over 1,000 searches the mean is 6 ± 0.7
        // (nearly five standard deviations).
        let core = CoinUnderTest(seed: 12)
        core.send(.flipUntil(sequence: "HH", times: 1_000))
        guard case .sequenceFound(let search) = core.received().last else {
            Issue.record("expected a search, got \(core.received())")
            return
        }
        #expect(abs(search.mean - 6) < 0.7)
    }

    @Test func searchingKeepsNothing() throws {
        let core = CoinUnderTest()
        core.send(.flipUntil(sequence: "HT", times: 3))
        #expect(try core.store.state() == CoinHistory())
    }

    @Test(arguments: ["", "HXT", "1", "HHHHHTTTTTHHH"])
    func aSequenceThatIsNoSequenceFails(_ sequence: String) {
        let core = CoinUnderTest()
        core.send(.flipUntil(sequence: sequence, times: 1))
        #expect(
            core.received().last
                == .failed(reason: .badSequence(sequence: sequence, limit: CoinLimits.sequence)))
    }

    @Test(arguments: [0, -1, CoinLimits.searches + 1])
    func aNumberOfSearchesOutOfRangeFails(_ times: Int) {
        let core = CoinUnderTest()
        core.send(.flipUntil(sequence: "HT", times: times))
        #expect(
            core.received().last == .failed(reason: .timesOutOfRange(times: times, limit: CoinLimits.searches)))
    }
}
