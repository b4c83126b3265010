import Essentials
import Fractal

/// Where a part a store left unread comes from: its bytes in the store's binary form, at a range
/// of the record it was read with, or kept apart in the store (`PartKeptApart`), and how they are
/// read into the part when it is first used (see `Deferred` and `Slice`).
struct StoredBytes<Value>: UnreadSource {
    /// Where the bytes are.
    enum Origin: Sendable {
        /// At `range` of the whole record the part was read from, not copied out.
        case record([UInt8], Range<Int>)
        /// Kept apart in the store under `PartKeptApart`, read when first needed: a sealed value.
        case apart(PartKeptApart, PendingBytes)

        /// The bytes and where the part lies in them. A part kept apart that is not the sealed
        /// value its name says is `UnreadableSlice`, as are bytes the store can no longer give.
        func bytes() throws -> ([UInt8], Range<Int>) {
            switch self {
            case .record(let bytes, let range): return (bytes, range)
            case .apart(let name, let pending):
                let bytes = try pending.bytes()
                guard name.isHeld(by: bytes) else {
                    throw UnreadableSlice(
                        reason: "its part \(name.number) is not the one its snapshot names (the part is damaged)")
                }
                return (bytes, bytes.indices)
            }
        }
    }

    let origin: Origin
    let decode: @Sendable ([UInt8], Range<Int>) throws -> Value

    /// The part at the reader's position in `bytes`, which is left after it: a value in the
    /// record, sealed or bare, or the name of a part kept apart, which `parts` reads.
    init(
        at reader: inout BinaryReader, parts: PartsKeptApart?,
        decode: @escaping @Sendable ([UInt8], Range<Int>) throws -> Value
    ) throws(BinaryFormat.Damage) {
        let start = reader.position
        if reader.position < reader.end, PartKeptApart.isName(reader.bytes[start...]) {
            let name = try PartKeptApart(reading: &reader)
            guard let parts else {
                throw reader.damage("a part kept apart where none can be", back: PartKeptApart.size)
            }
            origin = .apart(name, parts.part(name))
        } else {
            try reader.skipValue()
            origin = .record(reader.bytes, start..<reader.position)
        }
        self.decode = decode
    }

    init(origin: Origin, decode: @escaping @Sendable ([UInt8], Range<Int>) throws -> Value) {
        (self.origin, self.decode) = (origin, decode)
    }

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

    /// What a record written now holds for the part, unchanged since it was read: the bytes it came
    /// with, sealed (`SealedValue.resealed`); for a part kept apart, what the store writing keeps
    /// (`PartsKeeper.keepAgain`), or its bytes where no store keeps parts apart. A large sealed
    /// part held in the record, where the store writing keeps such parts apart (a store of an
    /// earlier version, rewritten), is written anew by `anew`; one that does not read stays as it
    /// came, where the command that reads it finds its damage.
    func written(orAnew anew: () throws -> [UInt8]) throws -> [UInt8] {
        switch origin {
        case .record(let bytes, let range):
            let kept = bytes[range]
            if let keeper = PartsKeeping.keeper, SealedValue.isSealed(kept),
                kept.count - SealedValue.headSize >= keeper.smallestKeptApart
            {
                do {
                    return try anew()
                } catch is UnreadableSlice {}
            }
            return try SealedValue.resealed(kept)
        case .apart(let name, let pending):
            if let keeper = PartsKeeping.keeper { return try keeper.keepAgain(name, bytes: pending) }
            return try origin.bytes().0
        }
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

    /// What a store's binary form holds for the part: what it came with, while nothing edited it
    /// (`StoredBytes.written`), read or not; else its value, encoded by `encode`, sealed, and kept
    /// apart where the store writing keeps large parts so (`PartsKeeping.written`). Throws
    /// `UnreadableSlice` when the part must be read and cannot be.
    func storedForm(_ encode: (Value) throws -> [UInt8]) throws -> [UInt8] {
        func anew() throws -> [UInt8] { try PartsKeeping.written(try SealedValue.seal(try encode(try load()))) }
        guard let source = unchangedSource as? StoredBytes<Value> else { return try anew() }
        return try source.written(orAnew: anew)
    }
}

extension ValueDecoder: DeferringDecoder {
    /// The value here, read when first used: sealed, as this program writes a slice, its body is
    /// checked against its seal first; bare, as stores of format 2 and before kept it, the record's
    /// checksum covered it already; kept apart, it is read from the store then, sealed.
    func deferred<Value: Decodable & Equatable & Sendable>(
        _ type: Value.Type, empty: Value, named name: String
    ) throws -> Deferred<Value> {
        var reader = BinaryReader(bytes, at: position, end: bytes.count)
        let parts = parts
        let source = try ScalarReading.wrapping {
            try StoredBytes(at: &reader, parts: parts) { bytes, range -> Value in
                let sealed = SealedValue.isSealed(bytes[range])
                let value = sealed ? try SealedValue.checkedBody(of: bytes, in: range, named: name) : range
                return try BinaryDecoder.decode(Value.self, from: bytes, in: value, parts: parts)
            }
        }
        return Deferred(empty: empty, source: source)
    }
}

extension ValueDecoder {
    func keyNames() throws -> [String] {
        var reader = BinaryReader(bytes, at: position, end: bytes.count)
        return try ScalarReading.wrapping {
            let (end, count) = try reader.open(.keyed)
            var entries = BinaryReader(bytes, at: reader.position, end: end)
            return try (0..<count).map { _ in
                let name = try entries.string()
                try entries.skipValue()
                return name
            }
        }
    }
}

extension ValueEncoder: DeferringEncoder {
    /// In the binary form, a slice is sealed by a checksum of its own (`SealedValue`). A slice
    /// nobody read is its bytes again, with the seal they came with: bytes damaged since they
    /// were sealed stay found out, never sealed anew.
    func encode<Value: Encodable & Equatable & Sendable>(deferred part: Deferred<Value>) throws {
        value = .written(try part.storedForm { try BinaryEncoder.encode($0) })
    }
}
