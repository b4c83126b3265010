import Foundation

/// One run of a built program, as a user would start it.
struct ProgramRun {
    let status: Int32
    let stdout: String
    let stderr: String

    /// Runs `program` from this build's products (or at an absolute path) with `arguments`, on the
    /// given environment, with `input` on standard input (else nothing), and standard output into
    /// `output` where given (such as `/dev/full`; `stdout` is then empty).
    static func of(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], input: URL? = nil,
        output: URL? = nil
    ) throws -> ProgramRun {
        try start(program, arguments, environment: environment, input: input, output: output).finish()
    }

    /// Starts `program` as `of` runs it, without waiting for it to end.
    static func start(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], input: URL? = nil,
        output: URL? = nil
    ) throws -> Running {
        let process = Process()
        process.executableURL = program.hasPrefix("/") ? URL(fileURLWithPath: program) : try executable(named: program)
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment
        inherited["NO_COLOR"] = "1"
        for name in inherited.keys where name.hasPrefix("APPCORE_") { inherited[name] = nil }
        // Either would have libpq make a connection by itself, printing what is said while it does.
        for name in ["PGCONNECT_TIMEOUT", "PGSERVICE"] { inherited[name] = nil }
        // Never the user's own data: a run keeps its default store in a folder of its own.
        inherited["XDG_DATA_HOME"] =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("appcore-program-tests-\(UUID().uuidString)").path
        process.environment = inherited.merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        let outputFile = try output.map { try FileHandle(forWritingTo: $0) }
        process.standardOutput = outputFile ?? stdout
        process.standardError = stderr
        do {
            process.standardInput = try input.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
            try process.run()
        } catch {
            try? outputFile?.close()
            throw error
        }
        return Running(process: process, stdout: stdout, stderr: stderr, outputFile: outputFile)
    }

    /// A program started by `start`.
    struct Running {
        let process: Process
        let stdout: Pipe
        let stderr: Pipe
        /// Where its standard output goes, if not to `stdout`: closed once it has ended.
        let outputFile: FileHandle?

        /// What it writes on its standard error, read as it comes, until it holds `words`, or to
        /// its end if it never does.
        func error(upTo words: String) -> String {
            var read = Data()
            while !String(decoding: read, as: UTF8.self).contains(words) {
                let more = stderr.fileHandleForReading.availableData
                if more.isEmpty { break }
                read.append(more)
            }
            return String(decoding: read, as: UTF8.self)
        }

        /// Waits for it to end, with what it wrote and was not read yet (`error(upTo:)`).
        func finish() -> ProgramRun {
            defer { try? outputFile?.close() }
            // Both pipes read before waiting, so that a large output cannot block the child.
            let out = outputFile == nil ? stdout.fileHandleForReading.readDataToEndOfFile() : Data()
            let err = stderr.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return ProgramRun(
                status: process.terminationStatus,
                stdout: String(decoding: out, as: UTF8.self),
                stderr: String(decoding: err, as: UTF8.self))
        }
    }

    /// The programs under test: those in the folder `APPCORE_TEST_PROGRAMS` names (CI sets it to
    /// the programs `./install` just installed, so that what users run is what is tested), or else
    /// this build's, which sit beside the test bundle in the build's products folder.
    static func executable(named program: String) throws -> URL {
        if let installed = ProcessInfo.processInfo.environment["APPCORE_TEST_PROGRAMS"], !installed.isEmpty {
            let candidate = URL(fileURLWithPath: installed).appendingPathComponent(program)
            guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidate.path])
            }
            return candidate
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(program)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: program])
    }

    /// Standard output read as one JSON object.
    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        guard let dictionary = object as? [String: Any] else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        return dictionary
    }
}
