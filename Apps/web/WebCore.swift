import AppCore
import Dispatch
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one core of the server's life, and the one thread it runs on: requests come on many
/// threads at once, and each command goes to the core in turn, as a program's commands do. A
/// class, because every request shares this one core; its session is touched only on `queue`.
///
/// A command may wait for the store (another program's lock, a slow disk, PostgreSQL across a
/// network): it waits on this thread of its own, never on the threads that serve connections.
final class WebCore: @unchecked Sendable {
    private let session: Session
    private let queue = DispatchQueue(label: "web.core")

    init(options: CommonOptions, seed: UInt64) throws {
        session = try Session(options: options, seed: seed)
    }

    /// Runs `work` with the session, alone, and hands back what it gives or throws.
    func run<Value: Sendable>(_ work: @escaping @Sendable (Session) throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Swift.Result { try work(self.session) }) }
        }
    }

    /// Sends one command to `feature` and returns its answers; an answer that says the command
    /// failed is thrown, as a `ProgramFailure` in the feature's words.
    func send<Owner: Feature>(_ command: Owner.Command, to feature: Owner.Type) async throws -> Owner.Answer
    where Owner.Answer: FailingAnswer, Owner.Environment == AppEnvironment {
        try await run { session in try session.send(command, to: feature) }
    }

    /// Sends one command to `feature` and returns every answer, for a command that answers more
    /// than once (a line of several rolls); a failure is thrown as `send` throws it.
    func sendAll<Owner: Feature>(_ command: Owner.Command, to feature: Owner.Type) async throws -> [Owner.Answer]
    where Owner.Answer: FailingAnswer & Sendable, Owner.Environment == AppEnvironment {
        try await run { session in
            var answers: [Owner.Answer] = []
            try session.send(command, to: feature) { answers.append($0) }
            return answers
        }
    }

    /// Sends a command named by its feature, and returns every answer, failures among them.
    func send(_ command: Command) async throws -> [Answer] {
        try await run { session in session.send(command) }
    }

    /// The moment and time zone the core lives in.
    func clock() async throws -> (now: Date, timeZone: Zone) { try await run { ($0.now, $0.timeZone) } }

    func observeChanges(_ observer: @escaping @Sendable () -> Void) {
        queue.sync { session.observeChanges(observer) }
    }
}
