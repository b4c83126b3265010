import Essentials
import Fractal

/// Where a part a store left unread comes from: its bytes in the store's binary form, at a range
/// of the record it was read with, or still in the store (`PendingBytes`), and how they are read
/// into the part when it is first used (see `Deferred` and `Slice`).
struct StoredBytes<Value>: UnreadSource {
    /// Where the bytes are.
    enum Origin: Sendable {
        /// At `range` of the whole record the part was read from, not copied out.
        case record([UInt8], Range<Int>)
        /// Still in the store, all of them the part's, read when first needed.
        case pending(PendingBytes)

        func bytes() throws -> ([UInt8], Range<Int>) {
            switch self {
            case .record(let bytes, let range): return (bytes, range)
            case .pending(let pending):
                let bytes = try pending.bytes()
                return (bytes, bytes.indices)
            }
        }
    }

    let origin: Origin
    let decode: @Sendable ([UInt8], Range<Int>) throws -> Value

    /// The part: its bytes decoded. Bytes that do not decode are `UnreadableSlice`, as are bytes
    /// the store can no longer give.
    func read() throws -> Value {
        let (bytes, range) = try origin.bytes()
        do {
            return try decode(bytes, range)
        } catch {
            throw UnreadableSlice(
                reason: "a record does not hold what this program wrote (\(StoreError.oneLine(error)))")
        }
    }

    /// The bytes, as they came; read from the store if they were left there, which throws
    /// `UnreadableSlice` when they can no longer be.
    func keptBytes() throws -> ArraySlice<UInt8> {
        let (bytes, range) = try origin.bytes()
        return bytes[range]
    }
}

extension Deferred {
    /// A part kept at `range` of `bytes`, which `decode` reads when it is first used.
    init(
        empty: Value, bytes: [UInt8], range: Range<Int>,
        decode: @escaping @Sendable ([UInt8], Range<Int>) throws -> Value
    ) {
        self.init(empty: empty, source: StoredBytes(origin: .record(bytes, range), decode: decode))
    }

    /// The bytes it was read from, while they are all of it: nothing read, nothing edited. Throws
    /// `UnreadableSlice` when the store left them where they were and can no longer read them.
    func keptBytes() throws -> ArraySlice<UInt8>? {
        guard let source = unreadSource as? StoredBytes<Value> else { return nil }
        return try source.keptBytes()
    }
}

extension ValueDecoder: DeferringDecoder {
    /// The value here, read when first used: sealed, as this program writes a slice, its body is
    /// checked against its seal first; bare, as stores of format 2 and before kept it, the record's
    /// checksum covered it already. A part the store left where it was (`pending`, always sealed)
    /// is read from the store then, whole.
    func deferred<Value: Decodable & Equatable & Sendable>(
        _ type: Value.Type, empty: Value, named name: String
    ) throws -> Deferred<Value> {
        var reader = BinaryReader(bytes, at: position, end: bytes.count)
        try ScalarReading.wrapping { try reader.skipValue() }
        let range = position..<reader.position
        let sealed = SealedValue.isSealed(bytes[range])
        let decode: @Sendable ([UInt8], Range<Int>) throws -> Value = { bytes, range in
            let value = sealed ? try SealedValue.checkedBody(of: bytes, in: range, named: name) : range
            return try BinaryDecoder.decode(Value.self, from: bytes, in: value)
        }
        if let part = pending?.claim(at: position) {
            return Deferred(empty: empty, source: StoredBytes(origin: .pending(part), decode: decode))
        }
        return Deferred(empty: empty, bytes: bytes, range: range, decode: decode)
    }
}

extension ValueEncoder: DeferringEncoder {
    /// In the binary form, a slice is sealed by a checksum of its own (`SealedValue`). A slice
    /// nobody read is its bytes again, with the seal they came with: bytes damaged since they
    /// were sealed stay found out, never sealed anew.
    func encode<Value: Encodable & Equatable & Sendable>(deferred part: Deferred<Value>) throws {
        if let kept = try part.keptBytes() {
            value = .written(try SealedValue.resealed(kept))
        } else {
            value = .written(try SealedValue.seal(try BinaryEncoder.encode(part.load())))
        }
    }
}
