import Fractal

/// Flips until a sequence such as `HHT` appears, and counts the flips; again and again if asked.
public struct FlipUntil: UseCase {
    public enum Request {
        case flipUntil(sequence: String, times: Int)
    }

    public enum Response {
        case found(SequenceSearch)
        case failed(CoinFailure)
    }

    /// The longest sequence: at 12 letters a search takes 8,190 flips on average.
    public static let sequenceLimit = 12
    /// The most searches one command may ask for.
    public static let timesLimit = 1_000
    /// A search that has not ended by now stops with an error, so nothing can run away.
    public static let flipsLimit = 1_000_000

    let random: RandomSource
    let respond: Output<Response>

    public func request(_ request: Request) {
        switch request {
        case .flipUntil(let text, let times):
            let letters = Array(text.uppercased())
            guard (1...Self.sequenceLimit).contains(letters.count), letters.allSatisfy({ $0 == "H" || $0 == "T" })
            else {
                return respond(.failed(.badSequence(sequence: text, limit: Self.sequenceLimit)))
            }
            guard (1...Self.timesLimit).contains(times) else {
                return respond(.failed(.timesOutOfRange(times: times, limit: Self.timesLimit)))
            }
            var flipsNeeded: [Int] = []
            for _ in 0..<times {
                guard let flips = search(for: letters) else {
                    return respond(.failed(.sequenceNotFound(sequence: String(letters), flips: Self.flipsLimit)))
                }
                flipsNeeded.append(flips)
            }
            respond(.found(SequenceSearch(sequence: String(letters), flipsNeeded: flipsNeeded)))
        }
    }

    /// The last flips, one bit each (1 for heads), compared with the sequence at every flip.
    private func search(for letters: [Character]) -> Int? {
        let mask: UInt64 = (1 << letters.count) - 1
        let wanted = letters.reduce(UInt64(0)) { ($0 << 1) | ($1 == "H" ? 1 : 0) }
        var recent: UInt64 = 0
        for flips in 1...Self.flipsLimit {
            let heads: UInt64 = random.uniform(below: 2) == 0 ? 1 : 0
            recent = ((recent << 1) | heads) & mask
            if flips >= letters.count && recent == wanted { return flips }
        }
        return nil
    }
}
