/// Chance as a value that is passed in: a stream of 64-bit numbers and unbiased draws from it.
///
/// Seeded sources replay exactly. A struct holding a closure, so one source can be shared by every
/// feature of a core while the generator's state stays behind a single lock.
public struct RandomSource: Sendable {
    /// The next 64 uniformly distributed bits.
    public let next: @Sendable () -> UInt64

    public init(next: @escaping @Sendable () -> UInt64) {
        self.next = next
    }

    /// A source that replays the same numbers for the same seed, on every machine.
    public static func seeded(_ seed: UInt64) -> RandomSource {
        let generator = Locked(Xoshiro256StarStar(seed: seed))
        return RandomSource { generator.withLock { $0.next() } }
    }

    /// A fresh seed from the system's entropy, small enough to survive a trip through JSON
    /// (at most 2^53 − 1, the largest integer every JSON reader keeps exactly).
    public static func drawSeed() -> UInt64 {
        var system = SystemRandomNumberGenerator()
        return system.next() & ((1 << 53) - 1)
    }

    /// A uniform draw from `0..<bound`, without modulo bias (Lemire, 2019).
    public func uniform(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "cannot draw below zero")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// A uniform draw from `range`, without modulo bias.
    public func uniform(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        guard span != 0 else { return Int(Int64(bitPattern: next())) }
        return range.lowerBound &+ Int(Int64(bitPattern: uniform(below: span)))
    }
}
