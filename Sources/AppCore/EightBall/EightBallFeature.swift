import Fractal

/// The 8-Ball feature: answers questions and shows or clears its history.
public func createEightBallFeature(
    store: AppStore, random: RandomSource, clock: TimeSource, output: @escaping Output<Message>
) -> Input<Message> {
    let asker = AskEightBall(store: store, random: random, clock: clock) { response in
        switch response {
        case .answered(let answer): output(.eightBall(.answered(answer: answer)))
        case .failed(let reason): output(.eightBall(.failed(reason: reason)))
        }
    }
    return { message in
        guard case .eightBall(let command) = message else { return }
        switch command {
        case .ask(let question):
            asker.request(.ask(question: question))
        case .showHistory:
            output(.eightBall(.history(answers: Array(store.state().eightBall.answers))))
        case .clearHistory:
            do {
                try store.change([.eightBall(.clear)])
                output(.eightBall(.historyCleared))
            } catch {
                output(.eightBall(.failed(reason: .notStored(reason: "\(error)"))))
            }
        case .answered, .history, .historyCleared, .failed:
            break  // answers are for the program, not for us
        }
    }
}
