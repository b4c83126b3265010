import AppCore
import Foundation

/// A program's link to the AppCore: opens the store, injects chance and time, and sends messages.
public struct Session {
    public let seed: UInt64
    private let store: AppStore
    private let random: RandomSource
    private let clock: TimeSource

    public init(options: CommonOptions, seed: UInt64 = 0) throws {
        self.seed = seed
        clock = try options.clock()
        store = try options.storage.open()
        random = .seeded(seed)
    }

    /// The moment and time zone this session's core lives in.
    public var now: Date { clock.now() }
    public var timeZone: TimeZone { clock.timeZone }

    /// Sends one message and returns the answers that came out, in order.
    public func send(_ message: Message) -> [Message] {
        var received: [Message] = []
        let core = createAppCore(store: store, random: random, clock: clock, receivers: [{ received.append($0) }])
        core(message)
        return Array(received.dropFirst())  // the first is the message itself, echoed to receivers
    }
}
