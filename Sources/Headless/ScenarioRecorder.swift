import AppCore
import Foundation

/// Writes a live session as a scenario: the settings that make it replayable, then each command
/// sent and each answer that came out, appended to a file so that many runs make one suite.
public struct ScenarioRecorder: Sendable {
    public let file: String

    public init(file: String) {
        self.file = file
    }

    /// The scenario's head: its name, seed, clock and the state it started from.
    public func begin(name: String, seed: UInt64, now: Date, start: AppState) throws {
        let state = String(decoding: try ValueCoding.makeEncoder().encode(start), as: UTF8.self)
        try append([
            "", "scenario: \(name)", "seed: \(seed)", "now: \(ValueCoding.format(now))", "start: \(state)",
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
        let data = Data((lines.joined(separator: "\n") + "\n").utf8)
        if !FileManager.default.fileExists(atPath: file) {
            try Data("# Recorded sessions: replay them with `headless replay \(file)`.\n".utf8).write(
                to: URL(fileURLWithPath: file))
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: data)
    }
}
