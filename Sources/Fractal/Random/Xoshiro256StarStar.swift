/// xoshiro256** 1.0 (Blackman and Vigna, 2018): the generator behind every seeded result.
///
/// Its algorithm is fixed here, unlike the standard library's, so a seed gives the same numbers on
/// every machine and every Swift version.
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable {
    private var s: (UInt64, UInt64, UInt64, UInt64)

    /// Seeds the 256-bit state from one number through SplitMix64, as the authors recommend.
    public init(seed: UInt64) {
        var spreader = SplitMix64(seed: seed)
        s = (spreader.next(), spreader.next(), spreader.next(), spreader.next())
    }

    /// Starts from a raw state, which must not be all zeros.
    public init(state: (UInt64, UInt64, UInt64, UInt64)) {
        precondition(state != (0, 0, 0, 0), "xoshiro256** cannot start from an all-zero state")
        s = state
    }

    public mutating func next() -> UInt64 {
        let result = rotateLeft(s.1 &* 5, by: 7) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = rotateLeft(s.3, by: 45)
        return result
    }

    /// Always inlined, with masking shifts: `k` is a constant from 1 to 63, so neither the call
    /// nor the checks of a smart shift are needed on every draw.
    @inline(__always)
    private func rotateLeft(_ x: UInt64, by k: UInt64) -> UInt64 {
        (x &<< k) | (x &>> (64 &- k))
    }
}
