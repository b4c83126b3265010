import Fractal

/// Parses an expression, rolls it with the injected random source, and keeps the roll.
public struct RollDice: UseCase {
    public enum Request {
        case roll(expression: String, times: Int)
    }

    public enum Response {
        case rolled(DiceRoll)
        case failed(DiceFailure)
    }

    /// The most times one command may roll an expression.
    public static let timesLimit = 1_000

    let store: AppStore
    let random: RandomSource
    let clock: TimeSource
    let respond: Output<Response>

    public func request(_ request: Request) {
        switch request {
        case .roll(let text, let times):
            guard (1...Self.timesLimit).contains(times) else {
                return respond(.failed(.timesOutOfRange(times: times, limit: Self.timesLimit)))
            }
            do {
                let program = try DiceParser.parse(text)
                var roller = DiceRoller(random: random, expression: text)
                var results: [RollResult] = []
                for _ in 0..<(times * program.repeats) { results.append(try roller.roll(program.expression)) }
                let roll = DiceRoll(expression: text, results: results, at: clock.now())
                do {
                    try store.change([.dice(.record(roll.totalsOnly))])
                    respond(.rolled(roll))
                } catch {
                    respond(.failed(.notStored(reason: "\(error)")))
                }
            } catch {
                respond(.failed(error))
            }
        }
    }
}
