import AppCore
import Foundation
import Fractal
import Synchronization
import Testing

/// The exact distribution of an expression found the slow way: every sequence of die faces the
/// roller can draw is fed to it, one after another, and each total weighs as likely as its
/// sequence. Nothing of the weigher is used, so the two are checked against each other.
///
/// Every die of the expression must have `faces` faces. Sequences longer than `depth` draws are
/// not followed; their mass is `cutOff`, and a total may differ from the truth by at most that.
/// Draws past the end of a sequence show face number `first` (from 0), which must end rerolls
/// and explosions, so that every roll ends.
struct Enumeration {
    private(set) var distribution: [Int: Double] = [:]
    private(set) var cutOff = 0.0

    init(_ expression: String, faces: Int, depth: Int, first: Int) throws {
        let draws = ScriptedDraws(faces: faces, first: first)
        let core = DiceUnderTest(random: draws.source)
        var script: [Int] = []
        while true {
            draws.start(script)
            let total = try core.roll(expression).results[0].total
            let used = draws.used
            if used > depth {
                cutOff += pow(Double(faces), -Double(depth))
                script = Array(draws.drawn.prefix(depth))
            } else {
                distribution[total, default: 0] += pow(Double(faces), -Double(used))
                script = draws.drawn
            }
            // The next sequence, as an odometer: the last draw that can go up goes up.
            while let last = script.last, last == faces - 1 { script.removeLast() }
            guard !script.isEmpty else { return }
            script[script.count - 1] += 1
        }
    }
}

/// A random source that draws the faces it is told to, then the first face. Faces are told by
/// rank, counted from `first` round: the first face is rank 0.
final class ScriptedDraws: Sendable {
    private struct State {
        var script: [Int] = []
        var drawn: [Int] = []
    }
    private let faces: Int
    private let first: Int
    // A class: the random source the core holds and the enumeration share this one script.
    private let state = Mutex(State())

    init(faces: Int, first: Int) {
        self.faces = faces
        self.first = first
    }

    func start(_ script: [Int]) {
        state.withLock { $0 = State(script: script) }
    }

    var drawn: [Int] { state.withLock { $0.drawn } }
    var used: Int { drawn.count }

    /// Bits that `RandomSource.uniform(below: faces)` turns into the next face of the script:
    /// the middle of that face's share of the 64-bit range.
    var source: RandomSource {
        RandomSource { [self] in
            let rank = state.withLock { state in
                let rank = state.drawn.count < state.script.count ? state.script[state.drawn.count] : 0
                state.drawn.append(rank)
                return rank
            }
            let face = (rank + first) % faces
            let middle = UInt64(2 * face + 1)
            return UInt64(faces).dividingFullWidth((high: middle >> 1, low: (middle & 1) << 63)).quotient
        }
    }
}

extension ModuleUnderTest where State == DiceHistory, In == DiceCommand, Out == DiceAnswer {
    /// The dice feature drawing from `random`, where a test says which faces come up.
    init(random: RandomSource) {
        self.init(initial: DiceHistory(), seed: 0, clock: .fixed(noon)) { store, _, clock, output in
            createDiceFeature(store: store, random: random, clock: clock, output: output)
        }
    }
}

/// Pearson's chi-square statistic of observed totals against a distribution, with totals
/// expected fewer than five times pooled together, and the critical value at significance
/// 1e-4 (Wilson and Hilferty's approximation).
func chiSquare(_ totals: [Int], against statistics: DiceStatistics) -> (statistic: Double, critical: Double) {
    let count = Double(totals.count)
    var observed: [Int: Int] = [:]
    for total in totals { observed[total, default: 0] += 1 }
    var statistic = 0.0
    var pooledExpected = statistics.tailMass * count
    var pooledObserved = 0
    var bins = 0
    let listed = Set(statistics.distribution.map(\.value))
    for outcome in statistics.distribution {
        let expected = outcome.probability * count
        let seen = observed[outcome.value] ?? 0
        if expected < 5 {
            pooledExpected += expected
            pooledObserved += seen
        } else {
            statistic += (Double(seen) - expected) * (Double(seen) - expected) / expected
            bins += 1
        }
    }
    pooledObserved += observed.filter { !listed.contains($0.key) }.values.reduce(0, +)
    if pooledExpected > 0 {
        statistic +=
            (Double(pooledObserved) - pooledExpected) * (Double(pooledObserved) - pooledExpected) / pooledExpected
        bins += 1
    } else if pooledObserved > 0 {
        statistic = .infinity  // a total the distribution says cannot happen
    }
    let freedom = Double(max(1, bins - 1))
    let z = 3.719
    let critical = freedom * pow(1 - 2 / (9 * freedom) + z * (2 / (9 * freedom)).squareRoot(), 3)
    return (statistic, critical)
}
