import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Records of a store that has had fewer of its state's migrations than the program knows: read as
// `StoredValue`s, reshaped by the steps it has not had, in order, and read again as usual.
extension RecordCoding {
    /// The value that fills `range` of `bytes`, a stored state, after `steps`. `parts` reads the
    /// parts it names that the store keeps apart: each is read now where a step is to be taken,
    /// which reshapes every byte.
    func decode<Value: Decodable>(
        _ type: Value.Type, from bytes: [UInt8], in range: Range<Int>?, after steps: ArraySlice<Migration>,
        parts: PartsKeptApart? = nil
    ) throws -> Value {
        guard !steps.isEmpty else { return try decode(type, from: bytes, in: range, parts: parts) }
        let reshaped = try reshape(bytes, in: range, parts: parts) { state in
            for step in steps { try step.state(&state) }
        }
        return try decode(type, from: reshaped)
    }

    /// The batch of changes that fills `range` of `bytes`, each change after `steps`.
    func decode<Change: Decodable>(
        batch type: [Change].Type, from bytes: [UInt8], in range: Range<Int>?, after steps: ArraySlice<Migration>,
        fields: ChangeFields<Change>?
    ) throws -> [Change] {
        guard !steps.isEmpty else { return try decode(batch: type, from: bytes, in: range, fields: fields) }
        let reshaped = try reshape(bytes, in: range) { batch in
            guard case .list(var changes) = batch else { throw MigrationError.notABatch }
            for index in changes.indices {
                for step in steps { try step.change(&changes[index]) }
            }
            batch = .list(changes)
        }
        return try decode(batch: type, from: reshaped, fields: fields)
    }

    /// The value in `range` of `bytes`, read without its type, reshaped, and written again.
    private func reshape(
        _ bytes: [UInt8], in range: Range<Int>?, parts: PartsKeptApart? = nil,
        _ step: (inout StoredValue) throws -> Void
    ) throws -> [UInt8] {
        let range = range ?? bytes.indices
        switch self {
        case .binary:
            var reader = BinaryReader(bytes, at: range.lowerBound, end: range.upperBound)
            var value = try StoredValue(reading: &reader, parts: parts)
            guard reader.isAtEnd else { throw MigrationError.trailingBytes(reader.end - reader.position) }
            try step(&value)
            var writer = BinaryWriter()
            value.write(to: &writer)
            return writer.bytes
        case .json:
            var value = try JSONDecoder().decode(StoredValue.self, from: Data(bytes[range]))
            try step(&value)
            return Array(try JSONEncoder().encode(value))
        }
    }
}

/// A stored record that a migration cannot take.
enum MigrationError: Error, CustomStringConvertible {
    case notABatch
    case trailingBytes(Int)

    var description: String {
        switch self {
        case .notABatch: "a record of changes does not hold a list of changes"
        case .trailingBytes(let count): "\(count) bytes follow the value"
        }
    }
}
