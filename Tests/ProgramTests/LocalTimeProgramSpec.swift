import Foundation
import Testing

/// The programs read the local time zone from the system (`TZ`, the zone files), each moment with
/// the offset it had then: summer time in summer, whatever the season the program runs in.
@Suite("local time, as the system's zone gives it")
struct LocalTimeProgramSpec {
    @Test func todayIsTheDayItIsWhereTheProgramRuns() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        for (zone, now, day) in [
            ("Asia/Tokyo", "2026-11-22T23:30:00Z", "2026-11-23"),
            ("Pacific/Honolulu", "2026-11-22T05:00:00Z", "2026-11-21"),
        ] {
            let added = try ProgramRun.of(
                "todo", ["add", "in \(zone)", "--due", "today", "--now", now],
                environment: place.environment.merging(["TZ": zone]) { $1 })
            #expect(added.status == 0)
            let item = try place.list().first { $0["title"] as? String == "in \(zone)" }
            #expect(item?["due"] as? String == day)
        }
    }

    @Test func aPastMomentIsShownWithTheOffsetItHadThen() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let environment = place.environment.merging(["TZ": "America/New_York"]) { $1 }
        for now in ["2026-07-01T12:00:00Z", "2026-12-01T12:00:00Z"] {
            #expect(try ProgramRun.of("coin", ["flip", "--now", now], environment: environment).status == 0)
        }
        let history = try ProgramRun.of("coin", ["history"], environment: environment)
        #expect(history.stdout.contains("2026-07-01 08:00:00"))  // summer time, UTC-4
        #expect(history.stdout.contains("2026-12-01 07:00:00"))  // standard time, UTC-5
    }

    /// `--now 2026-10-04` is that day's first moment where the program runs, also on the day the
    /// clocks jump: east of UTC, UTC's midnight already has the summer offset; in Havana the
    /// day's midnight never happens (23:59:59, then 01:00).
    @Test(
        .slow,
        arguments: [
            ("Australia/Sydney", "2026-10-04"), ("Australia/Lord_Howe", "2026-10-04"),
            ("Pacific/Chatham", "2026-09-27"),
            ("America/Havana", "2026-03-08"), ("America/New_York", "2026-03-08"), ("Europe/London", "2026-10-25"),
        ])
    func aDayGivenAsNowIsThatDayOnTheDayTheClocksJump(_ zone: String, _ day: String) throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let added = try ProgramRun.of(
            "todo", ["add", "on \(day)", "--due", "today", "--now", day],
            environment: place.environment.merging(["TZ": zone]) { $1 })
        #expect(added.status == 0)
        #expect(try place.list().last?["due"] as? String == day)
    }

    /// A todo.txt file's days come back as the same days, also a day whose midnight the clocks skip.
    @Test func aTodoTxtDayWhoseMidnightIsSkippedComesBackTheSame() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let lines = "2026-03-08 made the day Havana skips midnight\nx 2026-03-08 2026-03-01 done that day\n"
        let file = place.folder.appendingPathComponent("todo.txt")
        try Data(lines.utf8).write(to: file)
        let environment = place.environment.merging(["TZ": "America/Havana"]) { $1 }
        let imported = try ProgramRun.of(
            "todo", ["import", file.path, "--format", "todotxt"], environment: environment)
        #expect(imported.status == 0)
        let exported = try ProgramRun.of("todo", ["export", "--format", "todotxt"], environment: environment)
        let days = exported.stdout.split(separator: "\n").map {
            $0.split(separator: " ").prefix(3).joined(separator: " ")
        }
        #expect(days == ["2026-03-08 made the", "x 2026-03-08 2026-03-01"])
    }
}
