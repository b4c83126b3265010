import Essentials
import Testing

/// A moment as ISO 8601 writes it reads as the moment it names, in the one calendar every date here
/// is in: the proleptic Gregorian, before 1582 too.
@Suite("Reading a moment")
struct MomentParsingSpec {
    @Test(arguments: [
        ("1500-03-01T00:00:00Z", "1500-03-01T00:00:00.000Z"),
        ("1582-10-10T00:00:00Z", "1582-10-10T00:00:00.000Z"),
        ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00.000Z"),
        ("2026-11-22T12:30:00Z", "2026-11-22T12:30:00.000Z"),
        ("2026-11-22T12:30:00.123Z", "2026-11-22T12:30:00.123Z"),
        ("2026-11-22T12:30:00.5Z", "2026-11-22T12:30:00.500Z"),
        ("2026-11-22T12:30:00.1234567Z", "2026-11-22T12:30:00.123Z"),
        ("2026-11-22T12:30:00.9996Z", "2026-11-22T12:30:01.000Z"),
        ("2026-11-22T12:30:00+01:00", "2026-11-22T11:30:00.000Z"),
        ("2026-11-22T12:30:00+0130", "2026-11-22T11:00:00.000Z"),
        ("2026-11-22T01:30:00-05", "2026-11-22T06:30:00.000Z"),
        ("1500-03-01T00:00:00.000+00:00", "1500-03-01T00:00:00.000Z"),
    ])
    func aMomentReadsAsTheMomentItNames(_ text: String, _ ours: String) throws {
        let moment = try #require(ValueCoding.parse(text))
        #expect(ValueCoding.format(moment) == ours)
        #expect(ValueCoding.parse(ours) == moment)
    }

    @Test(arguments: [
        "2026-02-30T12:00:00Z", "2026-13-01T12:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22T12:00:60Z",
        "2026-11-22T12:00:00GMT", "2026-11-22T12:00:00.Z", "2026-11-22T12:00:00", "2026-11-22 12:00:00Z",
        "2026-11-22T12:00:00+1", "2026-11-22T12:00:00+25:00", "+2026-11-22T12:00:00Z",
    ])
    func aMomentThatIsNotOneIsRefused(_ text: String) {
        #expect(ValueCoding.parse(text) == nil)
    }
}
