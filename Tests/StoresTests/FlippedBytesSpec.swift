import Foundation
import Fractal
import StoreTestSupport
import Stores
import Testing

/// Every byte of every file a store keeps, flipped in turn: the store either says so, naming the
/// file, or reads exactly what was kept. It never reads another state in silence, and reading
/// never changes a file.
///
/// The disk store keeps its file and an empty `.lock` file (nothing in it to flip). The SQLite
/// store's database is flipped once its log was copied into it, so that it holds the whole store,
/// and its log and its mark as a program leaves them, the changes in the log alone.
@Suite("Flipped bytes")
struct FlippedBytesSpec: DamagesAStoreFile {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder.inMemory()
        path = folder.path("store")
    }

    @Test(.slow, arguments: DurableVariant.files)
    func everyFlippedByteIsFoundOrHarmless(_ variant: DurableVariant) throws {
        let kept = try makeStore(variant)
        let original = try bytes()
        var silentlyDifferent: [String] = []
        var found = 0
        for offset in original.indices {
            for mask: UInt8 in [0xFF, 0x01] {
                var damaged = original
                damaged[offset] ^= mask
                let outcome = try read(variant, damaged)
                switch outcome {
                case .same: break
                case .found: found += 1
                case .silentlyDifferent(let what): silentlyDifferent.append("byte \(offset) ^ \(mask): \(what)")
                }
            }
        }
        #expect(silentlyDifferent.isEmpty, "\(silentlyDifferent.count): \(silentlyDifferent.prefix(8))")
        #expect(found > 0)
        _ = kept
    }

    /// The same, for a sample of bytes, in a process of its own that reads the store as a
    /// program does: exit status 65 and the file named, or a warning naming it, or the same entries.
    @Test(arguments: DurableVariant.files)
    func aProgramReadingAFlippedByteSaysSoOrShowsWhatWasKept(_ variant: DurableVariant) throws {
        let kept = try makeStore(variant)
        let original = try bytes()
        for offset in stride(from: 0, to: original.count, by: max(1, original.count / 12)) + [original.count - 3] {
            var damaged = original
            damaged[offset] ^= 0xFF
            try write(damaged)
            let run = try ChildProcess.run(exerciser: [variant.rawValue, path, "show"])
            let said = run.errors.contains(path)
            if run.status == 65 {
                #expect(run.errors.hasPrefix("Error: ") && said, "byte \(offset): \(run.errors)")
            } else {
                #expect(run.status == 0, "byte \(offset): \(run.errors)")
                #expect(run.lines == kept.entries || (said && kept.entries.starts(with: run.lines)), "byte \(offset)")
            }
            #expect(try bytes() == damaged, "byte \(offset): reading changed the file")
            removeSideFiles()
        }
    }

    @Test(.slow, arguments: ["-wal", "-mark"])
    func everyFlippedByteOfTheSQLiteLogAndMarkIsFoundOrHarmless(_ suffix: String) throws {
        _ = try makeStore(.sqlite, copyingLog: false)
        let file = path + suffix
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let database = try bytes()
        var silentlyDifferent: [String] = []
        var found = 0
        for offset in Self.offsetsWorthFlipping(in: original, isLog: suffix == "-wal") {
            for mask: UInt8 in [0xFF, 0x01] {
                var damaged = original
                damaged[offset] ^= mask
                try Data(damaged).write(to: URL(fileURLWithPath: file))
                try? FileManager.default.removeItem(atPath: path + "-shm")
                let warnings = WarningLog()
                do {
                    let state = try DurableVariant.sqlite.open(at: path, initial: Ledger(), warn: warnings.warn).state()
                    if state != expected { silentlyDifferent.append("byte \(offset) ^ \(mask): read \(state.entries)") }
                } catch let error as StoreError {
                    if error.description.contains(path) {
                        found += 1
                    } else {
                        silentlyDifferent.append("byte \(offset) ^ \(mask): \(error)")
                    }
                }
                let unchanged = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))) == damaged
                let databaseUnchanged = try bytes() == database
                if !unchanged || !databaseUnchanged {
                    silentlyDifferent.append("byte \(offset) ^ \(mask): reading changed a file")
                }
            }
        }
        #expect(silentlyDifferent.isEmpty, "\(silentlyDifferent.count): \(silentlyDifferent.prefix(8))")
        #expect(suffix == "-mark" || found > 0)
    }

    /// Every byte of a mark; of a log, every byte of its header and of each frame's header, and
    /// one byte in 61 of the pages between.
    private static func offsetsWorthFlipping(in file: [UInt8], isLog: Bool) -> [Int] {
        guard isLog, file.count > 32 else { return Array(file.indices) }
        let pageSize = Int(file[8]) << 24 | Int(file[9]) << 16 | Int(file[10]) << 8 | Int(file[11])
        var offsets = Array(0..<32)
        for frame in stride(from: 32, to: file.count, by: 24 + pageSize) { offsets += frame..<(frame + 24) }
        offsets += stride(from: 32, to: file.count, by: 61)
        return Set(offsets).sorted()
    }

    enum Outcome {
        case same
        case found
        case silentlyDifferent(String)
    }

    /// Writes `damaged` in place of the store, reads it as a program would, and sorts the outcome.
    private func read(_ variant: DurableVariant, _ damaged: [UInt8]) throws -> Outcome {
        try write(damaged)
        defer { removeSideFiles() }
        let warnings = WarningLog()
        let outcome: Outcome
        do {
            let state = try variant.open(at: path, initial: Ledger(), warn: warnings.warn).state()
            let said = warnings.said.contains { $0.contains(path) }
            if state == expected {
                outcome = .same
            } else if said && expected.entries.starts(with: state.entries) {
                outcome = .found  // the damaged last change left out, and said
            } else {
                outcome = .silentlyDifferent("read \(state.entries)")
            }
        } catch let error as StoreError {
            outcome = error.description.contains(path) ? .found : .silentlyDifferent("\(error)")
        }
        return try bytes() == damaged ? outcome : .silentlyDifferent("reading changed the file")
    }

    private var expected: Ledger {
        var ledger = Ledger()
        for entry in ["milk", "eggs", "bread", "tea"] { try? ledger.apply(.append(entry)) }
        return ledger
    }

    /// A store whose snapshot holds an entry and that has changes after it, closed; an SQLite
    /// one's log copied into its database, unless `copyingLog` says otherwise.
    private func makeStore(_ variant: DurableVariant, copyingLog: Bool = true) throws -> Ledger {
        var initial = Ledger()
        try initial.apply(.append("milk"))
        let store = try variant.open(at: path, initial: initial)
        try store.change(.append("eggs"))
        try store.change(.appendBoth("bread", "tea"))
        if variant == .sqlite, copyingLog { try copyLogIntoDatabase(at: path) }
        return try store.state()
    }
}
