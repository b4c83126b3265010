import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The disk store's journal: one file of our own format, and a lock file beside it.
///
/// A class, because it owns open file descriptors that must be closed exactly once.
final class DiskJournal<State: Changeable>: Journal {
    let path: String
    private let lockPath: String
    private let lockDescriptor: Int32
    private let initial: State
    /// How the records of the file as last loaded are written.
    private var coding = RecordCoding.binary

    private var file: Int32 = -1
    private var identity: FileIdentity?
    private var offset = 0
    private var snapshotBytes = 0
    private var changeBytes = 0
    private var forgotten = false
    private var holdsExclusiveLock = false

    /// Opens the journal at `path`, creating it with `initial` when no file is there.
    init(path: String, initial: State) throws {
        self.path = path
        self.initial = initial
        lockPath = path + ".lock"
        lockDescriptor = try POSIXFile.open(lockPath, O_RDWR | O_CREAT)
        do {
            try exclusively {
                if try POSIXFile.status(path) == nil { try writeSnapshotFile(initial) }
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
        try POSIXFile.lock(lockDescriptor, exclusive: true, path: lockPath)
        holdsExclusiveLock = true
        defer {
            holdsExclusiveLock = false
            POSIXFile.unlock(lockDescriptor)
        }
        return try body()
    }

    func shared<Result>(_ body: () throws -> Result) throws -> Result {
        try POSIXFile.lock(lockDescriptor, exclusive: false, path: lockPath)
        defer { POSIXFile.unlock(lockDescriptor) }
        return try body()
    }

    func load() throws -> State {
        if file >= 0 { POSIXFile.close(file) }
        file = -1
        let opened = try POSIXFile.open(path, O_RDWR)
        file = opened
        let status = try POSIXFile.status(of: opened, path: path)
        let bytes = try POSIXFile.read(opened, from: 0, to: status.size, path: path)
        coding = try DiskFormat.checkHeader(bytes, path: path)
        let scan = try DiskFormat.scan(bytes, from: DiskFormat.headerSize, path: path)
        guard let snapshot = scan.records.first, snapshot.kind == .snapshot else {
            let reason = scan.records.isEmpty ? "the file is cut short inside its snapshot" : "it has no snapshot"
            throw StoreError.unreadable(path: path, reason: reason)
        }
        var state = try decode(State.self, from: snapshot)
        try apply(scan.records.dropFirst(), to: &state)
        if coding != .binary && holdsExclusiveLock {
            try writeSnapshotFile(state)
            return try load()
        }
        try cutTornTail(of: scan)
        identity = status.identity
        offset = scan.end
        snapshotBytes = snapshot.size
        changeBytes = scan.records.dropFirst().reduce(0) { $0 + $1.size }
        forgotten = false
        return state
    }

    func catchUp(_ state: inout State) throws {
        guard let current = try POSIXFile.status(path) else {
            throw StoreError.failed(path: path, operation: "read", reason: "the file was removed")
        }
        // A file another writer replaced, or one in an older format that a writer must rewrite first.
        guard !forgotten, current.identity == identity, coding == .binary || !holdsExclusiveLock else {
            state = try load()
            return
        }
        guard current.size != offset else { return }
        let bytes = try POSIXFile.read(file, from: offset, to: current.size, path: path)
        let scan = try DiskFormat.scan(bytes, from: 0, base: offset, path: path)
        try apply(scan.records[...], to: &state)
        try cutTornTail(of: scan)
        offset = scan.end
        changeBytes += scan.records.reduce(0) { $0 + $1.size }
    }

    func append(_ changes: [State.Change], reaching state: State) throws {
        let record = DiskFormat.record(.changes, payload: try RecordCoding.binary.encode(batch: changes))
        try POSIXFile.write(file, record, at: offset, path: path)
        try POSIXFile.sync(file, path: path)
        offset += record.count
        changeBytes += record.count
        if CompactionPolicy.shouldCompact(changeBytes: changeBytes, snapshotBytes: snapshotBytes) {
            try replace(with: state)
        }
    }

    func replace(with state: State) throws {
        try writeSnapshotFile(state)
        _ = try load()
    }

    func forget() {
        forgotten = true
    }

    func destroy() throws {
        try POSIXFile.remove(path)
        try POSIXFile.remove(lockPath)
        identity = nil
    }

    /// Writes a new file holding only `state`, then puts it in place of the old one in one step.
    private func writeSnapshotFile(_ state: State) throws {
        let temporary = "\(path).new-\(getpid())"
        let contents =
            DiskFormat.header() + DiskFormat.record(.snapshot, payload: try RecordCoding.binary.encode(state))
        let descriptor = try POSIXFile.open(temporary, O_WRONLY | O_CREAT | O_TRUNC)
        do {
            defer { POSIXFile.close(descriptor) }
            try POSIXFile.write(descriptor, contents, at: 0, path: temporary)
            try POSIXFile.sync(descriptor, path: temporary)
        } catch {
            try? POSIXFile.remove(temporary)
            throw error
        }
        try POSIXFile.rename(temporary, to: path)
        try POSIXFile.syncFolder(of: path)
    }

    private func apply(_ records: ArraySlice<DiskFormat.Record>, to state: inout State) throws {
        for record in records {
            guard record.kind == .changes else {
                throw StoreError.unreadable(path: path, reason: "a second snapshot stands among the changes")
            }
            do {
                try state.apply(try decode(batchFrom: record))
            } catch let error as StoreError {
                throw error
            } catch {
                throw StoreError.unreadable(path: path, reason: "a kept change no longer applies: \(error)")
            }
        }
    }

    /// A crash can leave half a record at the end: a change that was never acknowledged. Only a
    /// writer, alone under the lock, may cut it off; a reader just stops before it.
    private func cutTornTail(of scan: DiskFormat.Scan) throws {
        guard scan.tornTail, holdsExclusiveLock else { return }
        try POSIXFile.truncate(file, to: scan.end, path: path)
        try POSIXFile.sync(file, path: path)
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from record: DiskFormat.Record) throws -> Value {
        try readable { try coding.decode(type, from: record.bytes, in: record.payloadRange) }
    }

    private func decode(batchFrom record: DiskFormat.Record) throws -> [State.Change] {
        try readable { try coding.decode(batch: [State.Change].self, from: record.bytes, in: record.payloadRange) }
    }

    /// Runs a read; what fails in it is a record that does not hold what this program wrote.
    private func readable<Value>(_ read: () throws -> Value) throws -> Value {
        do {
            return try read()
        } catch {
            throw StoreError.unreadable(path: path, reason: "a record does not hold what this program wrote: \(error)")
        }
    }
}
