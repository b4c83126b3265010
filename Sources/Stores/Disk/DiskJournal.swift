import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The disk store's journal: one file of our own format (`DiskFormat`), and a lock file beside it.
/// Opening it reads the snapshot and the changes after it; the parts the snapshot keeps apart are
/// read when a command first uses them (`DiskPartReader`).
///
/// A class, because it owns open file descriptors that must be closed exactly once.
final class DiskJournal<State: StoredState>: Journal {
    let path: String
    private let lockPath: String
    private let lockDescriptor: Int32
    private let initial: State
    private let warn: StoreWarning
    private let patience: LockPatience
    /// How the records of the file as last loaded are written.
    private var coding = RecordCoding.binary
    /// Whether the file as last loaded holds every part in its snapshot, as before version 5: it
    /// is written anew right after this program's first change, its large parts kept apart.
    private var partsWaitToBeKeptApart = false
    /// The state's migrations that the file as last loaded has not had.
    private var steps: ArraySlice<Migration> = []

    private var file: Int32 = -1
    private var writable = true
    private var identity: FileIdentity?
    private var offset = 0
    private var snapshotBytes = 0
    private var changeBytes = 0
    private var forgotten = false
    /// What follows the last whole record, as last read: the next writer cuts it off first.
    private var tornTail = false
    private var damagedTail: Range<Int>?
    /// The damaged record last said, so that it is said once, not at every read.
    private var reportedDamage: Range<Int>?
    private var removedLeftovers = false

    /// Opens the journal at `path`, creating it with `initial` when no file is there.
    /// A `path` that is a link is the file it leads to (`POSIXFile.resolvingLink`).
    init(path: String, initial: State, warn: @escaping StoreWarning, patience: LockPatience) throws {
        let path = try POSIXFile.resolvingLink(path)
        self.path = path
        self.initial = initial
        self.warn = warn
        self.patience = patience
        lockPath = path + ".lock"
        let exists = try POSIXFile.isFile(path)
        try POSIXFile.refuseOtherNames(path)
        _ = try POSIXFile.isFile(lockPath)
        // Whoever may read the store may take its lock, and no one else.
        let mode = exists ? try POSIXFile.permissions(path) : POSIXFile.privateMode
        lockDescriptor = try POSIXFile.openForUpdate(lockPath, O_CREAT, mode: mode).descriptor
        do {
            try exclusively {
                if try !POSIXFile.isFile(path) { try writeSnapshotFile(initial) }
            }
        } catch {
            POSIXFile.close(lockDescriptor)
            throw error
        }
    }

    deinit {
        if file >= 0 { POSIXFile.close(file) }
        POSIXFile.close(lockDescriptor)
    }

    func exclusively<Result>(_ body: () throws -> Result) throws -> Result {
        try POSIXFile.lock(lockDescriptor, exclusive: true, path: lockPath, patience: patience, warn: warn)
        defer { POSIXFile.unlock(lockDescriptor) }
        return try body()
    }

    func shared<Result>(_ body: () throws -> Result) throws -> Result {
        try POSIXFile.lock(lockDescriptor, exclusive: false, path: lockPath, patience: patience, warn: warn)
        defer { POSIXFile.unlock(lockDescriptor) }
        return try body()
    }

    /// Reads the file without writing to it: what a writer must cut off first is only noted.
    func load() throws -> State {
        if file >= 0 { POSIXFile.close(file) }
        file = -1
        let (opened, writable) = try POSIXFile.openForUpdate(path)
        file = opened
        self.writable = writable
        let status = try POSIXFile.status(of: opened, path: path)
        // The header, then, from version 5, the snapshot and what follows it, in two reads; an
        // earlier file whole.
        let head = try POSIXFile.read(opened, from: 0, to: min(status.size, DiskFormat.partsHeaderSize), path: path)
        let version = try DiskFormat.checkHeader(head, path: path, newestSchema: State.migrations.count)
        coding = version.coding
        steps = State.migrations.dropFirst(version.schema)
        let keepsPartsApart = version.format >= DiskFormat.firstVersionKeepingPartsApart
        let start =
            keepsPartsApart
            ? try DiskFormat.snapshotStart(in: head, size: status.size, path: path) : DiskFormat.headerSize
        let bytes = try POSIXFile.read(opened, from: start, to: status.size, path: path)
        let scan = try DiskFormat.scan(bytes, from: 0, base: start, path: path)
        let reader = keepsPartsApart ? try DiskPartReader(duplicating: opened, path: path, partsEnd: start) : nil
        guard let snapshot = scan.records.first, snapshot.kind.isSnapshot else {
            if let damaged = scan.damagedTail {
                throw StoreError.unreadable(
                    path: path, reason: "its snapshot, at byte \(damaged.lowerBound), is damaged")
            }
            let reason = scan.records.isEmpty ? "the file is cut short inside its snapshot" : "it has no snapshot"
            throw StoreError.unreadable(path: path, reason: reason)
        }
        var state = try decode(State.self, from: snapshot, parts: reader?.parts)
        try apply(scan.records.dropFirst(), to: &state)
        note(scan)
        identity = status.identity
        offset = scan.end
        // The parts count in: a snapshot written anew copies them all.
        snapshotBytes = start - DiskFormat.headerSize + snapshot.size
        partsWaitToBeKeptApart = !keepsPartsApart && snapshot.size >= DiskFormat.smallestKeptApart
        changeBytes = scan.records.dropFirst().reduce(0) { $0 + $1.size }
        forgotten = false
        return state
    }

    @discardableResult
    func catchUp(_ state: inout State) throws -> Bool {
        guard let current = try POSIXFile.status(path) else {
            throw StoreError.failed(path: path, operation: "read", reason: "the file was removed")
        }
        // A file another writer replaced.
        guard !forgotten, current.identity == identity else {
            state = try load()
            return true
        }
        guard current.size != offset else {
            (tornTail, damagedTail) = (false, nil)
            return false
        }
        let bytes = try POSIXFile.read(file, from: offset, to: current.size, path: path)
        let scan = try DiskFormat.scan(bytes, from: 0, base: offset, path: path)
        try apply(scan.records[...], to: &state)
        note(scan)
        offset = scan.end
        changeBytes += scan.records.reduce(0) { $0 + $1.size }
        return !scan.records.isEmpty
    }

    /// Appends one record. A file in an older format, or ending in a damaged record, is
    /// rewritten whole instead, holding `state`, which this change reached: the damaged bytes
    /// are copied beside the file first, and said.
    func append(_ changes: [State.Change], reaching state: State) throws {
        guard writable else {
            throw StoreError.failed(path: path, operation: "write", reason: "the file may only be read here")
        }
        if !removedLeftovers {
            CrashLeftovers.remove(beside: path)
            removedLeftovers = true
        }
        if let damaged = damagedTail {
            try setAside(damaged)
            try replace(with: state)
            return
        }
        guard coding == .binary, steps.isEmpty else {  // an older file: written anew, in the newest form
            try replace(with: state)
            return
        }
        if tornTail {  // a change never acknowledged: cut off without a word
            try POSIXFile.truncate(file, to: offset, path: path)
            tornTail = false
        }
        let payload = try RecordLimit.checked(
            try RecordCoding.binary.encode(batch: changes, fields: State.changeFields), path: path)
        let record = try DiskFormat.record(.changes, payload: payload)
        try POSIXFile.write(file, record, at: offset, path: path)
        // Left where it is if the sync fails: the next read finds it, as every other reader does now.
        try syncingWritten("sync") { try POSIXFile.sync(file, path: path) }
        offset += record.count
        changeBytes += record.count
        try checkStillNamed()
    }

    /// Refuses to acknowledge a change kept in a file the path no longer names: one put in its
    /// place meanwhile (a copy restored with `mv`) does not hold it. Writers of the store replace
    /// it only under the lock, so whoever did was not one.
    private func checkStillNamed() throws {
        guard try POSIXFile.status(path)?.identity != identity else { return }
        let now = POSIXFile.currentName(of: file).map { ", now at \($0)" } ?? ", which is gone"
        throw StoreError.replaced(path: path, keptIn: "the file that was there before\(now)")
    }

    var isCompactionDue: Bool {
        (partsWaitToBeKeptApart && changeBytes > 0)
            || CompactionPolicy.shouldCompact(changeBytes: changeBytes, snapshotBytes: snapshotBytes)
    }

    /// The file is written whole, each part kept apart copied into it: nothing is named again, so
    /// the state given is what it keeps.
    @discardableResult
    func replace(with state: State) throws -> State? {
        try writeSnapshotFile(state)
        _ = try load()
        return nil
    }

    func forget() {
        forgotten = true
    }

    func destroy() throws {
        try POSIXFile.remove(path)
        try POSIXFile.remove(lockPath)
        identity = nil
    }

    /// The file: a change is appended to it, a snapshot replaces it.
    var watch: JournalWatch { .polling([path]) }

    /// Writes a new file holding only `state`, its large parts kept apart ahead of its snapshot,
    /// then puts it in place of the old one in one step.
    private func writeSnapshotFile(_ state: State) throws {
        let temporary = POSIXFile.unguessableName(beside: path)
        let parts = DiskPartsKeeper()
        let snapshot = try PartsKeeping.$keeper.withValue(parts) { try RecordCoding.binary.encode(state) }
        let contents =
            DiskFormat.header(
                schema: State.migrations.count, snapshotAt: DiskFormat.partsHeaderSize + parts.bytes.count)
            + parts.bytes
            + (try DiskFormat.record(.sealedSnapshot, payload: try RecordLimit.checked(snapshot, path: path)))
        try POSIXFile.create(temporary, beside: path, holding: contents, mode: try sharedMode())
        do {
            try POSIXFile.rename(temporary, to: path)
        } catch {
            try? POSIXFile.remove(temporary)
            throw error
        }
        // The new file is in place, and read by all; only its name may not outlast a crash.
        try syncingWritten("sync of its folder") { try POSIXFile.syncFolder(of: path) }
    }

    /// Runs `sync`, the sync of what is written whole already: its failure is a change whose
    /// keeping cannot be told (`StoreError.syncFailed`), not one that was not kept.
    private func syncingWritten(_ what: String, _ sync: () throws -> Void) throws {
        do {
            try sync()
        } catch StoreError.failed(_, _, let reason) {
            throw StoreError.syncFailed(path: path, reason: "\(what): \(reason)")
        }
    }

    /// Notes what a scan found after its last whole record, and says damage the first time it is seen.
    private func note(_ scan: DiskFormat.Scan) {
        tornTail = scan.tornTail
        damagedTail = scan.damagedTail
        guard let damaged = scan.damagedTail, damaged != reportedDamage else { return }
        reportedDamage = damaged
        warn(
            "the last change kept in \(path) (at byte \(damaged.lowerBound)) is damaged and is left out; "
                + "the next change copies it to \(asidePath(damaged)) and leaves it out of the file")
    }

    /// Copies a damaged record beside the file before a writer drops it from the file.
    private func setAside(_ damaged: Range<Int>) throws {
        let bytes = try POSIXFile.read(file, from: damaged.lowerBound, to: damaged.upperBound, path: path)
        try POSIXFile.remove(asidePath(damaged))  // a copy made before, or a link: never written through
        try POSIXFile.create(asidePath(damaged), holding: bytes, mode: try sharedMode())
        warn("a damaged change was cut from \(path); its bytes are in \(asidePath(damaged))")
    }

    /// Who may read a file the store makes: whoever may read the store (a group sharing it, say),
    /// and its owner alone for a new store.
    private func sharedMode() throws -> mode_t {
        try POSIXFile.status(path) == nil ? POSIXFile.privateMode : POSIXFile.permissions(path)
    }

    private func asidePath(_ damaged: Range<Int>) -> String {
        "\(path).damaged-at-\(damaged.lowerBound)"
    }

    private func apply(_ records: ArraySlice<DiskFormat.Record>, to state: inout State) throws {
        for record in records {
            guard record.kind == .changes else {
                throw StoreError.unreadable(path: path, reason: "a second snapshot stands among the changes")
            }
            try coding.replay(batchIn: record.bytes, in: record.payloadRange, after: steps, to: &state, path: path) {
                $0 as? StoreError ?? StoreError.refused(change: $0, path: path)
            }
        }
    }

    private func decode<Value: Decodable>(
        _ type: Value.Type, from record: DiskFormat.Record, parts: PartsKeptApart?
    ) throws -> Value {
        try StoreError.reading(path) {
            try coding.decode(type, from: record.bytes, in: record.payloadRange, after: steps, parts: parts)
        }
    }
}
