import Foundation

/// A store of one kind in a folder of its own, for the specifications that import to-dos into it
/// and then damage its bytes: the programs run on it with the clock pinned.
struct ImportedStore {
    let folder: URL
    /// `disk` or `sqlite`.
    let kind: String

    init(_ kind: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("imported-\(UUID().uuidString)")
        self.kind = kind
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var path: String { folder.appendingPathComponent("\(kind).store").path }

    /// Runs `program` with `words` on the store.
    func run(_ program: String, _ words: [String]) throws -> ProgramRun {
        try ProgramRun.of(program, words + ["--store", kind, "--data", path, "--now", "2026-11-22T12:00:00Z"])
    }

    func todo(_ words: [String]) throws -> ProgramRun {
        try run("todo", words)
    }

    /// Imports `lines` as todo.txt, one command.
    func importing(_ lines: [String], _ options: String...) throws -> ProgramRun {
        let file = folder.appendingPathComponent("\(UUID().uuidString).txt")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        return try todo(["import", file.path, "--format", "todotxt"] + options)
    }

    /// The store's file, byte for byte.
    func bytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func write(_ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
