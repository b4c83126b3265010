import Essentials
import Fractal

/// Parses an expression and rolls it `times` times with the injected random source. A roll of
/// up to `keptResults` results answers whole and is kept in the history; a longer one streams its
/// results in parts and keeps nothing, so that a million rolls take no more memory than a
/// thousand.
func createRollDice(
    store: Store<DiceHistory>, random: RandomSource, clock: TimeSource, output: @escaping Output<DiceAnswer>
) -> Input<(expression: String, times: Int)> {
    { request in
        do throws(DiceFailure) {
            let (program, count) = try parse(request.expression, times: request.times)
            var roller = DiceRoller(random: random, expression: request.expression)
            guard count <= DiceLimits.keptResults else {
                var results: [RollResult] = []
                results.reserveCapacity(DiceLimits.streamedResults)
                for _ in 0..<count {
                    results.append(try roller.roll(program.expression))
                    if results.count == DiceLimits.streamedResults {
                        output(.rolling(results: results))
                        results.removeAll(keepingCapacity: true)
                    }
                }
                if !results.isEmpty { output(.rolling(results: results)) }
                return output(.rolledMany(expression: request.expression, results: count, at: clock.now()))
            }
            var results: [RollResult] = []
            for _ in 0..<count { results.append(try roller.roll(program.expression)) }
            keep(DiceRoll(expression: request.expression, results: results, at: clock.now()), store, output)
        } catch {
            output(.failed(reason: error))
        }
    }
}

/// Rolls an expression `times` times and answers with how often each total came up. Keeps nothing.
func createTallyDice(random: RandomSource, output: @escaping Output<DiceAnswer>) -> Input<
    (expression: String, times: Int)
> {
    { request in
        do throws(DiceFailure) {
            let (program, count) = try parse(request.expression, times: request.times)
            var roller = DiceRoller(random: random, expression: request.expression)
            var counts: [Int: Int] = [:]
            for _ in 0..<count { counts[try roller.roll(program.expression).total, default: 0] += 1 }
            output(.tallied(tally: DiceRollTally(expression: request.expression, counts: counts)))
        } catch {
            output(.failed(reason: error))
        }
    }
}

/// The expression parsed, and how many results `times` rolls of it give (each `Nx` gives N).
private func parse(_ expression: String, times: Int) throws(DiceFailure) -> (DiceProgram, Int) {
    guard (1...DiceLimits.times).contains(times) else {
        throw .timesOutOfRange(times: times, limit: DiceLimits.times)
    }
    let program = try DiceParser.parse(expression)
    let (count, overflow) = times.multipliedReportingOverflow(by: program.repeats)
    guard !overflow, count <= DiceLimits.times else {
        throw .timesOutOfRange(times: times, limit: DiceLimits.times / program.repeats)
    }
    return (program, count)
}

private func keep(_ roll: DiceRoll, _ store: Store<DiceHistory>, _ output: Output<DiceAnswer>) {
    do {
        try store.change(.record(roll.totalsOnly))
        output(.rolled(roll: roll))
    } catch {
        output(.failed(reason: .notStored(reason: "\(error)")))
    }
}
