import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a durable store's snapshots and changes are written in each version of its format.
///
/// Version 1 kept them as JSON; versions 2 to 4 keep them in `BinaryFormat`, which a program
/// starting up reads far faster. A store of version 1 is still read, and the first writer to open it
/// rewrites it whole in the newest version.
enum RecordCoding {
    case json
    case binary

    /// The coding of a format version, or nil for a version this program never wrote. Version 3
    /// writes records as version 2 did, but seals each slice of a snapshot on its own (see
    /// `DiskFormat.Kind.sealedSnapshot`); version 4 lets a slice hold sealed parts of its own (see
    /// `SealedValue`), which a program of version 3 would take for damage; version 5 keeps the
    /// large ones apart, ahead of the snapshot (see `DiskFormat`).
    init?(version: Int) {
        switch version {
        case 1: self = .json
        case 2...RecordCoding.newestVersion: self = .binary
        default: return nil
        }
    }

    static let newestVersion = 5

    func encode(_ value: some Encodable) throws -> [UInt8] {
        switch self {
        case .json: Array(try ValueCoding.makeEncoder().encode(value))
        case .binary: try BinaryEncoder.encode(value)
        }
    }

    /// The value that fills `range` of `bytes`, or all of them; `parts` reads the parts it names
    /// that the store keeps apart (only ever in the binary form).
    func decode<Value: Decodable>(
        _ type: Value.Type, from bytes: [UInt8], in range: Range<Int>? = nil, parts: PartsKeptApart? = nil
    ) throws -> Value {
        switch self {
        case .json: try ValueCoding.makeDecoder().decode(type, from: Data(bytes[range ?? bytes.indices]))
        case .binary: try BinaryDecoder.decode(type, from: bytes, in: range, parts: parts)
        }
    }

    /// A batch of changes: in the binary form field by field, where the changes read and write
    /// their own fields (`fields`, see `StoredState.changeFields`), since a store reads every kept
    /// change at start; through `Codable` otherwise.
    func encode<Change: Encodable>(batch: [Change], fields: ChangeFields<Change>?) throws -> [UInt8] {
        guard self == .binary, let fields else { return try encode(batch) }
        return try fields.write(batch)
    }

    /// Hands `take` the change of a batch of one, as a store keeps nearly every change, read field
    /// by field without a list made of it: a store replays every change kept since its snapshot
    /// as it opens, and each list made, in code not specialized for the change's type, cost the
    /// run time the metadata of its type, about a seventh of replaying a change. False, nothing
    /// read, for a batch of another count, one that does not fill `range`, or one read through
    /// `Codable` (`fields` nil), which `decode(batch:from:in:fields:)` then reads. `take` throws
    /// nothing: an error thrown here is one of reading.
    func takeOnlyChange<Change>(
        ofBatchIn bytes: [UInt8], in range: Range<Int>, fields: ChangeFields<Change>?, _ take: (Change) -> Void
    ) throws -> Bool {
        guard self == .binary, let fields else { return false }
        var reader = BinaryReader(bytes, at: range.lowerBound, end: range.upperBound)
        var head = reader
        guard let (end, count) = try? head.open(.list), count == 1, end == range.upperBound else { return false }
        try BinaryFieldReader.forEachElement(of: &reader) { take(try fields.readOne(&$0)) }
        return true
    }

    func decode<Change: Decodable>(
        batch type: [Change].Type, from bytes: [UInt8], in range: Range<Int>? = nil, fields: ChangeFields<Change>?
    ) throws -> [Change] {
        guard self == .binary, let fields else { return try decode([Change].self, from: bytes, in: range) }
        let range = range ?? bytes.indices
        var reader = BinaryReader(bytes, at: range.lowerBound, end: range.upperBound)
        let batch = try fields.read(&reader)
        guard reader.isAtEnd else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [], debugDescription: "\(range.upperBound - reader.position) bytes follow the changes"))
        }
        return batch
    }
}
