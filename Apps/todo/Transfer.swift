import AppCore
import ArgumentParser
import ProgramKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TodoFormat: ExpressibleByArgument {}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every to-do to stdout, as JSON or todo.txt.",
        discussion: """
            todo.txt keeps priority, completion and dates, +tags, @contexts and key:value pairs \
            (due:2026-12-01, and id: so that a round trip keeps the ids); notes stay behind.

            Examples:
              todo export > todos.json
              todo export --format todotxt > todo.txt
            """
    )

    @Option(help: "json (the default) or todotxt.")
    var format: ExportFormat = .json

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            guard
                case .exported(let text) = try Session.forTodos(common).send(
                    .export(format: format.written), to: TodoFeature.self)
            else { return }
            try StandardOutput.write(format == .json ? text + "\n" : text)
        }
    }
}

/// The formats export writes, and so the only ones its `--help` and its errors offer: Taskwarrior's
/// is read, not written.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case json
    case todotxt

    var written: TodoFormat {
        switch self {
        case .json: .json
        case .todotxt: .todotxt
        }
    }
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring to-dos in from a file: all of them as one command, or none if any line is wrong.",
        discussion: """
            Examples:
              todo import todos.json
              todo import todo.txt --format todotxt
              task export > tasks.json && todo import tasks.json --format taskwarrior
            """
    )

    /// Import reads the whole file into memory: a larger one is refused before it is read, or,
    /// where its size cannot be known first (standard input, a pipe), as soon as it is read past.
    static let fileLimit = 64 << 20

    @Argument(help: "The file to read, or - for standard input.")
    var file: String

    @Option(help: "json (the default), todotxt or taskwarrior.")
    var format: TodoFormat = .json

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let text = try read()
            let session = try Session.forTodos(common)
            guard
                case .imported(let items, let abbreviation) = try session.send(
                    .importItems(text: text, format: format), to: TodoFeature.self)
            else { return }
            if common.json {
                try printJSON(items.map(TodoRecord.init))
            } else {
                print("Imported \(items.count) to-do\(items.count == 1 ? "" : "s").")
                try show(items, abbreviation: abbreviation, json: false)
            }
        }
    }

    private func read() throws -> String {
        let name = file == "-" ? "standard input" : file
        let cannotRead = { ProgramFailure("cannot read \(name): \(String(cString: strerror(errno)))", exit: .data) }
        let descriptor = file == "-" ? STDIN_FILENO : open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw cannotRead() }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw cannotRead() }
        if file != "-", status.st_mode & S_IFMT == S_IFDIR {
            throw ProgramFailure("\(file) is a folder; import reads a file", exit: .data)
        }
        if file != "-", status.st_mode & S_IFMT == S_IFREG, status.st_size > Self.fileLimit { throw tooLarge(name) }
        // Read in chunks, refused as soon as it is past the limit: standard input has no size.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw cannotRead() }
            if count == 0 { break }
            bytes += chunk[..<count]
            guard bytes.count <= Self.fileLimit else { throw tooLarge(name) }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ProgramFailure("\(name) is not UTF-8 text", exit: .data)
        }
        return text
    }

    private func tooLarge(_ name: String) -> ProgramFailure {
        ProgramFailure("\(name) is larger than \(Self.fileLimit) bytes, the most import reads", exit: .data)
    }
}
