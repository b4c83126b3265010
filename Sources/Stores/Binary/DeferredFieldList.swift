import Fractal

// A list read and written field by field (`decodeFieldList`, `encodeFieldList`), kept as a
// `Deferred` part: from a store's binary form its bytes wait until the list is first used.

extension KeyedDecodingContainer {
    /// The list under `key`, made into a value by `make` when it is first used: when `decoder`
    /// reads a store's binary form, the list's bytes wait in the `Deferred`; otherwise the list is
    /// read now. `decoder` is the one this container came from; `empty` stands in until the read.
    public func decodeDeferredFieldList<Element: BinaryFieldDecodable & SendableMetatype, Value>(
        of type: Element.Type, forKey key: Key, from decoder: any Decoder, empty: Value,
        _ make: @escaping @Sendable ([Element]) -> Value
    ) throws -> Deferred<Value> {
        guard let binary = decoder as? ValueDecoder else {
            return Deferred(make(try decodeFieldList(of: type, forKey: key, from: decoder)))
        }
        var reader = try KeyedReader<Key>(bytes: binary.bytes, at: binary.position).reader(for: key)
        let read = Self.deferredRead(of: type, named: key.stringValue, keeping: { $0 }, make)
        let source = try ScalarReading.under(key) {
            try ScalarReading.wrapping { try StoredBytes(at: &reader, parts: binary.parts, decode: read) }
        }
        return Deferred(empty: empty, source: source)
    }

    /// How a deferred list, sealed or bare, is read when first used: checked against its seal,
    /// when it has one, then read element by element, each element kept as `keep` makes it.
    static func deferredRead<Element: BinaryFieldDecodable & SendableMetatype, Kept, Value>(
        of type: Element.Type, named name: String, keeping keep: @escaping @Sendable (Element) -> Kept,
        _ make: @escaping @Sendable ([Kept]) -> Value
    ) -> @Sendable ([UInt8], Range<Int>) throws -> Value {
        { bytes, range in
            var stored = BinaryReader(bytes, at: range.lowerBound, end: range.upperBound)
            return try ScalarReading.under(NamedKey(name)) {
                var reader = try ScalarReading.wrapping { try stored.unsealed(named: name) }
                return make(try BinaryFieldReader.elements(of: &reader) { keep(try Element(fields: &$0)) })
            }
        }
    }
}

extension KeyedEncodingContainer {
    /// Writes a deferred list under `key`: as the bytes it was read from, when nothing read or
    /// edited it and `encoder` writes a store's binary form; else its `elements`, field by field,
    /// and kept apart where the store keeps large parts so (`Deferred.storedForm`).
    /// In the binary form it is sealed (`SealedValue`), so that the value holding it can be
    /// checked without reading it: bytes kept bare, from a store that did not seal its parts, are
    /// sealed now, as the whole they came in was checked when it was read.
    public mutating func encodeDeferredFieldList<Element: BinaryFieldEncodable, Value>(
        _ part: Deferred<Value>, forKey key: Key, to encoder: any Encoder,
        _ elements: (Value) -> some Collection<Element>
    ) throws {
        guard let binary = encoder as? ValueEncoder else {
            return try encodeFieldList(elements(try part.load()), forKey: key, to: encoder)
        }
        let stored = try part.storedForm { try BinaryFieldWriter.bytes(of: elements($0)) }
        binary.keyedBox().set(.written(stored), for: key.stringValue)
    }
}
