import Foundation
import Fractal

/// Shakes the 8-Ball: one of its twenty answers, each equally likely, kept in the history.
public struct AskEightBall: UseCase {
    public enum Request {
        case ask(question: String)
    }

    public enum Response {
        case answered(EightBallAnswer)
        case failed(EightBallFailure)
    }

    /// The longest question the 8-Ball hears, in characters.
    public static let questionLimit = 1_000

    let store: AppStore
    let random: RandomSource
    let clock: TimeSource
    let respond: Output<Response>

    public func request(_ request: Request) {
        switch request {
        case .ask(let question):
            let question = question.trimmingWhitespace()
            guard !question.isEmpty else { return respond(.failed(.emptyQuestion)) }
            guard question.count <= Self.questionLimit else {
                return respond(.failed(.questionTooLong(length: question.count, limit: Self.questionLimit)))
            }
            let face = EightBallFace.all[Int(random.uniform(below: UInt64(EightBallFace.all.count)))]
            let answer = EightBallAnswer(question: question, face: face, at: clock.now())
            do {
                try store.change([.eightBall(.record(answer))])
                respond(.answered(answer))
            } catch {
                respond(.failed(.notStored(reason: "\(error)")))
            }
        }
    }
}
