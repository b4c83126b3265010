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

/// The SQLite store's journal: a snapshot row and a table of changes since, in WAL mode, each
/// commit synced (`synchronous = FULL`), each row checksummed (`SQLiteRowFormat`).
///
/// The write-ahead log stays beside the database between programs, so that a change costs one
/// sync; once it holds more than `logLimit` bytes, the next writer copies it into the database and
/// writes over it from its start (`copyFullLog`). SQLite cannot tell a log that is missing from
/// one that was never written, and reads a damaged log as far as it checks out: an older state,
/// in silence. So after each commit the store writes the number of
/// its last change beside it (`SQLiteLogMark`), and a store that ends before that change is
/// refused, naming it; and a log beside a database it was not written to is refused before SQLite
/// reads it. A database found damaged is never written, nor its log copied into it.
///
/// The snapshot keeps its large parts apart, a row each (`SQLiteParts`): opening the store reads
/// the snapshot's few kilobytes, and a command reads the rows of the parts it uses.
///
/// A class, because it owns the database connection.
final class SQLiteJournal<State: StoredState>: Journal, SoundnessCheck {
    /// Marks a database as ours, in its header (`PRAGMA application_id`): "ApCo".
    static var applicationID: Int64 { 0x4170_436F }
    /// The newest version this program writes (`PRAGMA user_version`): the tables are the same in
    /// every version, the blobs in them are written as `SQLiteRowFormat` says, and the state in
    /// them has had all its migrations (`StoredVersion`).
    static var schemaVersion: Int64 {
        Int64(StoredVersion(format: SQLiteRowFormat.newestVersion, schema: State.migrations.count).number)
    }
    /// How large the log grows before the next writer copies it into the database and writes
    /// over it from its start. Every start reads what the log holds since it was last started
    /// over, about 4 µs a page, and every copy costs a sync of the database, about 0.4 ms: a
    /// limit of a dozen or so pages spends least on both, over a run of changes
    /// (`git show 193cac8:Benchmarks/README.md`, "Start-up without the parser's option types, and
    /// the log copied at 64 KB").
    static var logLimit: Int { 64 * 1024 }
    /// How large a log's file may stay: one change that took the log past it (a large import, a
    /// snapshot rewritten) has it copied and emptied at once. (A reader that keeps reading what
    /// the log holds keeps it from being copied, and the log grows until the reader is done.)
    static var largestLogKept: Int { 512 * 1024 }

    let path: String
    /// SQLite's write-ahead log, beside the database.
    private let logPath: String
    /// The mark of the last change kept (`SQLiteLogMark`), beside the database.
    private let markPath: String
    /// The mark, open for writing once this program has written.
    private var mark: Int32 = -1
    /// Which store the database is (`SQLiteStoreIdentity`), as read or given; nil for one an
    /// earlier version made, until its first change here.
    private var identity: [UInt8]?
    /// The log's generation as the write transaction under way began, and the last change before
    /// it wrote: what the mark says of the log it writes into (`writeMark`).
    private var logAtBegin: SQLiteLogGeneration?
    private var sequenceBeforeWriting: Int64 = 0
    /// Whether the transaction under way gave the store its identity, which the log is then
    /// copied into the database for: a copy of the database alone, or of the three files, carries
    /// it from then on.
    private var gaveIdentity = false
    private let warn: StoreWarning
    private let patience: LockPatience
    /// How long a part no snapshot names is kept, in seconds (`SQLiteParts`).
    private let retiredPartsKept: Int64
    private var connection: SQLiteConnection
    /// Whether nothing can write the database (a read-only disk, no log beside it).
    private var unchanging: Bool
    /// Which file the connection opened: a part left in it is read from it alone, and a change is
    /// acknowledged only while the path still names it.
    private var file: FileIdentity?
    /// Reads the parts the snapshot keeps apart, from the file the connection opened.
    private var partReader: SQLitePartReader?
    /// Whether the store was read once already: its mark is checked as the program opens it.
    private var wasRead = false
    /// Whether the path names another file than the one last read, followed since (a backup put
    /// in its place, say): its mark is checked at its first load, as at the program's opening,
    /// so a file that ends before the change its mark names is refused here too.
    private var markUnchecked = false
    /// Whether the load under way reads without the lock (`opening`), where a mark ahead of what
    /// it read is read again under the lock before the log is called lost.
    private var markAheadIsRaced = false
    /// The mark as `opening` read it, before its read of the store began, for `checkMark` to
    /// check that read against: nil while no opening is under way.
    private var markAtOpening: SQLiteLogMark??
    /// Whether the database has the table of its identity, by its schema.
    private var hasIdentity = false
    /// How the blobs of the database are written, by its `user_version`.
    private var format = SQLiteRowFormat.newest
    /// Whether the database has the table of parts kept apart (`SQLiteParts`): from version 6.
    private var keepsPartsApart = true
    /// Whether the snapshot holds parts an earlier version kept in it that are to be kept apart:
    /// it is rewritten right after this program's first change (`isCompactionDue`).
    private var partsWaitToBeKeptApart = false
    /// The state's migrations that the database has not had, by its `user_version`.
    private var steps: ArraySlice<Migration> = []

    private var sequence: Int64 = 0
    private var snapshotSequence: Int64 = 0
    /// The size of the snapshot as last read or written, parts counted (`size(of:naming:)`); nil
    /// until `compactionSize` works it out from `snapshotRow`, which takes a walk through it.
    private var snapshotBytes: Int?
    /// The snapshot row as last read.
    private var snapshotRow: [UInt8] = []
    private var changeBytes = 0
    private var dataVersion: Int64 = -1
    private var forgotten = false
    /// Whether this program has written: its first change removes what crashed rewrites left.
    private var wrote = false
    /// Whether the transaction under way wrote, so that its commit is checked to have reached the
    /// file the path names.
    private var wroteInTransaction = false
    var isSound = true

    /// Opens the database at `path`, creating it with `initial` when no file is there. A `path`
    /// that is a link is the file it leads to (`POSIXFile.resolvingLink`).
    init(
        path: String, initial: State, warn: @escaping StoreWarning, patience: LockPatience,
        retiredPartsKept: Int64 = SQLiteParts.retiredFor
    ) throws {
        let path = try POSIXFile.resolvingLink(path)
        self.path = path
        self.warn = warn
        self.patience = patience
        self.retiredPartsKept = retiredPartsKept
        logPath = path + "-wal"
        markPath = path + "-mark"
        let exists = try POSIXFile.isFile(path)
        try POSIXFile.refuseOtherNames(path)
        // SQLite opens these too; a FIFO among them would hang it. (It never follows a link to
        // them, but one there would stop every program with an error of SQLite's.)
        for side in ["-wal", "-shm", "-journal", "-mark"] { _ = try POSIXFile.isFile(path + side) }
        if !exists { try Self.create(at: path, initial: initial) }
        (connection, unchanging, file) = try Self.connect(to: path, patience: patience, warn: warn)
        partReader = file.map { SQLitePartReader(path: path, file: $0, unchanging: unchanging) }
    }

    /// The program is done with the store: the log stays as it is, for the next program.
    deinit {
        if mark >= 0 { POSIXFile.close(mark) }
        partReader?.release()
        connection.close()
    }

    /// Runs `body` under the write lock, on the file the path names once the lock is held: a
    /// store replaced since the path was last looked at is followed, and `body` run on the new
    /// one. The lock is SQLite's, found by the log's name, so every program sharing that name,
    /// on the old file or the new, waits for it: none writes the log while another reads it as
    /// its own.
    func exclusively<Result>(_ body: () throws -> Result) throws -> Result {
        for _ in 0..<Self.follows {
            try followPath()
            copyFullLog()
            (wroteInTransaction, gaveIdentity) = (false, false)
            let result: Result
            do {
                result = try transaction("BEGIN IMMEDIATE") {
                    guard try POSIXFile.status(path)?.identity == file else { throw ReplacedBeforeWriting() }
                    logAtBegin = SQLiteLogGeneration.read(at: logPath)
                    if let file {
                        try checkLogIsOurs(file: file, log: logAtBegin, mark: SQLiteLogMark.read(at: markPath))
                    }
                    return try body()
                }
            } catch is ReplacedBeforeWriting {
                continue
            } catch {
                if gaveIdentity { identity = nil }  // given in the transaction, it went with it
                throw error
            }
            if wroteInTransaction {
                wrote = true
                try checkStillNamed()
                writeMark()
                if isSound { emptyLargeLog(copyingAnyway: gaveIdentity) }
            }
            return result
        }
        throw StoreError.failed(
            path: path, operation: "write", reason: "it was replaced by another file \(Self.follows) times over")
    }

    /// How many replacements in a row a change follows before it gives up.
    private static var follows: Int { 5 }

    func shared<Result>(_ body: () throws -> Result) throws -> Result {
        try followPath()
        guard markUnchecked else { return try transaction("BEGIN", body) }
        // The file the path names now is read for the first time, its mark read during the read:
        // another program may have written since it began, which is read again under the lock.
        do {
            markAheadIsRaced = true
            defer { markAheadIsRaced = false }
            return try transaction("BEGIN", body)
        } catch is MarkAheadOfRead {
            return try exclusively(body)
        }
    }

    /// The first load, in a read of its own, so that a program opening the store does not wait
    /// for one writing it (a large import, a writer stopped half-way). A writer marks its change
    /// after it commits, and the mark is read before this read begins, so it can only lag what
    /// the read finds, unless the log was lost. A mark ahead of it is not taken on that read
    /// alone: the store is read again under the write lock, where the mark can only lag what is
    /// read, and a store that still ends before its mark is refused.
    func opening<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            markAheadIsRaced = true
            defer { markAheadIsRaced = false }
            return try shared {
                // Read once, both before the first read of the store: a mark can then only lag
                // what that read finds, unless the log was lost.
                let log = SQLiteLogGeneration.read(at: logPath)
                let mark = SQLiteLogMark.read(at: markPath)
                if let file { try checkLogIsOurs(file: file, log: log, mark: mark) }
                markAtOpening = .some(mark)
                defer { markAtOpening = nil }
                return try body()
            }
        } catch is MarkAheadOfRead {
            wasRead = false  // which also keeps `exclusively` from copying the log: this program reads
            return try exclusively(body)
        }
    }

    /// The mark names a change the first load, read without the lock, did not see.
    private struct MarkAheadOfRead: Error {}

    /// Opens the database the path names now, if it is another file than the one open: a copy
    /// restored over the store, say. What this program wrote before is in the file it wrote to;
    /// from here on it reads, watches and writes the one the path names, read anew.
    private func followPath() throws {
        guard let named = try POSIXFile.status(path)?.identity, named != file else { return }
        if let copy = letGoOfReplacedFile() {
            warn(
                "the store at \(path) was replaced by another file while this program had it open; what the file "
                    + "before held, every change its log held too, is kept at \(copy)")
        }
        (connection, unchanging, file) = try Self.connect(to: path, patience: patience, warn: warn)
        partReader = file.map { SQLitePartReader(path: path, file: $0, unchanging: unchanging) }
        // A file of its own, read anew before anything is written to it: what a read found wrong
        // with the one before (a damaged store a backup was restored over, say) is not its.
        (forgotten, markUnchecked, isSound) = (true, true, true)
    }

    /// Refuses to acknowledge a change committed to a file the path no longer names (one put in
    /// its place while this program wrote): the file there now does not hold it.
    private func checkStillNamed() throws {
        guard let file, try POSIXFile.status(path)?.identity != file else { return }
        let now = POSIXFile.currentName(of: file).map { ", now at \($0)" }
        let copy = letGoOfReplacedFile().map { ", a copy of which is at \($0)" }
        forgotten = true
        throw StoreError.replaced(
            path: path, keptIn: "the file that was there before\(now ?? copy ?? ", which is gone")")
    }

    /// Refuses a store that ends before the last change its mark names: its log was removed,
    /// emptied or damaged since (`SQLiteLogMark`).
    private func checkMark() throws {
        guard let mark = markAtOpening ?? SQLiteLogMark.read(at: markPath) else { return }
        switch mark {
        case .file(let marked, _): guard marked == file else { return }
        case .store(let marked): guard marked.names(identity: identity, file: file) else { return }
        }
        guard mark.sequence > sequence else { return }
        if markAheadIsRaced { throw MarkAheadOfRead() }
        throw Self.logLost(path: path, endsAt: sequence, marked: mark)
    }

    /// A store found to end before the change its mark names: its log was lost, or a program
    /// that had the file before open kept a copy of it as another file was put in its place.
    private static func logLost(path: String, endsAt sequence: Int64, marked mark: SQLiteLogMark) -> StoreError {
        let copy = SQLiteReplacedFileCopy.path(of: mark.file, at: mark, beside: path)
        let lost =
            (try? POSIXFile.isFile(copy)) == true
            ? "the file it replaced holds it, kept at \(copy). Put that file in its place to go on from it"
            : "its log \(path)-wal was removed or damaged since. Put back the log it was copied with, or a copy of "
                + "the store with its log"
        return .unreadable(
            path: path,
            reason: "it ends at change \(sequence), but change \(mark.sequence) was kept in it: \(lost); if an older "
                + "copy was put in its place on purpose, remove \(path)-mark")
    }

    /// Writes the mark of the change just committed. Not synced, and a failure only lets the mark
    /// lag: the change is kept, and the next one writes it again.
    private func writeMark() {
        guard let file, let identity else { return }
        if mark < 0 {
            let mode = (try? POSIXFile.permissions(path)) ?? POSIXFile.privateMode
            guard let opened = try? POSIXFile.open(markPath, O_RDWR | O_CREAT | O_NOFOLLOW, mode: mode) else {
                return
            }
            // Whoever may write the store may write its mark, whatever this program's umask: a
            // store a group shares keeps a mark every member can bring up to date.
            // (Only where it differs: a change of mode is written to the disk's journal too.)
            var made = stat()
            if fstat(opened, &made) == 0, made.st_mode & 0o7777 != mode, made.st_uid == POSIXFile.effectiveUser {
                _ = fchmod(opened, mode)
            }
            mark = opened
        }
        let log = SQLiteLogGeneration.read(at: logPath)
        let base: Int64
        if let log, log == logAtBegin {
            // Added to the log that was there: it began where the mark written into it says, if
            // one was (otherwise nothing is known of where, and 0 refuses nothing).
            if case .store(let previous)? = SQLiteLogMark.read(from: mark, path: markPath),
                previous.identity == identity, previous.log == log
            {
                base = previous.base
            } else {
                base = 0
            }
        } else {
            // This change began the log, once the database held every change before it, or
            // another program began it since, later still.
            base = sequenceBeforeWriting
        }
        let bytes = SQLiteLogMark.bytes(
            of: SQLiteStoreMark(identity: identity, sequence: sequence, log: log, base: base, file: file))
        try? POSIXFile.write(mark, bytes, at: 0, path: markPath)
    }

    /// Closes the connection to a file the path no longer names, first copying into it what the
    /// log holds of it: SQLite finds the log by the path's name, and the file now there is refused
    /// beside it until then (`checkLogIsOurs`). Only while the mark still names this file: once
    /// a program has written the file now there, the log is that file's, and is left alone.
    ///
    /// A file no name leads to any more is copied first (`SQLiteReplacedFileCopy`), as what it
    /// and the log held would be gone once closed; returns where, if this program made the copy.
    @discardableResult
    private func letGoOfReplacedFile() -> String? {
        let marked = SQLiteLogMark.read(at: markPath)
        let markNamesThisFile =
            switch marked {
            case .file(let marked, _)?: marked == file
            case .store(let marked)?: marked.file == file && marked.identity == identity
            case nil: false
            }
        var copy: String?
        if markNamesThisFile, let file, let marked {
            if POSIXFile.currentName(of: file) == nil {
                copy = SQLiteReplacedFileCopy.make(from: connection, of: file, at: marked, beside: path)
            }
            try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        partReader?.close()
        partReader = nil
        connection.close()
        if mark >= 0 { POSIXFile.close(mark) }
        (mark, wrote) = (-1, false)
        return copy
    }

    /// A connection to the database at `path`, checked to be one before SQLite opens it, and
    /// which file it is.
    private static func connect(to path: String, patience: LockPatience, warn: @escaping StoreWarning) throws -> (
        SQLiteConnection, unchanging: Bool, FileIdentity?
    ) {
        // One opening of the file for both looks, which then read the same file.
        let descriptor = try POSIXFile.open(path, O_RDONLY | O_NOFOLLOW)
        do {
            defer { POSIXFile.close(descriptor) }
            let database = try POSIXFile.status(of: descriptor, path: path)
            try checkHeader(of: descriptor, size: database.size, path: path)
            try checkLogBelongs(to: path, file: database.identity, readingFrom: descriptor)
        }
        let logPath = path + "-wal"
        let unchanging = try POSIXFile.isOnReadOnlyDisk(path) && (POSIXFile.status(logPath)?.size ?? 0) == 0
        let connection = try SQLiteConnection(path: path, unchanging: unchanging, patience: patience, warn: warn)
        let file = try POSIXFile.status(path)?.identity
        // First of all: closing leaves the log for the next program, and must never copy it into
        // a database found damaged when it is read (`load`, which the store does first, checks
        // the schema before anything else).
        try connection.keepLogOnClose(true)
        try connection.execute("PRAGMA synchronous = FULL")
        // SQLite's own copying is left off: it never empties a log that a program before this one
        // wrote, so the log would only grow. `copyFullLog` copies it instead.
        try connection.execute("PRAGMA wal_autocheckpoint = 0")
        return (connection, unchanging, file)
    }

    func load() throws -> State {
        try checkingSoundness {
            // Read here, not once when opened: another program may have rewritten an older
            // database in the newest version since this one last looked.
            format = try checkSchema()
            identity = try hasIdentity ? SQLiteStoreIdentity.read(from: connection) : nil
            guard let snapshotAt = try storedSnapshotSequence() else {
                throw StoreError.unreadable(path: path, reason: "its snapshot is missing")
            }
            let bytes = try readSnapshot()
            guard let payload = format.snapshotPayloadRange(of: bytes, sequence: snapshotAt) else {
                throw StoreError.unreadable(path: path, reason: "its snapshot is damaged (its checksum fails)")
            }
            let parts = keepsPartsApart ? partReader?.parts : nil
            var state = try StoreError.reading(path) {
                try format.coding.decode(State.self, from: bytes, in: payload, after: steps, parts: parts)
            }
            let first = !wasRead
            wasRead = true
            snapshotSequence = snapshotAt
            (snapshotRow, snapshotBytes) = (bytes, nil)
            sequence = snapshotSequence
            changeBytes = 0
            try applyChanges(to: &state, everyRow: true)
            // Only as the program opens the store, against the mark read before this read began
            // (`opening`), or the first time it reads another file put at the path, where a mark
            // ahead of a read of its own is read again under the lock (`shared`): a later load
            // reads a mark written after it began, which it could not tell from a lost log.
            if first || markUnchecked { try checkMark() }
            markUnchecked = false
            dataVersion = try currentDataVersion()
            forgotten = false
            return state
        }
    }

    @discardableResult
    func catchUp(_ state: inout State) throws -> Bool {
        try checkingSoundness {
            let version = try currentDataVersion()
            guard forgotten || version != dataVersion else { return false }  // nobody else wrote since
            guard !forgotten, try storedSnapshotSequence() == snapshotSequence
            else {
                state = try load()
                return true
            }
            let before = sequence
            try applyChanges(to: &state)
            dataVersion = version
            return sequence != before
        }
    }

    /// Inserts one row. A database of an older version is rewritten in the newest instead, its
    /// snapshot holding `state`, which this change reached.
    func append(_ changes: [State.Change], reaching state: State) throws {
        try checkSound()
        try beginWriting()
        if !wrote { CrashLeftovers.remove(beside: path) }
        if format.sealsSlices, !keepsPartsApart, steps.isEmpty {
            // Versions 4 and 5 keep their rows as this one does, every part in the snapshot: the
            // tables of parts are made and the number changes in this change's transaction, and
            // the snapshot is rewritten right after, its large parts kept apart. Nothing is read
            // or rewritten before the change is kept, which a slice damaged since cannot stop.
            try connection.execute(SQLiteParts.madeWhereMissing + "PRAGMA user_version = \(Self.schemaVersion)")
            (format, keepsPartsApart, partsWaitToBeKeptApart) = (.newest, true, true)
        }
        guard format == .newest, keepsPartsApart, steps.isEmpty else {
            try replace(with: state)
            return
        }
        let batch = try RecordLimit.checked(
            SQLiteRowFormat.seal(
                try RecordCoding.binary.encode(batch: changes, fields: State.changeFields), sequence: sequence + 1),
            path: path)
        try connection.run(
            "INSERT INTO changes (sequence, batch) VALUES (?, ?)", [.integer(sequence + 1), .blob(batch)])
        sequence += 1
        changeBytes += batch.count
        wroteInTransaction = true
    }

    var isCompactionDue: Bool {
        partsWaitToBeKeptApart
            || CompactionPolicy.shouldCompact(changeBytes: changeBytes, snapshotBytes: compactionSize)
    }

    /// Keeps `state` as the only row, in the newest version of the schema.
    @discardableResult
    func replace(with state: State) throws -> State? {
        try checkSound()
        try beginWriting()
        // The snapshot before this one, whose parts are kept one snapshot more (`SQLiteParts`);
        // one of an earlier version keeps none apart.
        let previous = keepsPartsApart ? try readSnapshot() : nil
        if !keepsPartsApart { try connection.execute(SQLiteParts.madeWhereMissing) }
        // Encoded before anything else is touched: a state that cannot be written (a slice
        // damaged since it was sealed, with a change waiting for it) leaves the journal as it was,
        // as the transaction takes back the parts already kept.
        let snapshot = try sealedSnapshot(of: state, at: sequence + 1)
        let named = SQLiteParts.named(by: snapshot)
        try SQLiteParts.retireUnnamed(
            keeping: named, and: previous, now: Int64(time(nil)), retiredFor: retiredPartsKept, in: connection)
        try connection.run("DELETE FROM changes")
        sequence += 1
        try writeSnapshot(snapshot, naming: named, at: sequence)
        if format != .newest || !keepsPartsApart || !steps.isEmpty {
            try connection.execute("PRAGMA user_version = \(Self.schemaVersion)")
            (format, keepsPartsApart, steps) = (.newest, true, [])
        }
        partsWaitToBeKeptApart = false
        wroteInTransaction = true
        // Read back in this transaction: the snapshot as written, its parts named. (A part is read
        // through a connection of its own, which finds it once the transaction is committed;
        // nothing reads one before.)
        return named.isEmpty ? nil : try load()
    }

    /// Before the first write of a transaction: notes where the store stood, and gives a store an
    /// earlier version made its identity, so that its mark can name it.
    private func beginWriting() throws {
        guard !wroteInTransaction else { return }
        sequenceBeforeWriting = sequence
        if identity == nil {
            identity = try SQLiteStoreIdentity.give(to: connection)
            gaveIdentity = true
        }
    }

    func forget() {
        forgotten = true
    }

    func destroy() throws {
        connection.close()
        for suffix in ["", "-wal", "-shm", "-journal", "-mark"] { try POSIXFile.remove(path + suffix) }
    }

    /// The database, its log and its mark: a commit writes the log, and the mark once the commit
    /// can be read (the log may be written before it can), and a copy of the log the database.
    var watch: JournalWatch { .polling([path, logPath, markPath]) }

    /// The snapshot's bytes: a few kilobytes where its large parts are kept apart.
    private func readSnapshot() throws -> [UInt8] {
        try connection.withBlob(table: "snapshot", column: "state", row: 1) { try $0.bytes(0..<$0.count) }
    }

    private func sealedSnapshot(of state: State, at sequence: Int64) throws -> [UInt8] {
        try Self.sealedSnapshot(of: state, at: sequence, in: connection, reader: partReader, path: path)
    }

    /// The snapshot row for `state`, its large parts kept apart in rows of their own, inserted
    /// through `connection` as it is encoded, in the transaction under way; those `reader` read
    /// and nothing changed since keep their rows.
    private static func sealedSnapshot(
        of state: State, at sequence: Int64, in connection: SQLiteConnection, reader: SQLitePartReader? = nil,
        path: String
    ) throws -> [UInt8] {
        let keeper = SQLitePartsKeeper(connection: connection, reader: reader)
        let encoded = try PartsKeeping.$keeper.withValue(keeper) {
            try RecordCoding.binary.encode(state)
        }
        return try RecordLimit.checked(try SQLiteRowFormat.sealSnapshot(encoded, sequence: sequence), path: path)
    }

    private func writeSnapshot(_ bytes: [UInt8], naming parts: [PartKeptApart], at sequence: Int64) throws {
        try connection.run(
            "UPDATE snapshot SET sequence = ?, state = ? WHERE id = 1", [.integer(sequence), .blob(bytes)])
        snapshotSequence = sequence
        (snapshotRow, snapshotBytes) = ([], Self.size(of: bytes, naming: parts))
        changeBytes = 0
    }

    /// The size of the snapshot last read or written, for `CompactionPolicy`: worked out when first
    /// asked, as a program opening the store seldom asks, from the parts the row names.
    private var compactionSize: Int {
        if let snapshotBytes { return snapshotBytes }
        let size = Self.size(of: snapshotRow, naming: keepsPartsApart ? SQLiteParts.named(by: snapshotRow) : [])
        snapshotBytes = size
        return size
    }

    /// The size of a snapshot for `CompactionPolicy`: its row and the parts it keeps apart. A
    /// snapshot rewritten costs only the parts changed since, but is rewritten no more often than
    /// one held whole, so that a program reading parts of the last one finds them (`SQLiteParts`).
    private static func size(of snapshot: [UInt8], naming parts: [PartKeptApart]) -> Int {
        parts.reduce(snapshot.count) { $0 + Int($1.length) }
    }

    /// Applies the changes after the last one read. Reading the store whole (`everyRow`), where
    /// rows are sealed, it reads every row there is: none may stand at or before the snapshot,
    /// and a row whose number a damaged page made one of those would otherwise be passed over,
    /// its change lost in silence. The sealed rows' numbers must then follow the snapshot's.
    private func applyChanges(to state: inout State, everyRow: Bool = false) throws {
        let after = everyRow && format.isChecksummed ? Int64.min : sequence
        try connection.run(
            "SELECT sequence, batch FROM changes WHERE sequence > ? ORDER BY sequence", [.integer(after)]
        ) { row in
            let (number, bytes) = (row.integer(0), row.blob(1))
            try format.apply(row: bytes, numbered: number, following: sequence, to: &state, after: steps, path: path)
            sequence = number
            changeBytes += bytes.count
        }
    }

    /// Copies a log that holds more than `logLimit` bytes into the database, before this
    /// program writes: SQLite then writes the change over the log from its start, in the same
    /// connection, where a log copied by a program before this one would be read anew as it opens
    /// and written after its end. Written over, the log's file keeps its size, so that a change's
    /// sync writes no size or place of the file and costs less, and emptying the file, which
    /// costs several milliseconds, is left out (`git show 193cac8:Benchmarks/README.md`, "The
    /// SQLite log written over in place").
    ///
    /// Only in a file read whole and found sound since it was opened (a damaged database, or one
    /// not ours, is never written, and a file followed to is read first), and only the store's
    /// own log into the file the path names, as far as can be told without the lock: the copy
    /// runs before the write lock is taken. It does not wait: where another program writes or still
    /// reads what the log holds, the change is written after the log's end, and the next writer
    /// copies it, rather than every writer waiting as long as its patience allows for a reader
    /// that keeps reading.
    private func copyFullLog() {
        guard wasRead, !forgotten, isSound, !unchanging, let file,
            SQLiteLogGeneration.holdsFrames(past: Self.logLimit, at: logPath),
            (try? POSIXFile.status(path))?.identity == file,
            (try? checkLogIsOurs(
                file: file, log: SQLiteLogGeneration.read(at: logPath), mark: SQLiteLogMark.read(at: markPath))) != nil
        else { return }
        connection.withoutWaiting { _ = try? connection.execute("PRAGMA wal_checkpoint(RESTART)") }
    }

    /// Copies the log into the database and empties its file, once one change took it past
    /// `largestLogKept`: the next start would read it whole. Without waiting, as `copyFullLog`;
    /// `copyingAnyway` (the store was just given its identity, which the database alone is then
    /// to carry), waiting as long as the patience allows. What was written is already kept, in
    /// the log: a failure here only leaves the copying to the next writer.
    private func emptyLargeLog(copyingAnyway: Bool) {
        if copyingAnyway {
            try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        } else if ((try? POSIXFile.status(logPath))?.size ?? 0) > Self.largestLogKept {
            connection.withoutWaiting { _ = try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        }
    }

    /// The sequence number of the snapshot the database holds, if it holds one.
    private func storedSnapshotSequence() throws -> Int64? {
        try connection.integer("SELECT sequence FROM snapshot WHERE id = 1")
    }

    /// A number that changes whenever another connection commits (`PRAGMA data_version`).
    private func currentDataVersion() throws -> Int64 {
        try connection.integer("PRAGMA data_version") ?? 0
    }

    private func transaction<Result>(_ begin: StaticString, _ body: () throws -> Result) throws -> Result {
        try connection.run(begin)
        do {
            let result = try body()
            try connection.run("COMMIT")
            return result
        } catch {
            try? connection.run("ROLLBACK")
            throw error
        }
    }

    /// Reads only pragmas and our own tables: a database that is not ours is never written to.
    /// Returns how the blobs of this version are written.
    private func checkSchema() throws -> SQLiteRowFormat {
        let application = try connection.integer("PRAGMA application_id") ?? 0
        guard application == Self.applicationID else {
            throw StoreError.unreadable(
                path: path,
                reason: "it is an SQLite database of another application or schema (application_id \(application))")
        }
        // A damaged word in a table's definition would change what the queries read (a
        // `sequence` no longer the row's number reads no changes at all), so it is checked.
        var tables: [String] = []
        try connection.run("SELECT sql FROM sqlite_schema") { tables.append($0.text(0)) }
        let found = StoredVersion(number: Int(try connection.integer("PRAGMA user_version") ?? 0))
        keepsPartsApart = found.format >= Self.firstVersionKeepingPartsApart
        hasIdentity = tables.contains(SQLiteStoreIdentity.table)
        let expected =
            (hasIdentity ? [SQLiteStoreIdentity.table] : []) + Self.tables(keepingPartsApart: keepsPartsApart)
        guard tables.sorted() == expected.sorted() else {
            // One damaged byte in their definitions reads so, as a change by another program does.
            throw StoreError.unreadable(
                path: path,
                reason: "its tables are not the ones this program made: the file is damaged, or another program "
                    + "(a newer version of this one, say) changed them")
        }
        let newest = StoredVersion(number: Int(Self.schemaVersion))
        guard found.format <= newest.format, found.schema <= newest.schema else {
            throw StoreError.newerFormat(path: path, found: found.number, newestKnown: newest.number)
        }
        guard let format = SQLiteRowFormat(version: found.format) else {
            throw StoreError.unreadable(
                path: path, reason: "schema version \(found.format) is not one this program wrote")
        }
        steps = State.migrations.dropFirst(found.schema)
        return format
    }

    /// Every table of the store but its identity's (`SQLiteStoreIdentity`, which earlier versions
    /// did not make), as SQLite keeps each definition, word for word: those of every version, and
    /// from version 6 the parts kept apart, the parts retired and SQLite's table of the numbers
    /// given to them (`SQLiteParts`).
    private static func tables(keepingPartsApart: Bool) -> [String] {
        let snapshot =
            "CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), sequence INTEGER NOT NULL, state BLOB NOT NULL)"
        let changes = "CREATE TABLE changes (sequence INTEGER PRIMARY KEY, batch BLOB NOT NULL)"
        guard keepingPartsApart else { return [snapshot, changes] }
        return [snapshot, changes, SQLiteParts.table, SQLiteParts.retiredTable, SQLiteParts.sequenceTable]
    }

    /// Every table a store of any version has, its identity's too.
    static var knownTables: [String] { [SQLiteStoreIdentity.table] + tables(keepingPartsApart: true) }

    /// The tables a store is made with, in the newest version.
    private static var madeTables: [String] {
        [SQLiteStoreIdentity.table] + tables(keepingPartsApart: true).filter { $0 != SQLiteParts.sequenceTable }
    }

    /// The first version whose snapshot keeps its large parts apart (`SQLiteParts`).
    private static var firstVersionKeepingPartsApart: Int { 6 }

    /// Refuses, before SQLite reads it as the log of the database at `path` (which is `file`), a
    /// log that holds changes written to another database file (`SQLiteLogMark`): one of another
    /// store (a copy put in place of the store with `mv` or `cp`, its old log left beside it), or
    /// of an older copy of this one, or a log begun after the change the mark names beside a
    /// database that does not hold that change. The database is read alone, as it is without its
    /// log, only where a log holds changes and the mark names a store.
    private static func checkLogBelongs(to path: String, file: FileIdentity, readingFrom descriptor: Int32) throws {
        // In this order, as writers go the other way: a log read after its mark is the mark's or a
        // later one, and the database read last holds at least what it held when either began.
        guard let mark = SQLiteLogMark.read(at: path + "-mark"), let log = SQLiteLogGeneration.read(at: path + "-wal")
        else { return }
        switch mark {
        case .file(let marked, _):
            if marked != file { throw logOfAnotherFile(path: path) }
        case .store(let marked):
            guard let alone = SQLiteDatabaseAlone.read(from: descriptor, at: path, tables: knownTables) else { return }
            if !marked.names(identity: alone.identity, file: file) {
                if log == marked.log { throw logOfAnotherFile(path: path) }
            } else if log == marked.log {
                if alone.lastChange < marked.base { throw logOfAnotherFile(path: path) }
            } else if alone.lastChange < marked.sequence {
                throw logLost(path: path, endsAt: alone.lastChange, marked: mark)
            }
        }
    }

    /// The same, under the write lock, which a program still writing a file replaced since shares,
    /// as it shares the log's name: a log the mark says another store's program wrote is refused.
    private func checkLogIsOurs(
        file: FileIdentity, log: SQLiteLogGeneration?, mark: @autoclosure () -> SQLiteLogMark?
    ) throws {
        guard let log, let mark = mark() else { return }
        switch mark {
        case .file(let marked, _):
            if marked != file { throw Self.logOfAnotherFile(path: path) }
        case .store(let marked):
            // The identity is read again where it differs: this program may not have read it yet.
            if marked.log == log, !marked.names(identity: identity, file: file),
                !marked.names(identity: try identityInDatabase(), file: file)
            {
                throw Self.logOfAnotherFile(path: path)
            }
        }
    }

    /// The identity of the database as the connection reads it now, table and all.
    private func identityInDatabase() throws -> [UInt8]? {
        guard try connection.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'store'") == 1 else { return nil }
        return try SQLiteStoreIdentity.read(from: connection)
    }

    private static func logOfAnotherFile(path: String) -> StoreError {
        .unreadable(
            path: path,
            reason: "its log \(path)-wal holds changes made to the file that was at \(path) before it (\(path)-mark "
                + "says so), not to the one there now. If a copy was put in its place on purpose, move that log and "
                + "\(path)-mark away (a program still writing the file replaced copies the log into it once it sees "
                + "the replacement); a store's files are copied and moved together")
    }

    /// Refuses, before SQLite touches it, a file that is empty or not an SQLite database at all:
    /// the one at `path`, open on `descriptor`, `size` bytes long.
    private static func checkHeader(of descriptor: Int32, size: Int, path: String) throws {
        let header = try POSIXFile.read(descriptor, from: 0, to: min(size, 16), path: path)
        guard !header.isEmpty else {
            throw StoreError.unreadable(path: path, reason: "the file is empty, so it is not an AppCore store")
        }
        guard header == Array("SQLite format 3\0".utf8) else {
            let start = header.prefix(8).map { String(printf: "%02x", $0) }.joined(separator: " ")
            throw StoreError.unreadable(
                path: path, reason: "it is not an SQLite database (it starts with the bytes \(start))")
        }
    }

    /// Builds a new database beside `path`, then links it into place in one step, so that no
    /// other process ever sees a half-made store.
    ///
    /// The file is made by the store, private and anew (`POSIXFile.create`), before SQLite opens
    /// it: SQLite would make it readable by all, and makes its log and index as the database is.
    private static func create(at path: String, initial: State) throws {
        let temporary = POSIXFile.unguessableName(beside: path)
        try POSIXFile.create(temporary, beside: path, holding: [])
        do {
            let connection = try SQLiteConnection(path: temporary)
            try connection.execute(
                """
                PRAGMA application_id = \(applicationID);
                PRAGMA user_version = \(schemaVersion);
                PRAGMA journal_mode = WAL;
                \(Self.madeTables.map { $0 + ";" }.joined(separator: "\n"))
                """)
            try connection.run(
                "INSERT INTO store (id, identity) VALUES (1, ?)",
                [.blob(SQLiteStoreIdentity.sealed(SQLiteStoreIdentity.drawn()))])
            try connection.run("BEGIN")
            try connection.run(
                "INSERT INTO snapshot (id, sequence, state) VALUES (1, 0, ?)",
                [.blob(sealedSnapshot(of: initial, at: 0, in: connection, path: path))])
            try connection.run("COMMIT")
            connection.close()
            // A log, index and mark left by a store removed before are not this one's: SQLite
            // would read the log into the new file, and the file may even have that store's inode
            // again. They are removed only while no store is there, under the folder's lock, which
            // every maker takes: another program making the store at once, whose link came first,
            // may have written changes to its log already (a look without the lock, then the
            // removal, lost three acknowledged changes so under load).
            try POSIXFile.holdingFolderLock(of: path) {
                guard try POSIXFile.status(path) == nil else { return }
                for side in ["-wal", "-shm", "-mark"] { try POSIXFile.remove(path + side) }
                guard link(temporary, path) == 0 || errno == EEXIST else {
                    throw StoreError.failed(
                        path: path, operation: "create", reason: String(cString: strerror(errno)))
                }
            }
            try POSIXFile.syncFolder(of: path)
        } catch {
            for suffix in ["", "-wal", "-shm", "-journal"] { try? POSIXFile.remove(temporary + suffix) }
            throw error
        }
        try POSIXFile.remove(temporary)
    }
}

/// The path named another file once the write lock was held: nothing was written, and the change
/// is made again on the file the path names now.
private struct ReplacedBeforeWriting: Error {}
