import Foundation
import Testing

/// A PostgreSQL address that cannot be used as written is the command line's mistake: exit status
/// 64 and one line, before anything is connected to. A server that cannot be reached stays a
/// failure of the data (65). No server is needed: each address names a socket folder that is not
/// there, so that only an address read wrongly would try to connect.
@Suite("PostgreSQL store, addresses that cannot be used")
struct PostgresAddressSpec {
    static let nowhere = "postgresql:///postgres?host=/nonexistent-appcore-socket"

    @Test(arguments: [
        "postgresql://[", "postgresql://host:99999999/", "postgresql://host:0/db", "postgresql://host:port/db",
        "postgresql://host/d%zzb", "postgresql://host/db%4", "\(nowhere)&port=70000",
    ])
    func aURLThatCannotBeReadIsAUsageError(_ url: String) throws {
        let run = try ProgramRun.of("todo", ["list", "--store", "postgres", "--data", url])

        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("Error: could not open the store at "))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    /// `%00` would cut the name short on the server, making `team%00alpha` and `team%00beta`
    /// one store; a line break or an escape would break the messages that name it.
    @Test(arguments: [
        "team%00alpha", "%00", "a%0Ab", "a%0Db", "bell%07", "%1B[2J", "del%7F", "c1%C2%85", "%FF", "a%zz", "",
    ])
    func aStoreNameWithAControlCharacterOrThatIsNotUTF8IsAUsageError(_ name: String) throws {
        let run = try ProgramRun.of("coin", ["flip", "--store", "postgres", "--data", "\(Self.nowhere)&store=\(name)"])

        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stdout == "")
        #expect(run.stderr.contains("the store's name"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aServerThatCannotBeReachedIsStillADataError() throws {
        let run = try ProgramRun.of("todo", ["list", "--store", "postgres", "--data", "\(Self.nowhere)&store=a%20b"])

        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("Error: could not connect to the store at "))
    }

    @Test(arguments: ["sqlite", "disk"])
    func aURLGivenToAFileStoreIsAUsageErrorThatNeverShowsItsPassword(_ store: String) throws {
        let url = "postgresql://alice:Sesame-0pen@/postgres?host=/nonexistent-appcore-socket"

        let run = try ProgramRun.of("todo", ["list", "--store", store, "--data", url])

        #expect(run.status == 64)
        #expect(!run.stderr.contains("Sesame"))
        #expect(
            run.stderr.hasSuffix(
                "Error: --data is a PostgreSQL URL, for --store postgres (or APPCORE_STORE=postgres), not a file of the \(store) store\n"
            ), "\(run.stderr)")
    }
}
