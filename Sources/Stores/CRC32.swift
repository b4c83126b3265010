import Essentials
import Fractal

/// CRC-32 (IEEE 802.3, as in zip and PNG): the checksum that tells a whole record from a torn one.
enum CRC32 {
    static func checksum(_ bytes: some Sequence<UInt8>, startingWith seed: UInt32 = 0) -> UInt32 {
        if let crc = bytes.withContiguousStorageIfAvailable({ checksum(contiguous: $0, startingWith: seed) }) {
            return crc
        }
        var crc = ~seed
        for byte in bytes {
            crc = tables[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return ~crc
    }

    /// Eight bytes a step ("slicing-by-8", Intel 2006): each store opened checks every byte it
    /// reads, megabytes at a hundred thousand to-dos, and a byte a step was a tenth of reading them.
    private static func checksum(contiguous bytes: UnsafeBufferPointer<UInt8>, startingWith seed: UInt32) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            var crc = ~seed
            var offset = 0
            let raw = UnsafeRawBufferPointer(bytes)
            while offset + 8 <= raw.count {
                let low = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) ^ crc
                let high = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                let first = table[7 &* 256 &+ Int(low & 0xFF)] ^ table[6 &* 256 &+ Int(low >> 8 & 0xFF)]
                let second = table[5 &* 256 &+ Int(low >> 16 & 0xFF)] ^ table[4 &* 256 &+ Int(low >> 24)]
                let third = table[3 &* 256 &+ Int(high & 0xFF)] ^ table[2 &* 256 &+ Int(high >> 8 & 0xFF)]
                let fourth = table[256 &+ Int(high >> 16 & 0xFF)] ^ table[Int(high >> 24)]
                crc = first ^ second ^ third ^ fourth
                offset += 8
            }
            while offset < raw.count {
                crc = table[Int((crc ^ UInt32(raw[offset])) & 0xFF)] ^ (crc >> 8)
                offset += 1
            }
            return ~crc
        }
    }

    /// Eight tables of 256: the first is the byte-at-a-time table; each next one is the one before
    /// advanced by a byte of zeros. Filled in place by plain loops: every program that opens a
    /// store builds them, and built with `map`, `reduce` and `append` they cost 57,000
    /// instructions, a fortieth of a `coin flip`.
    private static let tables = [UInt32](unsafeUninitializedCapacity: 8 * 256) { table, count in
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            table[index] = crc
        }
        for index in 256..<8 * 256 {
            let previous = table[index - 256]
            table[index] = table[Int(previous & 0xFF)] ^ (previous >> 8)
        }
        count = 8 * 256
    }
}
