import Foundation

/// A test-only program started in its own process, whose output can be read as it comes.
struct ChildProcess {
    let process: Process
    private let output: FileHandle

    /// Starts `store-exerciser`, built beside this test bundle, with `arguments`.
    init(exerciser arguments: [String]) throws {
        process = Process()
        process.executableURL = try Self.builtProgram(named: "store-exerciser")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        output = pipe.fileHandleForReading
        try process.run()
    }

    /// Runs `store-exerciser` with `arguments` to its end: what it printed, what it said on
    /// standard error, its exit status and which process it was.
    static func run(exerciser arguments: [String], in folder: URL? = nil) throws -> (
        lines: [String], errors: String, status: Int32, processIdentifier: Int32
    ) {
        try run(traced: nil, exerciser: arguments, in: folder)
    }

    /// The same, run by `strace` with `tracing` where given, to count what it asks of the system.
    static func run(traced tracing: [String]?, exerciser arguments: [String], in folder: URL? = nil) throws -> (
        lines: [String], errors: String, status: Int32, processIdentifier: Int32
    ) {
        let process = Process()
        let exerciser = try builtProgram(named: "store-exerciser")
        process.executableURL = tracing == nil ? exerciser : URL(fileURLWithPath: strace)
        process.arguments = tracing.map { $0 + [exerciser.path] + arguments } ?? arguments
        process.currentDirectoryURL = folder
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A program that hangs is killed, so that the test fails instead of waiting for ever; one
        // already ended is left alone, for its number may be another program's by then.
        let (watched, child) = (process.processIdentifier, process)
        DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
            if child.isRunning { Foundation.kill(watched, SIGKILL) }
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: printed, as: UTF8.self).split(separator: "\n").map(String.init)
        return (lines, String(decoding: said, as: UTF8.self), process.terminationStatus, watched)
    }

    /// Where the specifications that count system calls find `strace`.
    static let strace = "/usr/bin/strace"

    /// Reads until at least `count` lines have come, or the output ends; returns every line read.
    func readLines(atLeast count: Int) -> [String] {
        var text = ""
        while text.count(where: { $0 == "\n" }) < count {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Every line until the output ends, and the process's exit status.
    func finish() -> (lines: [String], status: Int32) {
        let lines = String(decoding: output.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(
            String.init)
        process.waitUntilExit()
        return (lines, process.terminationStatus)
    }

    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
    }

    static func builtProgram(named program: String) throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(program)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: program])
    }
}
