/// A value sealed by a checksum of its own, so that the record holding it can be checked without
/// reading it: a state's slices are sealed in a snapshot, the snapshot's own checksum covers
/// everything but their bodies (`frameChecksum`), and each body is checked when its slice is
/// first read. A program that works on one feature reads and checks that feature's bytes alone,
/// however large the others grow.
///
///     10 (tag), body byte count (UInt32, little-endian), CRC-32 of the body (UInt32), body
enum SealedValue {
    /// `body`, one value in the binary form, sealed; one too large for its length to be written
    /// (4 GiB, four times what a store keeps) is an error.
    static func seal(_ body: ArraySlice<UInt8>) throws -> [UInt8] {
        guard let length = UInt32(exactly: body.count) else {
            let said = "a part of \(body.count) bytes is too large to seal"
            throw EncodingError.invalidValue(body.count, .init(codingPath: [], debugDescription: said))
        }
        var writer = BinaryWriter()
        writer.tag(.sealed)
        writer.fixed(length)
        writer.fixed(CRC32.checksum(body))
        writer.append(body)
        return writer.bytes
    }

    /// Whether `bytes` are a sealed value rather than a value written bare, as stores of format 2
    /// and before kept their slices.
    static func isSealed(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.first == BinaryFormat.Tag.sealed.rawValue
    }

    /// Where the body of the sealed value filling `range` lies, once it is checked against its
    /// seal; `name` names the part in what is said when it fails.
    static func checkedBody(
        of bytes: [UInt8], in range: Range<Int>, named name: String
    ) throws(BinaryFormat.Damage) -> Range<Int> {
        var reader = BinaryReader(bytes, at: range.lowerBound, end: range.upperBound)
        guard try reader.tag() == .sealed else { throw reader.damage("expected a sealed value", back: 1) }
        let (body, checksum) = try reader.sealedBody()
        guard body.upperBound == range.upperBound else { throw reader.damage("bytes follow a sealed value") }
        guard CRC32.checksum(bytes[body]) == checksum else {
            let said = "its part \"\(name)\" fails the checksum it was sealed with"
            throw BinaryFormat.Damage(offset: nil, problem: said)
        }
        return body
    }

    /// The checksum of a record whose payload, at `range` of `bytes`, is a keyed value some of
    /// whose entries are sealed: every byte but the bodies of those entries, each of which its
    /// seal, counted here, covers. Any other payload is counted whole. Throws where the entries
    /// do not read, which only damage does.
    static func frameChecksum(
        _ bytes: [UInt8], in range: Range<Int>, startingWith seed: UInt32 = 0
    ) throws(BinaryFormat.Damage) -> UInt32 {
        var reader = BinaryReader(bytes, at: range.lowerBound, end: range.upperBound)
        guard try reader.tag() == .keyed else { return CRC32.checksum(bytes[range], startingWith: seed) }
        let (end, count) = try reader.body()
        var entries = BinaryReader(bytes, at: reader.position, end: end)
        var checksum = seed
        var counted = range.lowerBound  // bytes before this one are in `checksum`
        for _ in 0..<count {
            _ = try entries.stringRange()
            var value = entries
            guard try value.tag() == .sealed else {
                try entries.skipValue()
                continue
            }
            let body = try value.sealedBody().body
            checksum = CRC32.checksum(bytes[counted..<body.lowerBound], startingWith: checksum)
            counted = body.upperBound
            entries.position = body.upperBound
        }
        return CRC32.checksum(bytes[counted..<range.upperBound], startingWith: checksum)
    }
}
