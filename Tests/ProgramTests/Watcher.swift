import Foundation

/// A program left running, such as `todo list --watch`, whose output is read as it comes and
/// which is stopped by a signal, as a person stops it with Ctrl-C.
struct Watcher {
    let process: Process
    private let output: FileHandle
    /// Where what the program says on standard error is kept, to be read once it has stopped.
    private let errors: URL

    init(_ program: String, _ arguments: [String], environment: [String: String]) throws {
        process = Process()
        process.executableURL =
            program.hasPrefix("/") ? URL(fileURLWithPath: program) : try ProgramRun.executable(named: program)
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment
        inherited["NO_COLOR"] = "1"
        for name in inherited.keys where name.hasPrefix("APPCORE_") { inherited[name] = nil }
        process.environment = inherited.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        errors = FileManager.default.temporaryDirectory.appendingPathComponent("watcher-\(UUID().uuidString)")
        try Data().write(to: errors)
        let errorsHandle = try FileHandle(forWritingTo: errors)
        defer { try? errorsHandle.close() }  // the program holds its own copy
        process.standardError = errorsHandle
        process.standardInput = FileHandle.nullDevice
        output = pipe.fileHandleForReading
        try process.run()
        // A watcher that a failed test leaves running is stopped, so that the run cannot hang; one
        // already ended is left alone, for its number may be another program's by then.
        let (watched, started) = (process.processIdentifier, process)
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
            if started.isRunning { kill(watched, SIGKILL) }
        }
    }

    /// Reads until what was printed holds `text`, or the output ends; returns all read so far.
    func read(until text: String, after earlier: String = "") -> String {
        var printed = earlier
        while !printed.contains(text) {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        return printed
    }

    /// Sends `signal` and returns the exit status, or -1 when the program died of a signal; `said`
    /// is then what it wrote on standard error, for a failing test's message.
    func stop(with signal: Int32) -> (status: Int32, said: String) {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: errors)
        return (process.terminationReason == .exit ? process.terminationStatus : -1, said)
    }
}
