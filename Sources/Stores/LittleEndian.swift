import Essentials
import Fractal

/// A number in a record's head as the stores write it, least significant byte first: the disk
/// file's lengths and checksums, the seal in front of an SQLite or PostgreSQL row (four bytes),
/// and the SQLite store's mark (eight).
enum LittleEndian {
    static func bytes(of value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// The number in the four bytes from `offset` on, which the caller knows are there.
    static func uint32(in bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    static func bytes(of value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// The number in the eight bytes from `offset` on, which the caller knows are there.
    static func uint64(in bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }
}
