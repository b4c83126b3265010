import Essentials
import Fractal

/// The disk store's file: a header, one snapshot record, then one record per batch of changes.
///
///     header   "AppCore\n" (8 bytes), format version (UInt32, little-endian)
///     record   payload length (UInt32), its bitwise complement (UInt32),
///              CRC-32 of kind and payload (UInt32), kind (1 byte), payload
///
/// Payloads are in `BinaryFormat` (JSON in `ValueCoding` in version 1, which is still read;
/// see `RecordCoding`). Since version 3 the snapshot is a `sealedSnapshot`: its checksum leaves
/// out the bodies of the state's sealed slices, which are checked when read (`SealedValue`), so
/// that opening the file does not read every byte of it; since version 4 a slice may hold sealed
/// parts of its own, each checked when read (to-dos in pages). A record cut short at the end of the
/// file is a torn write from a crash: a change that was never acknowledged. A whole record that
/// fails its checksum is damage, even the last: it may be an acknowledged change (see
/// `Scan.damagedTail`).
enum DiskFormat {
    static let magic = Array("AppCore\n".utf8)
    static let version = RecordCoding.newestVersion
    static let headerSize = magic.count + 4
    static let recordHeaderSize = 13
    /// Larger than any state this program keeps; a larger length can only be damage.
    static let largestPayload = 1 << 30

    enum Kind: UInt8 {
        /// The whole state, its checksum over every byte: versions 1 and 2.
        case snapshot = 1
        case changes = 2
        /// The whole state, its checksum over every byte but its sealed slices' bodies.
        case sealedSnapshot = 3

        var isSnapshot: Bool {
            switch self {
            case .snapshot, .sealedSnapshot: true
            case .changes: false
            }
        }
    }

    struct Record {
        let kind: Kind
        /// What the record was read from, and where its payload lies in it: a payload is decoded
        /// in place, since a snapshot may be most of the file.
        let bytes: [UInt8]
        let payloadRange: Range<Int>
        let size: Int

        var payload: ArraySlice<UInt8> { bytes[payloadRange] }
    }

    /// What a scan of records found.
    struct Scan {
        var records: [Record] = []
        /// Where the last whole record ends.
        var end: Int
        /// A torn write at the end of the file, which a writer may cut off.
        var tornTail = false
        /// Where in the file the last record lies when it is whole but fails its checksum, or when
        /// only zeros follow the last whole record. A power loss in the middle of an append can
        /// leave either, but so can damage to the last change acknowledged, so it is never
        /// dropped without a word.
        var damagedTail: Range<Int>?
    }

    /// The header of a file of the newest format holding a state that has had `schema` migrations.
    static func header(schema: Int = 0) -> [UInt8] {
        magic + LittleEndian.bytes(of: UInt32(StoredVersion(format: version, schema: schema).number))
    }

    static func record(_ kind: Kind, payload: [UInt8]) throws -> [UInt8] {
        let checked = [kind.rawValue] + payload
        let length = UInt32(payload.count)
        let checksum = try Self.checksum(of: kind, checked, in: checked.indices)
        return LittleEndian.bytes(of: length) + LittleEndian.bytes(of: ~length) + LittleEndian.bytes(of: checksum)
            + checked
    }

    /// The checksum of a record's kind and payload, `checked` at `range` of `bytes`, as its kind
    /// counts it.
    private static func checksum(of kind: Kind, _ bytes: [UInt8], in range: Range<Int>) throws(BinaryFormat.Damage)
        -> UInt32
    {
        guard kind == .sealedSnapshot else { return CRC32.checksum(bytes[range]) }
        let start = range.lowerBound
        return try SealedValue.frameChecksum(
            bytes, in: (start + 1)..<range.upperBound, startingWith: CRC32.checksum(bytes[start..<(start + 1)]))
    }

    /// Checks that `bytes` begin with a header this program reads, of a state that has had at most
    /// `newestSchema` migrations; returns how its records are written and how many it has had.
    static func checkHeader(
        _ bytes: [UInt8], path: String, newestSchema: Int
    ) throws -> (coding: RecordCoding, schema: Int) {
        guard !bytes.isEmpty else {
            throw StoreError.unreadable(path: path, reason: "the file is empty, so it is not an AppCore store")
        }
        guard bytes.starts(with: magic) || magic.starts(with: bytes) else {
            let start = bytes.prefix(8).map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
            throw StoreError.unreadable(
                path: path, reason: "it is not an AppCore store (it starts with the bytes \(start))")
        }
        guard bytes.count >= headerSize else {
            throw StoreError.unreadable(path: path, reason: "the file is cut short inside its header")
        }
        let found = StoredVersion(number: Int(LittleEndian.uint32(in: bytes, at: magic.count)))
        let newest = StoredVersion(format: version, schema: newestSchema)
        guard found.format <= newest.format, found.schema <= newest.schema else {
            throw StoreError.newerFormat(path: path, found: found.number, newestKnown: newest.number)
        }
        guard let coding = RecordCoding(version: found.format) else {
            throw StoreError.unreadable(
                path: path, reason: "format version \(found.format) is not one this program wrote")
        }
        return (coding, found.schema)
    }

    /// Reads whole records from `bytes`, whose first byte is at `base` in the file.
    static func scan(_ bytes: [UInt8], from start: Int, base: Int = 0, path: String) throws -> Scan {
        var scan = Scan(end: base + start)
        var position = start
        while position < bytes.count {
            let remaining = bytes.count - position
            guard remaining >= recordHeaderSize else {
                scan.tornTail = true
                break
            }
            let length = LittleEndian.uint32(in: bytes, at: position)
            guard LittleEndian.uint32(in: bytes, at: position + 4) == ~length, Int(length) <= largestPayload else {
                // Zeros to the end: a file grown by an append whose bytes a power loss never let
                // reach the disk. Damage too, said as such, but it must not lock the store.
                if bytes[position...].allSatisfy({ $0 == 0 }) {
                    scan.damagedTail = (base + position)..<(base + bytes.count)
                    break
                }
                throw StoreError.unreadable(path: path, reason: "the record at byte \(base + position) is damaged")
            }
            let checksum = LittleEndian.uint32(in: bytes, at: position + 8)
            let end = position + recordHeaderSize + Int(length)
            guard end <= bytes.count else {
                scan.tornTail = true
                break
            }
            let kind = Kind(rawValue: bytes[position + 12])
            guard let kind, (try? Self.checksum(of: kind, bytes, in: (position + 12)..<end)) == checksum else {
                if end == bytes.count {
                    scan.damagedTail = (base + position)..<(base + end)
                    break
                }
                throw StoreError.unreadable(path: path, reason: "the record at byte \(base + position) is damaged")
            }
            scan.records.append(
                Record(
                    kind: kind, bytes: bytes, payloadRange: (position + recordHeaderSize)..<end, size: end - position))
            position = end
            scan.end = base + end
        }
        return scan
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
