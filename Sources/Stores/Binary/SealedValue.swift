import Essentials
import Fractal

/// A value sealed by a checksum of its own, so that the record holding it can be checked without
/// reading it: a state's slices are sealed in a snapshot, the snapshot's own checksum covers
/// everything but their bodies (`frameChecksum`), and each body is checked when its slice is
/// first read. A program that works on one feature reads and checks that feature's bytes alone,
/// however large the others grow.
///
///     10 (tag), body byte count (UInt32, little-endian), CRC-32 of the body (UInt32), body
///
/// Seals nest, by the same rule: a seal's checksum covers its body but for the bodies of the
/// sealed values the body holds as its own entries or elements, each covered by its own seal
/// (`frameChecksum`). A large part of a slice, such as a page of to-dos, is sealed on its own
/// inside the slice, and checked only when it is read. A body with no sealed value directly
/// inside, which is every body that stores before format 4 (disk; SQLite 5, PostgreSQL 3) kept,
/// is covered whole, as those stores sealed it.
enum SealedValue {
    /// The bytes before a sealed value's body: its tag, length and checksum.
    static let headSize = 9

    /// `body`, one value in the binary form, sealed; one too large for its length to be written
    /// (4 GiB, four times what a store keeps) is an error.
    static func seal(_ body: [UInt8]) throws -> [UInt8] {
        guard let length = UInt32(exactly: body.count) else {
            let said = "a part of \(body.count) bytes is too large to seal"
            throw EncodingError.invalidValue(body.count, .init(codingPath: [], debugDescription: said))
        }
        var writer = BinaryWriter()
        writer.tag(.sealed)
        writer.fixed(length)
        writer.fixed(try frameChecksum(body, in: body.indices))
        writer.append(body)
        return writer.bytes
    }

    /// The bytes a part was read from, to write back as it came, sealed: bytes sealed already keep
    /// the seal they came with, so that bytes damaged since are never sealed anew; bytes kept
    /// bare, by a store that did not seal its parts, are sealed now, as the whole they came in was
    /// checked when it was read.
    static func resealed(_ kept: ArraySlice<UInt8>) throws -> [UInt8] {
        isSealed(kept) ? Array(kept) : try seal(Array(kept))
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
        // A body whose entries no longer read was damaged as surely as one whose checksum
        // differs: either way the part is not what was sealed, and is said so, by name.
        guard (try? frameChecksum(bytes, in: body)) == checksum else {
            let said = "its part \"\(name)\" fails the checksum it was sealed with"
            throw BinaryFormat.Damage(offset: nil, problem: said)
        }
        return body
    }

    /// The checksum of a value at `range` of `bytes` whose entries (a keyed value) or elements (a
    /// list) may be sealed: every byte but the bodies of those sealed ones, each of which its seal,
    /// counted here, covers. Any other value is counted whole. A snapshot's payload is checked so,
    /// and so is the body of every seal. Throws where the entries do not read, which only damage
    /// does.
    static func frameChecksum(
        _ bytes: [UInt8], in range: Range<Int>, startingWith seed: UInt32 = 0
    ) throws(BinaryFormat.Damage) -> UInt32 {
        var reader = BinaryReader(bytes, at: range.lowerBound, end: range.upperBound)
        let tag = try reader.tag()
        guard tag == .keyed || tag == .list else { return CRC32.checksum(bytes[range], startingWith: seed) }
        let (end, count) = try reader.body()
        var members = BinaryReader(bytes, at: reader.position, end: end)
        var checksum = seed
        var counted = range.lowerBound  // bytes before this one are in `checksum`
        for _ in 0..<count {
            if tag == .keyed { _ = try members.stringRange() }
            var value = members
            guard try value.tag() == .sealed else {
                try members.skipValue()
                continue
            }
            let body = try value.sealedBody().body
            checksum = CRC32.checksum(bytes[counted..<body.lowerBound], startingWith: checksum)
            counted = body.upperBound
            members.position = body.upperBound
        }
        return CRC32.checksum(bytes[counted..<range.upperBound], startingWith: checksum)
    }
}

extension BinaryReader {
    /// A reader of the value at the position, which is left after it: of the body, checked against
    /// its seal, when the value is sealed; of the value itself when it is not, as stores kept a
    /// part before it was sealed. `name` names the part in what is said when the seal fails.
    mutating func unsealed(named name: String) throws(BinaryFormat.Damage) -> BinaryReader {
        let start = position
        try skipValue()
        guard SealedValue.isSealed(bytes[start..<position]) else {
            return BinaryReader(bytes, at: start, end: position)
        }
        let body = try SealedValue.checkedBody(of: bytes, in: start..<position, named: name)
        return BinaryReader(bytes, at: body.lowerBound, end: body.upperBound)
    }
}
