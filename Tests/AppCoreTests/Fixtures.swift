import AppCore
import Foundation

/// A moment every test may pin its clock to: 2026-11-22 12:00:00 UTC.
let noon = Date(milliseconds: 1_795_348_800_000)

/// A core on a fresh memory store with a fixed seed and clock, and everything that came out of it.
struct CoreUnderTest {
    let store = createMemoryStore(initial: AppState.initial)
    let send: Input<Message>
    let received: () -> [Message]

    init(seed: UInt64 = 1, clock: TimeSource = .fixed(noon)) {
        var heard: [Message] = []
        send = createAppCore(
            store: store, random: .seeded(seed), clock: clock, receivers: [{ heard.append($0) }])
        received = { heard }
    }
}
