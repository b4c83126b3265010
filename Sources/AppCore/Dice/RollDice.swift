import Fractal

extension DiceLimits {
    /// The most times one command may roll an expression.
    public static let times = 1_000
}

/// Parses an expression, rolls it `times` times with the injected random source, and keeps the roll.
func createRollDice(
    store: Store<DiceHistory>, random: RandomSource, clock: TimeSource, output: @escaping Output<DiceAnswer>
) -> Input<(expression: String, times: Int)> {
    { request in
        guard (1...DiceLimits.times).contains(request.times) else {
            return output(.failed(reason: .timesOutOfRange(times: request.times, limit: DiceLimits.times)))
        }
        let roll: DiceRoll
        do throws(DiceFailure) {
            let program = try DiceParser.parse(request.expression)
            var roller = DiceRoller(random: random, expression: request.expression)
            var results: [RollResult] = []
            for _ in 0..<(request.times * program.repeats) { results.append(try roller.roll(program.expression)) }
            roll = DiceRoll(expression: request.expression, results: results, at: clock.now())
        } catch {
            return output(.failed(reason: error))
        }
        do {
            try store.change([.record(roll.totalsOnly)])
            output(.rolled(roll: roll))
        } catch {
            output(.failed(reason: .notStored(reason: "\(error)")))
        }
    }
}
