import Fractal

/// Flips until a sequence such as `HHT` appears, and counts the flips; again, `times` times in
/// all. Keeps nothing.
func createFlipUntil(
    random: RandomSource, output: @escaping Output<CoinAnswer>
) -> Input<(sequence: String, times: Int)> {
    { request in
        let letters = Array(request.sequence.uppercased())
        guard (1...CoinLimits.sequence).contains(letters.count), letters.allSatisfy({ $0 == "H" || $0 == "T" })
        else {
            return output(.failed(reason: .badSequence(sequence: request.sequence, limit: CoinLimits.sequence)))
        }
        guard (1...CoinLimits.searches).contains(request.times) else {
            return output(.failed(reason: .timesOutOfRange(times: request.times, limit: CoinLimits.searches)))
        }
        var flipsNeeded: [Int] = []
        for _ in 0..<request.times {
            guard let flips = search(for: letters, random: random) else {
                let failure = CoinFailure.sequenceNotFound(sequence: String(letters), flips: CoinLimits.flipsPerSearch)
                return output(.failed(reason: failure))
            }
            flipsNeeded.append(flips)
        }
        output(.sequenceFound(search: SequenceSearch(sequence: String(letters), flipsNeeded: flipsNeeded)))
    }
}

/// The last flips, one bit each (1 for heads), compared with the sequence at every flip.
private func search(for letters: [Character], random: RandomSource) -> Int? {
    let mask: UInt64 = (1 << letters.count) - 1
    let wanted = letters.reduce(UInt64(0)) { ($0 << 1) | ($1 == "H" ? 1 : 0) }
    var recent: UInt64 = 0
    for flips in 1...CoinLimits.flipsPerSearch {
        let heads: UInt64 = random.uniform(below: 2) == 0 ? 1 : 0
        recent = ((recent << 1) | heads) & mask
        if flips >= letters.count && recent == wanted { return flips }
    }
    return nil
}
