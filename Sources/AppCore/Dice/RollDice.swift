import Essentials
import Fractal

/// Parses a line and rolls each expression on it `times` times with the injected random source,
/// one after another, so that one seed replays the line. A line of one roll of up to
/// `keptResults` results answers whole and is kept in the history; a longer one streams its
/// results in parts and keeps nothing, so that a million rolls take no more memory than a
/// thousand. A line of several rolls answers each whole and keeps them all in one change.
func createRollDice(
    store: Store<DiceHistory>, random: RandomSource, clock: TimeSource, output: @escaping Output<DiceAnswer>
) -> Input<(expression: String, times: Int, criticalFrom: Int?)> {
    { request in
        do throws(DiceFailure) {
            let rolls = try parseLine(request.expression, times: request.times)
            if rolls.count == 1, let (program, count) = rolls.first, count > DiceLimits.keptResults {
                var roller = DiceRoller(
                    random: random, expression: request.expression, criticalFrom: request.criticalFrom)
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
                return output(.rolledMany(expression: program.text, results: count, at: clock.now()))
            }
            let now = clock.now()
            var made: [DiceRoll] = []
            for (program, count) in rolls {
                var roller = DiceRoller(random: random, expression: program.text, criticalFrom: request.criticalFrom)
                var results: [RollResult] = []
                for _ in 0..<count { results.append(try roller.roll(program.expression)) }
                made.append(DiceRoll(expression: program.text, results: results, at: now, comment: program.comment))
            }
            keep(made, store, output)
        } catch {
            output(.failed(reason: error))
        }
    }
}

/// Rolls each expression on the line `times` times, one after another from the injected random
/// source, and answers for each, in order, with how often each of its totals came up. The
/// results of the whole line are at most `DiceLimits.times`, so that a line of many expressions
/// takes no longer than one. Keeps nothing.
func createTallyDice(random: RandomSource, output: @escaping Output<DiceAnswer>) -> Input<
    (expression: String, times: Int)
> {
    { request in
        do throws(DiceFailure) {
            var tallies: [DiceRollTally] = []
            for (program, count) in try parseTallies(request.expression, times: request.times) {
                var roller = DiceRoller(random: random, expression: program.text, keepsDice: false)
                var counts = DiceTotalCounts()
                for _ in 0..<count { counts.count(try roller.roll(program.expression).total) }
                tallies.append(DiceRollTally(expression: program.text, counts: counts.counts, comment: program.comment))
            }
            for tally in tallies { output(.tallied(tally: tally)) }
        } catch {
            output(.failed(reason: error))
        }
    }
}

/// Every expression on a tally's line, each with how many results `times` rolls of it give, at
/// most `DiceLimits.times` in all.
private func parseTallies(_ line: String, times: Int) throws(DiceFailure) -> [(DiceProgram, Int)] {
    guard (1...DiceLimits.times).contains(times) else {
        throw .timesOutOfRange(times: times, limit: DiceLimits.times)
    }
    let programs = try DiceParser.parseLine(line)
    let repeats = programs.reduce(0) { $0 + $1.repeats }
    let (results, overflow) = times.multipliedReportingOverflow(by: repeats)
    guard !overflow, results <= DiceLimits.times else {
        throw .timesOutOfRange(times: times, limit: DiceLimits.times / repeats)
    }
    return programs.map { ($0, times * $0.repeats) }
}

/// Every roll on the line, each with how many results `times` rolls of it give. Several rolls
/// are each kept whole, so each may give at most `keptResults`.
private func parseLine(_ line: String, times: Int) throws(DiceFailure) -> [(DiceProgram, Int)] {
    guard (1...DiceLimits.times).contains(times) else {
        throw .timesOutOfRange(times: times, limit: DiceLimits.times)
    }
    let programs = try DiceParser.parseLine(line)
    var rolls: [(DiceProgram, Int)] = []
    for program in programs {
        let count = try count(of: program, times: times)
        guard programs.count == 1 || count <= DiceLimits.keptResults else {
            throw .overLimit(
                expression: line,
                problem: "several rolls on one line give at most \(DiceLimits.keptResults) results each; "
                    + "roll \(DiceFailure.shortened(program.text)) alone for more")
        }
        rolls.append((program, count))
    }
    return rolls
}

private func count(of program: DiceProgram, times: Int) throws(DiceFailure) -> Int {
    let (count, overflow) = times.multipliedReportingOverflow(by: program.repeats)
    guard !overflow, count <= DiceLimits.times else {
        throw .timesOutOfRange(times: times, limit: DiceLimits.times / program.repeats)
    }
    return count
}

/// Keeps the rolls of one line in one change, and answers with each.
private func keep(_ rolls: [DiceRoll], _ store: Store<DiceHistory>, _ output: Output<DiceAnswer>) {
    do {
        if rolls.count == 1, let roll = rolls.first {
            try store.change(.record(roll.totalsOnly))
        } else {
            try store.change(.recordAll(rolls.map(\.totalsOnly)))
        }
    } catch {
        return output(.failed(reason: .said(error)))
    }
    for roll in rolls { output(.rolled(roll: roll)) }
}
