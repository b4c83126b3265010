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
        abstract: "Write every to-do to stdout, as JSON, todo.txt or Taskwarrior's JSON.",
        discussion: """
            json keeps every field. todo.txt keeps priority ((A) to (Z)), completion and dates, \
            +tags, @contexts and key:value pairs (due:2026-12-01, and id: so that a round trip \
            keeps the ids); notes, the project, the due time, wait, scheduled, until and the time \
            worked stay behind.

            taskwarrior writes what `task import` reads: each to-do's uuid extra (or one made from \
            its id, the same in every export), the title as description, status, entry, end, due \
            (with its time), wait, scheduled, until, start, priority, project, tags, contexts as \
            tags that start with @, the notes as annotations (a line that starts with a moment \
            like 2026-11-20T10:30:00Z is one made then), and every other extra as a field of its \
            own (%20 read as a space), depends as a list. The time worked stays behind.

            Examples:
              todo export > todos.json
              todo export --format todotxt > todo.txt
              todo export --format taskwarrior > tasks.json && task import tasks.json
            """
    )

    @Option(help: "json (the default), todotxt or taskwarrior.")
    var format: TodoFormat = .json

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let answer = try Session.forTodos(common).send(.export(format: format), to: TodoFeature.self)
            guard case .exported(let text) = answer else { throw ProgramFailure.unexpected(answer) }
            try StandardOutput.write(format == .todotxt ? text : text + "\n")
        }
    }
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring to-dos in from a file: all of them as one command, or none if any line is wrong.",
        discussion: """
            Without --format, the format is told from the file: JSON whose to-dos have a title is \
            todo's own (an array, or one to-do), JSON whose tasks have a description is \
            Taskwarrior's, other text is todo.txt. A file that starts as JSON and is neither is \
            refused: give its --format.

            Importing the same file again adds nothing, whoever wrote it: a to-do of the file \
            that is one of these updates it, or is left as it is where nothing differs, and the \
            answer says how many were added, updated and unchanged. A Taskwarrior task is matched \
            by its uuid, a to-do of todo's JSON and a todo.txt line with id: by the id, and a \
            todo.txt line without one by its title and the day it was made. A new to-do whose \
            title and due day are those of an open one here is left out, and counted, unless \
            --allow-duplicates is given.

            From Taskwarrior, each field a task has is kept in the to-do: due with its time, wait, \
            scheduled, until, start, priority H/M/L, project, tags, annotations, depends (the \
            uuids of the tasks it waits on, made their to-dos), and recur where the task has a \
            due day; the uuid is kept as the extra uuid. Every other field (user-defined \
            attributes, mask, a recurrence todo does not read, another priority) is kept as an \
            extra of its name, a space in its value as %20, and named in the answer. Each instance \
            of a recurring task is a to-do of its own, with its uuid, status and due day, and \
            keeps its template's uuid (parent), its place (imask) and what the template does not \
            share with it (template: its entry, due and mask): the template is left out, and \
            written again by the export, so that Taskwarrior gets back the tasks it gave. Deleted \
            tasks are left out too; the answer counts both. Import Taskwarrior's latest export \
            before exporting back: task import puts back what todo holds over what changed \
            there since (README, "What the way back cannot do"). id, urgency and modified are \
            Taskwarrior's bookkeeping, not kept.

            From todo.txt, each letter (A) to (Z) is a priority of its own; (A), (B), (C) are \
            Taskwarrior's high, medium, low. A line without the day it was made gets \
            none (the extra created:none); a word whose key is digits (10:30) is the title's. What \
            todo.txt does not carry (notes, project, wait and the rest) is kept as it is here.

            Examples:
              todo import todos.json
              todo import todo.txt
              task export > tasks.json && todo import tasks.json
            """
    )

    /// Import reads the whole file into memory: a larger one is refused before it is read, or,
    /// where its size cannot be known first (standard input, a pipe), as soon as it is read past.
    static let fileLimit = 64 << 20

    @Argument(help: "The file to read, or - for standard input.")
    var file: String

    @Option(help: "json, todotxt or taskwarrior; told from the file where not given.")
    var format: TodoFormat?

    @Flag(help: "Add a to-do even where an open one of the same title and due day is here already.")
    var allowDuplicates = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let text = try read()
            guard let format = format ?? TodoFormat.recognised(in: text) else {
                throw ProgramFailure(
                    "cannot tell the format of \(file == "-" ? "standard input" : file): it starts as JSON, but not "
                        + "as todo's or Taskwarrior's; give --format json, --format taskwarrior or --format todotxt",
                    exit: .data)
            }
            let session = try Session.forTodos(common)
            let answer = try session.send(
                .importItems(text: text, format: format, duplicates: allowDuplicates ? .added : .leftOut),
                to: TodoFeature.self)
            guard case .imported(let items, let abbreviation, let report) = answer else {
                throw ProgramFailure.unexpected(answer)
            }
            if common.json {
                try printJSON(items.map(TodoRecord.init))
                for line in report.notes(format: format) { StandardError.line(line) }
            } else {
                print(report.summary)
                for line in report.notes(format: format) { print(line) }
                try show(items, abbreviation: abbreviation, json: false, in: session)
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

extension ImportReport {
    /// `Imported 3 to-dos.`, or, where some were here already, what became of them.
    var summary: String {
        let plural = { (count: Int) in count == 1 ? "" : "s" }
        guard updated > 0 || unchanged > 0 else { return "Imported \(added) to-do\(plural(added))." }
        return "Imported \(added) new to-do\(plural(added)), updated \(updated), \(unchanged) unchanged."
    }

    /// What else the import did, a line each: the fields kept as extras, the records left out.
    func notes(format: TodoFormat) -> [String] {
        var lines: [String] = []
        if !keptAsExtras.isEmpty {
            let count = keptAsExtras.count
            lines.append(
                "\(count) field\(count == 1 ? "" : "s") kept as extras: \(keptAsExtras.map { TerminalText.escaped($0) }.joined(separator: ", "))."
            )
        }
        let records = format == .taskwarrior ? "task" : "to-do"
        if skipped.values.reduce(0, +) > 0 {
            let total = skipped.values.reduce(0, +)
            let reasons = skipped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            var why = ""
            if skipped[ImportReport.recurringTemplate] != nil {
                why += " (a recurring task's instances are its to-dos, and keep its template)"
            }
            if skipped[ImportReport.openAlready] != nil { why += " (--allow-duplicates adds them anyway)" }
            lines.append("\(total) \(records)\(total == 1 ? "" : "s") left out: \(reasons)\(why).")
        }
        return lines
    }
}
