import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long a store waits for a lock that another program holds before it gives up.
///
/// A writer holds the lock for milliseconds; one that holds it for long is stuck, or is not one of
/// ours, and a program that waited in silence would look hung. So whoever waits says so within a
/// second, naming what it waits for, and gives up after `giveUpAfter` seconds (never, if nil).
public struct LockPatience: Sendable, Equatable {
    /// Seconds to wait before giving up; nil waits as long as it takes.
    public let giveUpAfter: Double?

    public init(giveUpAfter: Double?) {
        self.giveUpAfter = giveUpAfter
    }

    /// What a program waits unless it is told otherwise.
    public static let standard = LockPatience(giveUpAfter: 30)

    /// How long a wait lasts before it is said.
    static let sayAfter = 1.0

    /// Tries `attempt` until it takes the lock, sleeping a little longer between tries, up to a
    /// fiftieth of a second. `what` is the file locked, named in what is said and in the error.
    func wait(for what: String, warn: StoreWarning, attempt: () throws -> Bool) throws {
        guard try !attempt() else { return }
        var waiting = LockWait(patience: self, what: what)
        while true {
            guard waiting.keepWaiting(warn: warn) else { throw waiting.gaveUp }
            if try attempt() { return }
        }
    }
}

/// One wait for a lock: when it began, and whether it was said. SQLite's busy handler keeps one
/// across its calls; `LockPatience.wait` keeps one across its tries.
struct LockWait {
    let patience: LockPatience
    let what: String
    private let began = monotonicSeconds()
    private var tries = 0
    private var said = false

    init(patience: LockPatience, what: String) {
        self.patience = patience
        self.what = what
    }

    /// Sleeps before the next try and says the wait once it has lasted a second; false once it
    /// has lasted as long as the patience allows.
    mutating func keepWaiting(warn: StoreWarning) -> Bool {
        let waited = monotonicSeconds() - began
        if let limit = patience.giveUpAfter, waited >= limit { return false }
        if !said, waited >= LockPatience.sayAfter {
            said = true
            // Said as a wait with its bound, not as what happened: the program may well go on.
            let limit = patience.giveUpAfter.map { " (for up to \(Self.seconds($0)))" } ?? ""
            warn("waiting for another program to let go of \(what)\(limit)")
        }
        tries += 1
        usleep(useconds_t(min(20_000, 500 * tries)))
        return true
    }

    /// The error of a wait that lasted as long as the patience allows.
    var gaveUp: StoreError {
        .failed(
            path: what, operation: "lock",
            reason: "another program held it for \(Self.seconds(patience.giveUpAfter ?? 0)), so this one gave up")
    }

    private static func seconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}

/// Seconds on a clock that only goes forward, whatever is done to the time of day.
private func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
