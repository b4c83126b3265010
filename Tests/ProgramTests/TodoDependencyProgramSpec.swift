import Foundation
import Testing

/// To-dos that wait on others as a person meets them: `depends:` and `--depends` by short ids,
/// the list's BLOCKED and BLOCKING marks, `show`, the virtual tags, done on a blocked one, and a
/// dependency refused in one line. The clock is pinned at 2026-11-22 12:00 UTC.
@Suite("todo, dependencies")
struct TodoDependencyProgramSpec {
    /// A place holding `buy paint` and `paint the wall`, the second waiting on the first; and their ids.
    func paintAndWall(_ store: String) throws -> (TodoPlace, paint: String, wall: String) {
        let place = try TodoPlace(store)
        _ = try place.todo("add", "buy paint", "+home")
        let paint = try #require(try place.list().first?["id"] as? String)
        let added = try place.todo("add", "paint the wall", "depends:\(paint.prefix(4))")
        #expect(added.status == 0, "\(added.stderr)")
        let wall = try #require(try place.list().last?["id"] as? String)
        return (place, paint, wall)
    }

    @Test func theListMarksTheBlockedAndTheBlockingAndShowNamesThem() throws {
        let (place, paint, wall) = try paintAndWall("disk")
        defer { place.remove() }
        let listed = try ProgramRun.of(
            "todo", ["list"], environment: place.environment.merging(["NO_COLOR": "1"]) { $1 })
        #expect(
            listed.stdout
                == "\(paint.prefix(4)) [ ] buy paint  +home BLOCKING\n"
                + "\(wall.prefix(4)) [ ] paint the wall  depends:\(paint.prefix(4)) BLOCKED\n")
        #expect(try place.list().last?["depends"] as? [String] == [paint])
        let shown = try place.todo("show", wall)
        #expect(shown.stdout.contains("\ndepends   \(paint.prefix(4))\nblocked   by \(paint.prefix(4)), still open\n"))
        // Which wait on it, `list +BLOCKING` tells: show reads only the to-dos it waits on.
        #expect(!(try place.todo("show", paint).stdout.contains("block")))
        #expect(try place.list("+BLOCKED").compactMap { $0["title"] as? String } == ["paint the wall"])
        #expect(try place.list("+BLOCKING").compactMap { $0["title"] as? String } == ["buy paint"])
        #expect(try place.list("-BLOCKED").compactMap { $0["title"] as? String } == ["buy paint"])
    }

    @Test(.slow) func doneOnABlockedToDoIsDoneAndSaysWhatStillBlocksIt() throws {
        let (place, paint, wall) = try paintAndWall("sqlite")
        defer { place.remove() }
        let done = try place.todo("done", wall)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout.hasSuffix("\(wall.prefix(4)) waits on \(paint.prefix(4)), still open: done all the same\n"))
        _ = try place.todo("undo")
        #expect(try place.todo("edit", wall, "--depends=-\(paint.prefix(4))").status == 0)
        #expect(try place.list("+BLOCKED").isEmpty)
        #expect(try place.todo("edit", wall, "--depends", paint).status == 0)
        #expect(try place.todo("edit", wall, "depends:").status == 0)
        #expect(try place.list().last?["depends"] as? [String] == [])
    }

    @Test func aDependencyOnNoToDoOnItselfOrInACycleIsAUsageErrorOfOneLineThatKeepsNothing() throws {
        let (place, paint, wall) = try paintAndWall("disk")
        defer { place.remove() }
        let before = try place.list("--all").map { "\($0["depends"] ?? "")" }
        for (id, depends, says) in [
            (paint, "zzzz", "cannot depend on zzzz: no to-do has that id"),
            (paint, paint, "a to-do cannot depend on itself"),
            (paint, wall, "it waits on \(paint) already"),
        ] {
            let run = try place.todo("edit", id, "depends:\(depends)")
            #expect(run.status == 64)
            #expect(run.stderr.hasPrefix("Error: ") && run.stderr.contains(says), "\(run.stderr)")
            #expect(run.stderr.filter { $0 == "\n" }.count == 1)
        }
        #expect(try place.list("--all").map { "\($0["depends"] ?? "")" } == before)
    }
}
