/// A number as SQLite's files write it, most significant byte first: the database's header and
/// pages (`SQLiteFileReader`), the log's header (`SQLiteLogGeneration`).
enum BigEndian {
    /// The number in the two bytes from `offset` on, which the caller knows are there.
    static func uint16(in bytes: [UInt8], at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    /// The number in the four bytes from `offset` on, which the caller knows are there.
    static func uint32(in bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
