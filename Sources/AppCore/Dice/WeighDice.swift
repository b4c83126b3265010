import Fractal

/// Works out the exact distribution of an expression. Weighing rolls nothing and keeps nothing.
public struct WeighDice: UseCase {
    public enum Request {
        case weigh(expression: String)
    }

    public enum Response {
        case weighed(DiceStatistics)
        case failed(DiceFailure)
    }

    let respond: Output<Response>

    public func request(_ request: Request) {
        switch request {
        case .weigh(let text):
            do {
                let program = try DiceParser.parse(text)
                let distribution = try DiceStatistician(expression: text).distribution(of: program.expression)
                respond(.weighed(DiceStatistics(expression: text, distribution)))
            } catch {
                respond(.failed(error))
            }
        }
    }
}
