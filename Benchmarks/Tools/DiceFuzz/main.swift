import AppCore
import Foundation

// Feeds the dice parser, roller and weigher random inputs in process: half well-formed
// expressions from the grammar, half noise. It checks that nothing crashes, that no call runs
// over a minute (the watchdog ends the run and names the input), and that every roll lies within
// the weighed bounds, the listed probabilities and the tail mass adding up to one.
//
// Usage, from Benchmarks/: swift run -c release DiceFuzz [inputs, 1000000] [seed, 1]

let arguments = CommandLine.arguments.dropFirst()
let inputs = arguments.first.flatMap { Int($0) } ?? 1_000_000
let seed = arguments.dropFirst().first.flatMap { UInt64($0) } ?? 1

let random = RandomSource.seeded(seed)
let expressions = ExpressionGenerator(random: random)
let noise = NoiseGenerator(random: random, expressions: expressions)
let watchdog = Watchdog(limit: .seconds(60))
let core = FuzzedCore(seed: seed)
var tally = FuzzTally()
let started = ContinuousClock.now

for index in 0..<inputs {
    let input = index.isMultiple(of: 2) ? expressions.program() : noise.input()
    tally.wellFormedDrawn += index.isMultiple(of: 2) ? 1 : 0
    var parsed = false
    tally.time(.parse, input) {
        watchdog.watch(input) { parsed = (try? DiceParser.parse(input)) != nil }
    }
    guard parsed else {
        tally.refusedByParser += 1
        continue
    }
    var rolled: DiceRoll?
    tally.time(.roll, input) {
        watchdog.watch(input) {
            if case .rolled(let roll) = core.ask(.roll(expression: input, times: 3)) { rolled = roll }
        }
    }
    var weighed: DiceStatistics?
    tally.time(.weigh, input) {
        watchdog.watch(input) {
            if case .weighed(let statistics) = core.ask(.weigh(expression: input)) {
                weighed = statistics
            }
        }
    }
    tally.count(rolled: rolled != nil, weighed: weighed != nil)
    if let rolled, let weighed { tally.check(input, rolled, against: weighed) }
}

tally.elapsed = ContinuousClock.now - started
print(tally.report(inputs: inputs, seed: seed))
exit(tally.findings.isEmpty ? 0 : 1)
