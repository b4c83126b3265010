import Foundation
import Testing

/// `--now` names a moment in the proleptic Gregorian calendar, before 1582 too, and what a program
/// shows of it is that moment again.
@Suite("one calendar in the programs")
struct CalendarProgramSpec {
    @Test(.slow, arguments: ["1500-03-01", "1582-10-10", "0001-01-01", "2026-11-22"])
    func theMomentGivenIsTheMomentShown(_ day: String) throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let now = "\(day)T12:34:56Z"
        let added = try ProgramRun.of("todo", ["add", "then", "--json", "--now", now], environment: place.environment)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try added.json()["created"] as? String == "\(day)T12:34:56.000Z")
        let export = try JSONSerialization.jsonObject(with: Data(try place.todo("export").stdout.utf8))
        #expect((export as? [[String: Any]])?.first?["created"] as? String == "\(day)T12:34:56.000Z")
        let history = try ProgramRun.of("coin", ["flip", "--now", now], environment: place.environment)
        #expect(history.status == 0)
        let entries = try ProgramRun.of("coin", ["history", "--json"], environment: place.environment).json()
        #expect((entries["entries"] as? [[String: Any]])?.first?["at"] as? String == "\(day)T12:34:56.000Z")
    }
}
