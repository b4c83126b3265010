import Essentials
import Fractal

/// The largest record a store writes: a snapshot, or a batch of changes. Both stores read back
/// larger ones (the disk store up to 1 GiB, SQLite up to its own limit of 1,000,000,000 bytes a
/// blob), so no store is ever written that its reader refuses: a larger record is refused before
/// anything is written, and the change with it.
enum RecordLimit {
    static let largest = 1_000_000_000

    /// `bytes`, unless there are more of them than a store keeps in one record.
    static func checked(_ bytes: [UInt8], path: String) throws -> [UInt8] {
        guard bytes.count <= largest else { throw StoreError.tooLarge(path: path, bytes: bytes.count, limit: largest) }
        return bytes
    }
}
