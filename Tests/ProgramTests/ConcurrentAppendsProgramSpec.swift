import Foundation
import Testing

/// `todo append` run by several programs at one moment on one to-do: each one's words are kept,
/// as each joins them to the title the store holds when it keeps them.
@Suite("appends at one moment")
struct ConcurrentAppendsProgramSpec {
    @Test(arguments: ["sqlite", "disk"])
    func everyAppendAtOneMomentKeepsItsWords(_ store: String) throws {
        let place = try TodoPlace(store)
        defer { place.remove() }
        let added = try place.todo("add", "start", "--json")
        let id = try #require(
            (try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["id"] as? String)
        let writers = try (0..<8).map { writer in
            let process = Process()
            process.executableURL = try ProgramRun.executable(named: "todo")
            process.arguments = ["append", id, "word\(writer)"]
            process.environment = place.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        // Started together, all of them, before any is waited for.
        for process in writers { try process.run() }
        for process in writers { process.waitUntilExit() }
        #expect(writers.allSatisfy { $0.terminationStatus == 0 })
        let title = try #require(try place.list().first?["title"] as? String)
        let words = title.split(separator: " ")
        #expect(words.first == "start" && words.count == 9, "\(title)")
        #expect(Set(words.dropFirst()) == Set((0..<8).map { "word\($0)" }), "\(title)")
    }
}
