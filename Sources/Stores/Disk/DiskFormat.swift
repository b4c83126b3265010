import Essentials
import Fractal

/// The disk store's file: a header, the parts its snapshot keeps apart, one snapshot record, then
/// one record per batch of changes.
///
///     header   "AppCore\n" (8 bytes), format version (UInt32, little-endian); from version 5,
///              where the snapshot record starts (UInt64) and a CRC-32 of the 20 bytes before it,
///              which later versions keep, so that damage to a version is never taken for a
///              newer one
///     parts    sealed values, one after another (`SealedValue`), each a large part of the
///              snapshot, which names it by where it starts (`PartKeptApart`)
///     record   payload length (UInt32), its bitwise complement (UInt32),
///              CRC-32 of kind and payload (UInt32), kind (1 byte), payload
///
/// Opening the file reads its header, then its snapshot and the changes after it: a command reads
/// a part (a page of to-dos) when it first uses it, by where it lies (`DiskPartReader`), and a
/// file of 100,000 to-dos costs `coin flip` the few kilobytes of its snapshot, not 30 MB. Each
/// part is checked by its own seal when read.
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
    /// The header of every version: the magic and the format version.
    static let headerSize = magic.count + 4
    /// The header from version 5, which says where the snapshot starts, after the parts.
    static let partsHeaderSize = headerSize + 12
    /// The first version whose file keeps parts apart (`partsHeaderSize`).
    static let firstVersionKeepingPartsApart = 5
    /// A sealed value whose body is at least this long is kept apart, where it may be: a page of
    /// to-dos, a run of their index, a large slice.
    static let smallestKeptApart = 16 * 1024
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

    /// The header of a file of the newest format holding a state that has had `schema` migrations,
    /// its snapshot record at `snapshotAt`, after the parts it keeps apart.
    static func header(schema: Int = 0, snapshotAt: Int = partsHeaderSize) -> [UInt8] {
        let head =
            magic + LittleEndian.bytes(of: UInt32(StoredVersion(format: version, schema: schema).number))
            + LittleEndian.bytes(of: UInt64(snapshotAt))
        return head + LittleEndian.bytes(of: CRC32.checksum(head[...]))
    }

    /// Where the snapshot record of a file of version 5 or later starts, by its header's first
    /// `partsHeaderSize` bytes in `bytes`, in a file of `size` bytes.
    static func snapshotStart(in bytes: [UInt8], size: Int, path: String) throws -> Int {
        guard bytes.count >= partsHeaderSize else {
            throw StoreError.unreadable(path: path, reason: "the file is cut short inside its header")
        }
        let start = LittleEndian.uint64(in: bytes, at: headerSize)
        guard CRC32.checksum(bytes[0..<(headerSize + 8)]) == LittleEndian.uint32(in: bytes, at: headerSize + 8),
            start >= partsHeaderSize, start <= size
        else {
            throw StoreError.unreadable(path: path, reason: "its header is damaged")
        }
        return Int(start)
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
    ) throws -> (coding: RecordCoding, format: Int, schema: Int) {
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
        // From version 5 on the header checks itself, so that damage to its version is said as
        // damage, not as a version too new to read. (Later versions keep those 24 bytes.)
        if found.format >= firstVersionKeepingPartsApart {
            guard bytes.count >= partsHeaderSize else {
                throw StoreError.unreadable(path: path, reason: "the file is cut short inside its header")
            }
            guard CRC32.checksum(bytes[0..<(headerSize + 8)]) == LittleEndian.uint32(in: bytes, at: headerSize + 8)
            else { throw StoreError.unreadable(path: path, reason: "its header is damaged") }
        }
        let newest = StoredVersion(format: version, schema: newestSchema)
        guard found.format <= newest.format, found.schema <= newest.schema else {
            throw StoreError.newerFormat(path: path, found: found.number, newestKnown: newest.number)
        }
        guard let coding = RecordCoding(version: found.format) else {
            throw StoreError.unreadable(
                path: path, reason: "format version \(found.format) is not one this program wrote")
        }
        return (coding, found.format, found.schema)
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
