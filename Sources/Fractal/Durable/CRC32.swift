/// CRC-32 (IEEE 802.3, as in zip and PNG): the checksum that tells a whole record from a torn one.
enum CRC32 {
    static func checksum(_ bytes: some Sequence<UInt8>, startingWith seed: UInt32 = 0) -> UInt32 {
        var crc = ~seed
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return ~crc
    }

    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in
            crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1
        }
    }
}
