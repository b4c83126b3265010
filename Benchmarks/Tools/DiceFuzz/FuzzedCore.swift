import AppCore
import Foundation

/// The dice feature as a program drives it, in process, built alone: each command answered by one
/// answer.
struct FuzzedCore {
    /// A class: the feature's output and the fuzzing loop share the last answer.
    private final class LastAnswer {
        var answer: DiceAnswer?
    }
    private let last = LastAnswer()
    private let send: Input<DiceCommand>

    init(seed: UInt64) {
        let last = last
        send = createDiceFeature(
            store: createMemoryStore(initial: DiceHistory()), random: .seeded(seed),
            clock: .fixed(Date(timeIntervalSince1970: 0)), output: { last.answer = $0 })
    }

    func ask(_ command: DiceCommand) -> DiceAnswer? {
        last.answer = nil
        send(command)
        return last.answer
    }
}
