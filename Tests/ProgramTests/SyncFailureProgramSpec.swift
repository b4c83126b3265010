import Foundation
import Testing

/// What a program says of a change the disk fails is true: one written whole whose sync fails is
/// in the store (every reader sees it) yet may not outlast a crash, so the program cannot tell
/// whether it was kept, and says so (exit 75) rather than "not kept", which would have it made
/// twice; one whose write fails is not kept, and is not there. The faults are injected into the
/// real program's system calls by `strace` (CI installs it).
@Suite(
    "a change the disk fails",
    .enabled(if: FileManager.default.isExecutableFile(atPath: SyncCountProgramSpec.strace), "needs strace"))
struct SyncFailureProgramSpec {
    /// `todo add TITLE` with every call named by `calls` failing with `error`.
    private static func add(_ title: String, in place: TodoPlace, failing calls: String, with error: String)
        throws -> ProgramRun
    {
        let fault = [
            "-f", "-qq", "-o", "/dev/null", "-e", "trace=\(calls)", "-e", "inject=\(calls):error=\(error):when=1+",
        ]
        return try ProgramRun.of(
            SyncCountProgramSpec.strace, fault + [try ProgramRun.executable(named: "todo").path, "add", title],
            environment: place.environment)
    }

    private static func titles(in place: TodoPlace) throws -> [String] {
        try place.list().compactMap { $0["title"] as? String }
    }

    @Test(arguments: ["sqlite", "disk"], ["EIO", "ENOSPC"])
    func aChangeWrittenWholeWhoseSyncFailsIsSaidUnknownAndIsInTheStore(_ store: String, _ error: String) throws {
        let place = try TodoPlace(store)
        defer { place.remove() }
        #expect(try place.todo("add", "first").status == 0)

        let run = try Self.add("second", in: place, failing: "fsync,fdatasync", with: error)

        #expect(run.status == 75, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: cannot tell whether the change was kept in the store at "))
        #expect(run.stderr.hasSuffix("look at the store before making it again\n"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try Self.titles(in: place) == ["first", "second"], "what it could not tell is there, as readers see")
    }

    @Test(arguments: ["sqlite", "disk"])
    func aChangeWhoseWriteFailsIsSaidNotKeptAndIsNotInTheStore(_ store: String) throws {
        let place = try TodoPlace(store)
        defer { place.remove() }
        #expect(try place.todo("add", "first").status == 0)

        let run = try Self.add("second", in: place, failing: "pwrite64", with: "ENOSPC")

        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: "))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try Self.titles(in: place) == ["first"])
        #expect(try place.todo("add", "third").status == 0, "the store takes the next change")
        #expect(try Self.titles(in: place) == ["first", "third"])
    }
}
