import Essentials
import Fractal

/// Shakes the 8-Ball: one of its twenty answers, each equally likely, kept in the history.
func createAskEightBall(
    store: Store<EightBallHistory>, random: RandomSource, clock: TimeSource,
    output: @escaping Output<EightBallAnswer>
) -> Input<String> {
    { question in
        let question = question.trimmingWhitespace()
        guard !question.isEmpty else { return output(.failed(reason: .emptyQuestion)) }
        guard question.count <= EightBallLimits.question else {
            return output(
                .failed(reason: .questionTooLong(length: question.count, limit: EightBallLimits.question)))
        }
        if let bad = question.firstControlOrBidi {
            return output(.failed(reason: .controlCharacter(character: bad.codePoint)))
        }
        let face = EightBallFace.all[Int(random.uniform(below: UInt64(EightBallFace.all.count)))]
        let answer = EightBallReading(question: question, face: face, at: clock.now())
        answering(output) {
            try store.change(.record(answer))
            return .answered(answer: answer)
        }
    }
}
