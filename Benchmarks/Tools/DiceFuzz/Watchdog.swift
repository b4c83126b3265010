import Foundation
import Synchronization

/// Ends the run, naming the input, when one call takes longer than `limit`: a hang is a finding.
/// A class: the fuzzing loop and the watching thread share the call in progress.
final class Watchdog: Sendable {
    private struct Call {
        var input = ""
        var started: ContinuousClock.Instant?
    }
    private let call = Mutex(Call())
    private let limit: Duration

    init(limit: Duration) {
        self.limit = limit
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 1)
                let overdue = call.withLock { call in
                    call.started.map { ContinuousClock.now - $0 > limit } == true ? call.input : nil
                }
                if let overdue {
                    FileHandle.standardError.write(
                        Data("hang: one call ran over \(limit) on \(overdue.debugDescription)\n".utf8))
                    exit(2)
                }
            }
        }
        thread.start()
    }

    /// Runs `work` on `input`, watched; returns how long it took.
    func watch(_ input: String, _ work: () -> Void) -> Duration {
        let start = ContinuousClock.now
        call.withLock { $0 = Call(input: input, started: start) }
        work()
        call.withLock { $0.started = nil }
        return ContinuousClock.now - start
    }
}
