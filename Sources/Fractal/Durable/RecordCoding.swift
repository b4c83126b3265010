import Foundation

/// How a durable store's snapshots and changes are written in each version of its format.
///
/// Version 1 kept them as JSON; version 2 keeps them in `BinaryFormat`, which a program starting
/// up reads far faster. A store of version 1 is still read, and the first writer to open it
/// rewrites it whole in the newest version.
enum RecordCoding {
    case json
    case binary

    /// The coding of a format version, or nil for a version this program never wrote.
    init?(version: Int) {
        switch version {
        case 1: self = .json
        case RecordCoding.newestVersion: self = .binary
        default: return nil
        }
    }

    static let newestVersion = 2

    func encode(_ value: some Encodable) throws -> [UInt8] {
        switch self {
        case .json: Array(try ValueCoding.makeEncoder().encode(value))
        case .binary: try BinaryEncoder.encode(value)
        }
    }

    func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
        switch self {
        case .json: try ValueCoding.makeDecoder().decode(type, from: Data(bytes))
        case .binary: try BinaryDecoder.decode(type, from: bytes)
        }
    }
}
