import AppCore
import Foundation

/// The dice feature as a program drives it, in process: each request answered by one message.
struct FuzzedCore {
    /// A class: the core's receiver and the fuzzing loop share the last answer.
    private final class LastAnswer {
        var message: Message?
    }
    private let last = LastAnswer()
    private let send: Input<Message>

    init(seed: UInt64) {
        let last = last
        send = createAppCore(
            store: createMemoryStore(initial: AppState.initial), random: .seeded(seed),
            clock: .fixed(Date(timeIntervalSince1970: 0)), receivers: [{ last.message = $0 }])
    }

    func ask(_ message: Message) -> Message? {
        last.message = nil
        send(message)
        return last.message
    }
}
