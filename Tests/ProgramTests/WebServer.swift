import Foundation

/// A class, because it is a running process, stopped when the test lets go of it.
///
/// A `web` server started as a user starts it, on a free port of 127.0.0.1 unless told
/// otherwise, read until it says where it serves; stopped with a signal as a person stops it.
final class WebServer {
    let process = Process()
    /// `http://127.0.0.1:PORT`, without a slash at the end.
    let base: String
    /// What it said on standard error up to the line that names its address (and the token's).
    let said: String
    private let errors: FileHandle

    /// Starts `web` with `arguments` (a store's at least); `--listen` is added unless given.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = try ProgramRun.executable(named: "web")
        process.arguments = arguments.contains("--listen") ? arguments : arguments + ["--listen", "127.0.0.1:0"]
        var inherited = ProcessInfo.processInfo.environment
        for name in inherited.keys where name.hasPrefix("APPCORE_") { inherited[name] = nil }
        process.environment = inherited.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        errors = pipe.fileHandleForReading
        try process.run()
        // A server a failed test leaves running is stopped, so that the run cannot hang; one
        // already ended is left alone, for its number may be another program's by then.
        let (started, server) = (process.processIdentifier, process)
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { if server.isRunning { kill(started, SIGKILL) } }
        var text = ""
        while !text.contains("(Ctrl-C to stop)\n") {
            let chunk = errors.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        if arguments.contains(where: { $0.hasPrefix("0.0.0.0") }) {
            while !text.contains("bearer token\n") {
                let chunk = errors.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
        }
        said = text
        guard let start = text.range(of: "Serving http://"),
            let end = text[start.upperBound...].range(of: "/ (Ctrl-C")
        else {
            process.waitUntilExit()
            throw WebServerDidNotStart(said: text, status: process.terminationStatus)
        }
        let address = String(text[start.upperBound..<end.lowerBound])
        // Listening everywhere, it is reached here through the loopback address.
        base = "http://" + address.replacingOccurrences(of: "0.0.0.0", with: "127.0.0.1")
    }

    /// The token it made and printed, if it did.
    var madeToken: String? {
        guard let start = said.range(of: "?token=") else { return nil }
        return String(said[start.upperBound...].prefix { $0.isLetter || $0.isNumber })
    }

    /// Sends `signal`, waits, and returns the exit status (-1 where the signal killed it).
    func stop(with signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : -1
    }

    /// What it said on standard error after the line that names its address, once it has
    /// stopped (before, this waits for it to stop).
    func saidSinceStarting() -> String {
        String(decoding: errors.readDataToEndOfFile(), as: UTF8.self)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

struct WebServerDidNotStart: Error, CustomStringConvertible {
    let said: String
    let status: Int32
    var description: String { "web did not start (exit \(status)): \(said)" }
}

/// One HTTP exchange made with curl, as the README's examples make them.
struct HTTPExchange {
    let status: Int
    let headers: [String: String]
    let body: String

    /// `curl` with `arguments` after the URL; the response's status, headers (names in lower
    /// case) and body. Redirects are not followed.
    static func curl(_ url: String, _ arguments: [String] = [], input: Data? = nil) throws -> HTTPExchange {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "-s", "-i", "--max-time", "20", url] + arguments
        let output = Pipe()
        let feed = Pipe()
        process.standardOutput = output
        process.standardInput = input == nil ? FileHandle.nullDevice : feed
        process.standardError = FileHandle.nullDevice
        try process.run()
        if let input {
            DispatchQueue.global().async {
                try? feed.fileHandleForWriting.write(contentsOf: input)
                try? feed.fileHandleForWriting.close()
            }
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw CurlGotNoResponse(output: text) }
        let head = text[..<split.lowerBound].split(separator: "\r\n")
        let status = head.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return HTTPExchange(status: status, headers: headers, body: String(text[split.upperBound...]))
    }
}

struct CurlGotNoResponse: Error {
    let output: String
}

extension WebServer {
    /// The code this server's forms carry, read off a page as a browser has it.
    func formCode(_ extra: [String] = []) throws -> String {
        let page = try HTTPExchange.curl(base + "/todos", extra).body
        guard let start = page.range(of: "name=\"form\" value=\"") else { throw CurlGotNoResponse(output: page) }
        return String(page[start.upperBound...].prefix { $0 != "\"" })
    }

    /// Posts a form's fields, with this server's code unless `code` says otherwise.
    func post(_ path: String, _ fields: [String: String], code: String? = nil, headers: [String] = [])
        throws -> HTTPExchange
    {
        let given = try code ?? formCode()
        var arguments = ["-X", "POST", "--data-urlencode", "form=\(given)"]
        for (name, value) in fields { arguments += ["--data-urlencode", "\(name)=\(value)"] }
        for header in headers { arguments += ["-H", header] }
        return try HTTPExchange.curl(base + path, arguments)
    }
}
