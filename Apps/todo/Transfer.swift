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
            todo.txt keeps priority, completion and dates, +tags, @contexts and key:value pairs
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
            FileHandle.standardOutput.write(Data(text.utf8))
            if format == .json { print() }
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

    /// Import reads the whole file into memory: a larger one is refused before it is read.
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
        let data: Data
        do {
            if file == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                let size = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
                guard size <= Self.fileLimit else {
                    throw ProgramFailure(
                        "\(file) is \(size) bytes; import reads at most \(Self.fileLimit)", exit: .data)
                }
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            }
        } catch let failure as ProgramFailure {
            throw failure
        } catch {
            throw ProgramFailure("cannot read \(file): \(error.localizedDescription)", exit: .data)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ProgramFailure("\(file) is not UTF-8 text", exit: .data)
        }
        return text
    }
}
