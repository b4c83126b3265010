import Essentials
import Fractal

/// A number in a record's head as the stores write it, four bytes, least significant first: the
/// disk file's lengths and checksums, and the seal in front of an SQLite or PostgreSQL row.
enum LittleEndian {
    static func bytes(of value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// The number in the four bytes from `offset` on, which the caller knows are there.
    static func uint32(in bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
