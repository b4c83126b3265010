import Foundation
import Testing

/// Commands that find the to-dos already as asked, lists in the order to-dos were made whatever
/// happened since, and help that offers only what a command does.
@Suite("todo, as asked")
struct TodoAsAskedProgramSpec {
    @Test(arguments: [("done", "Already done", true), ("reopen", "Already open", false)])
    func aToDoAlreadyAsAskedIsLeftAsItWasAndSaidSo(_ command: String, _ said: String, _ done: Bool) throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let id = try place.added("call the plumber")
        if done { #expect(try place.todo("done", id).status == 0) }
        let before = try place.todo("list", "--all", "--json").stdout

        let run = try ProgramRun.of(
            "todo", [command, id],
            environment: place.environment.merging(["APPCORE_NOW": "2026-11-23T08:00:00Z"]) { $1 })

        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("\(said) \(id.prefix(4)) "), "\(run.stdout)")
        #expect(try place.todo("list", "--all", "--json").stdout == before)
        let journal = try place.todo("journal").stdout
        #expect(journal.components(separatedBy: "done ").count == (done ? 2 : 1), "\(journal)")
    }

    @Test
    func aToDoBroughtBackByUndoStandsWhereItWasMadeInTheList() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let first = try place.added("first", at: "2026-11-22T09:00:00Z")
        _ = try place.added("second", at: "2026-11-22T10:00:00Z")
        #expect(try place.todo("delete", first).status == 0)

        #expect(try place.todo("undo").status == 0)

        #expect(try place.list("--sort", "created").map { $0["title"] as? String } == ["first", "second"])
        #expect(try place.list().map { $0["title"] as? String } == ["first", "second"])
    }

    @Test
    func exportOffersTheFormatsItWrites() throws {
        let help = try ProgramRun.of("todo", ["export", "--help"]).stdout
        let taskwarrior = try ProgramRun.of("todo", ["export", "--format", "taskwarrior", "--store", "memory"])
        let unknown = try ProgramRun.of("todo", ["export", "--format", "csv", "--store", "memory"])

        #expect(help.contains("json, todotxt, taskwarrior; default: json"), "\(help)")
        #expect(taskwarrior.status == 0 && taskwarrior.stdout == "[]\n", "\(taskwarrior.stderr)")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("'json', 'todotxt' or 'taskwarrior'"), "\(unknown.stderr)")
    }
}

extension TodoPlace {
    /// Adds a to-do titled `title`, made at `moment` where given; returns its whole id.
    func added(_ title: String, at moment: String? = nil) throws -> String {
        let run = try ProgramRun.of(
            "todo", ["add", title, "--json"],
            environment: environment.merging(moment.map { ["APPCORE_NOW": $0] } ?? [:]) { $1 })
        let record = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return try #require(record?["id"] as? String)
    }
}
