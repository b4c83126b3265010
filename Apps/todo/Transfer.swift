import AppCore
import ArgumentParser
import Foundation
import ProgramKit

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
    var format: TodoFormat = .json

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            guard format != .taskwarrior else {
                throw ProgramFailure("export writes json or todotxt; taskwarrior is for import only", exit: .usage)
            }
            guard case .exported(let text) = try Session.forTodos(common).todo(.export(format: format)) else { return }
            try StandardOutput.write(format == .json ? text + "\n" : text)
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
                case .imported(let items, let abbreviation) = try session.todo(.importItems(text: text, format: format))
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
        let data: Data
        do {
            if file == "-" {
                data = try readCapped(FileHandle.standardInput, name: name)
            } else {
                let attributes = try FileManager.default.attributesOfItem(atPath: file)
                if attributes[.type] as? FileAttributeType == .typeDirectory {
                    throw ProgramFailure("\(file) is a folder; import reads a file", exit: .data)
                }
                let size = (attributes[.size] as? Int) ?? 0
                guard size <= Self.fileLimit else { throw tooLarge(name) }
                guard let handle = FileHandle(forReadingAtPath: file) else {
                    throw ProgramFailure("cannot read \(file): Permission denied", exit: .data)
                }
                defer { try? handle.close() }
                data = try readCapped(handle, name: name)
            }
        } catch let failure as ProgramFailure {
            throw failure
        } catch {
            throw ProgramFailure("cannot read \(name): \(describe(error))", exit: .data)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ProgramFailure("\(name) is not UTF-8 text", exit: .data)
        }
        return text
    }

    /// Everything `handle` holds, refused as soon as it is more than the limit.
    private func readCapped(_ handle: FileHandle, name: String) throws -> Data {
        var data = Data()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            data.append(chunk)
            guard data.count <= Self.fileLimit else { throw tooLarge(name) }
        }
        return data
    }

    private func tooLarge(_ name: String) -> ProgramFailure {
        ProgramFailure("\(name) is larger than \(Self.fileLimit) bytes, the most import reads", exit: .data)
    }
}
