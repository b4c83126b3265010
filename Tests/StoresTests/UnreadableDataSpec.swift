import CSQLite
import Foundation
import Fractal
import StoreTestSupport
import Testing

@testable import Stores

/// A file a store must refuse to open, and must leave exactly as it found it.
struct DamagedFile: CustomTestStringConvertible, Sendable {
    let name: String
    let variant: DurableVariant
    /// Writes the damaged file at the path.
    let make: @Sendable (String) throws -> Void
    /// Words the error must contain besides the path.
    let says: String

    var testDescription: String { "\(variant.rawValue): \(name)" }

    static let all: [DamagedFile] =
        DurableVariant.files.flatMap { variant in
            [
                DamagedFile(name: "a JPEG", variant: variant, make: { try write(jpeg, to: $0) }, says: "ff d8 ff e0"),
                DamagedFile(name: "an empty file", variant: variant, make: { try write([], to: $0) }, says: "empty"),
                DamagedFile(
                    name: "a store cut short", variant: variant,
                    make: { path in try write(Array(try storeBytes(variant, at: path).prefix(10)), to: path) },
                    says: variant == .disk ? "cut short" : "not an SQLite database"),
            ]
        } + [
            DamagedFile(
                name: "a damaged record", variant: .disk,
                make: { path in
                    var bytes = try storeBytes(.disk, at: path)
                    bytes[DiskLayout.firstPayload] ^= 0xFF  // inside the snapshot, with changes after it
                    try write(bytes, to: path)
                }, says: "damaged"),
            DamagedFile(
                name: "a damaged length", variant: .disk,
                make: { path in
                    var bytes = try storeBytes(.disk, at: path)
                    bytes[DiskLayout.secondRecord] ^= 0x40  // a length that now reaches past the end
                    try write(bytes, to: path)
                }, says: "damaged"),
            DamagedFile(
                name: "a newer format", variant: .disk,
                make: { path in
                    // As a later version writes its header, which checks itself.
                    var bytes = try storeBytes(.disk, at: path)
                    bytes[8] = 6
                    bytes.replaceSubrange(20..<24, with: LittleEndian.bytes(of: CRC32.checksum(bytes[0..<20])))
                    try write(bytes, to: path)
                }, says: "format version 6"),
            DamagedFile(
                name: "a damaged version", variant: .disk,
                make: { path in
                    var bytes = try storeBytes(.disk, at: path)
                    bytes[8] ^= 0x80  // would read as version 133
                    try write(bytes, to: path)
                }, says: "its header is damaged"),
            DamagedFile(
                name: "a database of another schema", variant: .sqlite,
                make: { try sqlite(at: $0, "CREATE TABLE songs (title TEXT); INSERT INTO songs VALUES ('la');") },
                says: "another application"),
            DamagedFile(
                name: "a store whose tables were changed", variant: .sqlite,
                make: storeChanged(by: "ALTER TABLE changes ADD COLUMN note TEXT;"),
                says: "its tables are not the ones this program made: the file is damaged, or another program"),
            DamagedFile(
                name: "a newer schema", variant: .sqlite, make: storeChanged(by: "PRAGMA user_version = 7;"),
                says: "format version 7"),
        ]

    /// The start of a JFIF file.
    static let jpeg: [UInt8] =
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01] + Array(repeating: 0x20, count: 500)

    /// Leaves a real store with a few changes in it at the path, closed.
    static func makeStore(_ variant: DurableVariant, at path: String) throws {
        let store = try variant.open(at: path, initial: Ledger())
        for entry in ["milk", "eggs", "bread"] { try store.change(.append(entry)) }
    }

    /// Makes a real SQLite store at the path, then runs `sql` on it, as another program would.
    static func storeChanged(by sql: String) -> @Sendable (String) throws -> Void {
        { path in
            try makeStore(.sqlite, at: path)
            try sqlite(at: path, sql)
        }
    }

    /// A real store with a few changes in it, as bytes; the store's files are removed again.
    static func storeBytes(_ variant: DurableVariant, at path: String) throws -> [UInt8] {
        let store = try variant.open(at: path, initial: Ledger())
        for entry in ["milk", "eggs", "bread"] { try store.change(.append(entry)) }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        try store.destroy()
        return bytes
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func sqlite(at path: String, _ sql: String) throws {
        var handle: OpaquePointer?
        defer { sqlite3_close(handle) }
        guard sqlite3_open(path, &handle) == SQLITE_OK, sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw CocoaError(.fileWriteUnknown)
        }
    }
}

/// Where the disk format puts things, for damaging them on purpose.
enum DiskLayout {
    /// After the header (24 bytes: the magic, the version, where the snapshot starts and the
    /// header's checksum; no part kept apart before the snapshot) and the snapshot record's head.
    static let firstPayload = 24 + 13
    /// After the header and a snapshot of an empty ledger: an empty list, six bytes in the binary format.
    static let secondRecord = firstPayload + 6
}

@Suite("Unreadable data")
struct UnreadableDataSpec {
    @Test(arguments: DamagedFile.all)
    func isRefusedWithAClearErrorAndLeftUntouched(_ damaged: DamagedFile) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store")
        try damaged.make(path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let error = #expect(throws: StoreError.self) { try damaged.variant.open(at: path, initial: Ledger()) }

        #expect(error?.description.contains(path) == true)
        #expect(error?.description.contains(damaged.says) == true, "\(error.map(String.init(describing:)) ?? "")")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
