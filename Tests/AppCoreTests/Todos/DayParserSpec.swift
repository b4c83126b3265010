import AppCore
import Essentials
import Foundation
import Testing

@Suite("Due dates as people write them")
struct DayParserSpec {
    let utc = Zone.utc

    /// 2026-11-22 is a Sunday.
    func parse(_ text: String, at moment: String = "2026-11-22T12:00:00.000Z", in zone: Zone? = nil) throws
        -> String
    {
        let now = try #require(ValueCoding.parse(moment))
        return try DayParser.parse(text, now: now, timeZone: zone ?? utc).description
    }

    @Test(arguments: [
        ("2026-12-01", "2026-12-01"), ("today", "2026-11-22"), ("tomorrow", "2026-11-23"), ("yesterday", "2026-11-21"),
        ("mon", "2026-11-23"), ("fri", "2026-11-27"), ("Friday", "2026-11-27"), ("sun", "2026-11-29"),
        ("+3d", "2026-11-25"), ("+2w", "2026-12-06"), ("+1m", "2026-12-22"), ("in 3 days", "2026-11-25"),
        ("in 2 weeks", "2026-12-06"), ("next week", "2026-11-23"), ("next month", "2026-12-22"),
        ("eow", "2026-11-22"), ("eom", "2026-11-30"), ("  TOMORROW ", "2026-11-23"),
    ])
    func eachFormAtAFixedClock(_ text: String, _ day: String) throws {
        #expect(try parse(text) == day)
    }

    @Test func monthEndsClampToTheShorterMonth() throws {
        #expect(try parse("next month", at: "2026-01-31T12:00:00.000Z") == "2026-02-28")
        #expect(try parse("+1m", at: "2028-01-31T12:00:00.000Z") == "2028-02-29")  // a leap year
        #expect(try parse("eom", at: "2028-02-10T12:00:00.000Z") == "2028-02-29")
        #expect(try parse("eom", at: "2100-02-10T12:00:00.000Z") == "2100-02-28")  // not a leap year
    }

    @Test func yearEndsRollOver() throws {
        #expect(try parse("tomorrow", at: "2026-12-31T12:00:00.000Z") == "2027-01-01")
        #expect(try parse("next month", at: "2026-12-15T12:00:00.000Z") == "2027-01-15")
        #expect(try parse("+1d", at: "2028-02-28T12:00:00.000Z") == "2028-02-29")
    }

    @Test func todayDependsOnTheTimeZone() throws {
        let tokyo = Zone(try #require(TimeZone(identifier: "Asia/Tokyo")))
        let honolulu = Zone(try #require(TimeZone(identifier: "Pacific/Honolulu")))
        #expect(try parse("today", at: "2026-11-22T23:30:00.000Z", in: tokyo) == "2026-11-23")
        #expect(try parse("today", at: "2026-11-22T05:00:00.000Z", in: honolulu) == "2026-11-21")
    }

    @Test(arguments: ["someday", "2026-02-30", "2026-13-01", "+3x", "in three days", "next", "", "26-12-01"])
    func whatIsNoDateIsAClearError(_ text: String) {
        #expect(throws: DayParser.Failure.self) { try parse(text) }
    }

    @Test(arguments: [
        ("fri 17:30", "2026-11-27", "17:30"), ("2026-12-01T09:00", "2026-12-01", "09:00"),
        ("tomorrow 5pm", "2026-11-24", "17:00"), ("in 3 days 9:30am", "2026-11-26", "09:30"),
        ("17:30", "2026-11-23", "17:30"), ("eod 23:59:59", nil, nil), ("sat", "2026-11-28", ""),
        ("in 3 days", "2026-11-26", ""), ("12am", "2026-11-23", "00:00"),
    ])
    func aTimeOfDayAfterTheDayIsReadApart(_ text: String, _ day: String?, _ time: String?) throws {
        let now = try #require(ValueCoding.parse("2026-11-23T12:00:00.000Z"))
        guard let day else {
            #expect(throws: DayParser.Failure.self) { try DayParser.parseWithTime(text, now: now, timeZone: utc) }
            return
        }
        let read = try DayParser.parseWithTime(text, now: now, timeZone: utc)
        #expect(read.day.description == day)
        #expect(read.time?.description ?? "" == time)
    }

    @Test(arguments: ["fri 25:00", "fri 17:60", "fri 13pm", "fri 17:5", "fri 0pm"])
    func aTimeThatIsNoTimeIsRefused(_ text: String) throws {
        let now = try #require(ValueCoding.parse("2026-11-23T12:00:00.000Z"))
        #expect(throws: DayParser.Failure.self) { try DayParser.parseWithTime(text, now: now, timeZone: utc) }
    }

    /// A moment without a time is the day's first second, or its last for what lasts until then;
    /// with one, the wall clock's time in the zone (Paris is an hour ahead of UTC in December).
    @Test func aMomentIsTheTimeOnTheWallClockOfItsZone() throws {
        let now = try #require(ValueCoding.parse("2026-11-23T12:00:00.000Z"))
        let paris = Zone(try #require(TimeZone(identifier: "Europe/Paris")))
        #expect(
            try DayParser.parseMoment("2026-12-01", now: now, timeZone: utc)
                == ValueCoding.parse("2026-12-01T00:00:00Z"))
        #expect(
            try DayParser.parseMoment("2026-12-01", now: now, timeZone: utc, endOfDay: true)
                == ValueCoding.parse("2026-12-01T23:59:59Z"))
        #expect(
            try DayParser.parseMoment("2026-12-01 17:30", now: now, timeZone: paris)
                == ValueCoding.parse("2026-12-01T16:30:00Z"))
    }

    /// A span from now, as Taskwarrior reads one: to the second, `+1d` 24 hours on, not the start of
    /// tomorrow, which the word `tomorrow` still is.
    @Test(
        arguments: [
            ("+2h", 7_200.0), ("+90min", 5_400), ("+1d", 86_400), ("+2w", 14 * 86_400), ("-30min", -1_800),
            ("+45s", 45), ("P1DT2H", 93_600), ("PT90M", 5_400), ("p2w", 14 * 86_400), ("PT1H30M15S", 5_415),
        ] as [(String, TimeInterval)])
    func aSpanFromNowIsAMomentThatFarOn(_ text: String, _ seconds: TimeInterval) throws {
        let now = try #require(ValueCoding.parse("2026-11-23T12:34:56.000Z"))
        #expect(try DayParser.parseMoment(text, now: now, timeZone: utc) == now.addingTimeInterval(seconds))
        #expect(
            try DayParser.parseMoment("tomorrow", now: now, timeZone: utc) == ValueCoding.parse("2026-11-24T00:00:00Z"))
        #expect(
            try DayParser.parseMoment("+1m", now: now, timeZone: utc) == ValueCoding.parse("2026-12-23T12:34:56Z"))
    }

    @Test func aSpanOfHoursIsADueDayAndTimeAndOneOfDaysADayAlone() throws {
        let now = try #require(ValueCoding.parse("2026-11-23T23:00:00.000Z"))
        let (day, time) = try DayParser.parseWithTime("+90min", now: now, timeZone: utc)
        #expect(day == Day(iso: "2026-11-24") && time == TimeOfDay(hour: 0, minute: 30))
        let (later, none) = try DayParser.parseWithTime("+3d", now: now, timeZone: utc)
        #expect(later == Day(iso: "2026-11-26") && none == nil)
    }

    @Test(arguments: ["P", "PT", "P1H", "PT1D", "P1D2W", "+h", "+2x", "P1DT", "+99999999999999y"])
    func whatIsNoSpanIsNoDate(_ text: String) {
        #expect(throws: DayParser.Failure.self) { try DayParser.parseMoment(text, now: noon, timeZone: utc) }
    }
}

@Suite("days kept")
struct DaysKeptSpec {
    static let lastDay = Date(milliseconds: Int64(Day.latest.ordinal) * 86_400_000)

    @Test func aShiftPastTheLastDayIsRefusedNeverToday() throws {
        for text in ["tomorrow", "+1d", "+100000m", "in 8000 years", "next year", "+9223372036854775807d"] {
            #expect(throws: DayParser.Failure.self) { try DayParser.parse(text, now: Self.lastDay, timeZone: .utc) }
        }
        #expect(try DayParser.parse("today", now: Self.lastDay, timeZone: .utc) == Day.latest)
    }

    @Test func aStoredDayPastTheLastOneIsReadAsTheLastOne() throws {
        let state =
            #"{"todos": {"items": [["a1", "t", "", "10000-01-01", null, [], [], {}, 0, null]], "journal": [], "undoable": [], "redoable": []}}"#
        let decoded = try ValueCoding.makeDecoder().decode(AppState.self, from: Data(state.utf8))
        #expect(decoded.todos.items.values.first?.due == Day.latest)
    }
}
