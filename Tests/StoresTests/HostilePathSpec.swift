import Foundation
import Fractal
import StoreTestSupport
import Testing

/// What stands at a store's path, or beside it, that is not a store file.
@Suite("Hostile paths")
struct HostilePathSpec {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// What is put where the store, its lock file or its log would be.
    static let cases: [(DurableVariant, String)] =
        DurableVariant.files.flatMap { variant in
            ["a folder", "a FIFO", "a device"].map { (variant, $0) }
        } + [(.disk, "a FIFO as its lock file"), (.sqlite, "a FIFO as its log")]

    @Test(arguments: cases)
    func somethingThatIsNotAFileIsRefusedAtOnceNamingIt(_ variant: DurableVariant, _ thing: String) throws {
        var path = folder.path("store")
        switch thing {
        case "a folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case "a device": path = "/dev/null"
        case "a FIFO": #expect(mkfifo(path, 0o644) == 0)
        case "a FIFO as its lock file": #expect(mkfifo(path + ".lock", 0o644) == 0)
        default: #expect(mkfifo(path + "-wal", 0o644) == 0)
        }
        let start = ContinuousClock.now

        let run = try ChildProcess.run(exerciser: [variant.rawValue, path, "show"])

        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(run.status == 65)
        #expect(run.errors.hasPrefix("Error: cannot read the store at "))
        #expect(run.errors.contains(thing.hasSuffix("file") ? ".lock: it is a FIFO, not a file" : "not a file"))
        #expect(run.errors.filter { $0 == "\n" }.count == 1)
    }

    @Test(arguments: DurableVariant.files)
    func aPathCalledMemoryIsAFileOfThatName(_ variant: DurableVariant) throws {
        let written = try ChildProcess.run(exerciser: [variant.rawValue, ":memory:", "w", "2"], in: folder.url)
        let shown = try ChildProcess.run(exerciser: [variant.rawValue, ":memory:", "show"], in: folder.url)

        #expect(written.status == 0)
        #expect(shown.lines == ["w-0", "w-1"])
        #expect(FileManager.default.fileExists(atPath: folder.path(":memory:")))
    }

    /// SQLite opens its file by a URI, where these characters mean something of their own; also
    /// where one is a character with what follows it (an accent, a joiner, a variation selector)
    /// or with what goes before it, which escaping whole characters missed.
    @Test(
        .slow, arguments: DurableVariant.files,
        ["a%25b", "what?immutable=1", "no#1", "100% ?#", "é?ü", "a?\u{301}b", "q?\u{200D}z", "r#\u{FE0F}", "\u{600}?x"])
    func aPathWithTheCharactersOfAnAddressIsAFileOfExactlyThatName(_ variant: DurableVariant, _ name: String) throws {
        let written = try ChildProcess.run(exerciser: [variant.rawValue, name, "w", "2"], in: folder.url)
        let again = try ChildProcess.run(exerciser: [variant.rawValue, name, "v", "1"], in: folder.url)
        let shown = try ChildProcess.run(exerciser: [variant.rawValue, folder.path(name), "show"])

        #expect(written.status == 0 && again.status == 0)
        #expect(shown.lines == ["w-0", "w-1", "v-0"])
        #expect(try names().contains(name))
        #expect(try names().allSatisfy { $0.hasPrefix(name) })
    }

    @Test(arguments: DurableVariant.files)
    func theLeftoversOfACrashedRewriteAreRemovedByTheNextWriter(_ variant: DurableVariant) throws {
        let path = folder.path("store")
        try variant.open(at: path, initial: Ledger()).change(.append("milk"))
        let gone = try ChildProcess.run(exerciser: ["usage"])  // a process that has ended
        let dead = "store.new-\(gone.status == 64 ? gone.processIdentifier : 0)"
        let leftovers = [dead, dead + "-wal", dead + "-journal", dead + "-k3x9a0b1c2d4", dead + "-k3x9a0b1c2d4-shm"]
        // A name that only looks like a leftover, as a copy dated by hand, is no process's.
        let others = ["store.new-\(getpid())", "store.newer", "store.new-12x", "store.new-20261126", "store.new-0"]
        for name in leftovers + others { try Data("x".utf8).write(to: folder.url.appendingPathComponent(name)) }

        let store = try variant.open(at: path, initial: Ledger())
        #expect(Set(leftovers).isSubset(of: try names()))  // opening writes nothing
        try store.change(.append("tea"))

        #expect(try names().isDisjoint(with: leftovers))
        #expect(Set(others).isSubset(of: try names()))
        #expect(try variant.open(at: path, initial: Ledger()).state().entries == ["milk", "tea"])
    }

    private func names() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
    }
}
