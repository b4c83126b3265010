import Foundation
import Testing

/// `todo annotate` and `todo denotate` as a person types them, in either order, and what `show`
/// prints of them. The clock is pinned at 2026-11-22 12:00 UTC.
@Suite("todo, annotations")
struct TodoAnnotationProgramSpec {
    @Test func anAnnotationIsShownWithItsMomentAndDenotateTakesItOff() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        _ = try place.todo("add", "write the report")
        let id = try #require(try place.list().first?["id"] as? String)
        let annotated = try place.todo("annotate", id, "asked", "Bob")
        #expect(annotated.status == 0, "\(annotated.stderr)")
        #expect(annotated.stdout == "Annotated \(id.prefix(4)) [ ] write the report\n")
        let later = try ProgramRun.of(
            "todo", [String(id.prefix(4)), "annotate", "sent the draft"],
            environment: place.environment.merging(["APPCORE_NOW": "2026-11-23T09:30:00Z"]) { $1 })
        #expect(later.status == 0, "\(later.stderr)")
        let shown = try place.todo("show", id)
        #expect(
            shown.stdout.contains(
                "\nannotated 2026-11-22 12:00:00  asked Bob\nannotated 2026-11-23 09:30:00  sent the draft\n"))
        #expect(try place.list("/draft/").count == 1)
        #expect(try place.todo("denotate", id, "bob").status == 0)
        #expect(!(try place.todo("show", id).stdout.contains("asked Bob")))
        let record = try #require(try place.list().first?["annotations"] as? [[String: String]])
        #expect(record == [["entry": "2026-11-23T09:30:00.000Z", "description": "sent the draft"]])
    }

    @Test(arguments: [["annotate", "ID"], ["denotate", "ID", "nothing like it"]])
    func anAnnotationThatIsNoneIsRefusedInOneLine(_ arguments: [String]) throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "write the report")
        let id = try #require(try place.list().first?["id"] as? String)
        let run = try ProgramRun.of(
            "todo", arguments.map { $0 == "ID" ? id : $0 }, environment: place.environment)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: ") && run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
    }
}
