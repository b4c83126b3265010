import AppCore
import Essentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes a live session as a scenario: the settings that make it replayable, then each command
/// sent and each answer that came out, appended to a file so that many runs make one suite.
public struct ScenarioRecorder: Sendable {
    public let file: String

    public init(file: String) {
        self.file = file
    }

    /// The scenario's head: its name, seed, clock and the state it started from, as JSON.
    public func begin(name: String, seed: UInt64, now: Date, start: String) throws {
        try append([
            "", "scenario: \(name)", "seed: \(seed)", "now: \(ValueCoding.format(now))", "start: \(start)",
        ])
    }

    /// A command sent; the answers that come out follow it.
    public func record(sent: Command) throws {
        try append(["send \(ScenarioRunner.text(sent))"])
    }

    /// An answer that came out of the last command.
    public func record(answer: Answer) throws {
        try append(["expect \(ScenarioRunner.text(answer))"])
    }

    private func append(_ lines: [String]) throws {
        var text = lines.joined(separator: "\n") + "\n"
        // A recording holds every command and answer, a web server's token among them: a file it
        // makes is its owner's alone, whatever the umask.
        let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        if lseek(descriptor, 0, SEEK_END) == 0 {
            text = "# Recorded sessions: replay them with `headless replay \(file)`.\n" + text
        }
        try text.withUTF8 { bytes in
            var written = 0
            while written < bytes.count {
                let count = write(descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                written += count
            }
        }
    }
}
