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
        let start = try KeyedReader<Key>(bytes: binary.bytes, at: binary.position).reader(for: key)
        var end = start
        try ScalarReading.under(key) { try ScalarReading.wrapping { try end.skipValue() } }
        let name = key.stringValue
        return Deferred(empty: empty, bytes: binary.bytes, range: start.position..<end.position) { bytes, range in
            var reader = BinaryReader(bytes, at: range.lowerBound, end: range.upperBound)
            let elements = try ScalarReading.under(NamedKey(name)) {
                try BinaryFieldReader.elements(of: &reader) { try Element(fields: &$0) }
            }
            return make(elements)
        }
    }
}

extension KeyedEncodingContainer {
    /// Writes a deferred list under `key`: as the bytes it was read from, when nothing read or
    /// edited it and `encoder` writes a store's binary form; else its `elements`, field by field.
    public mutating func encodeDeferredFieldList<Element: BinaryFieldEncodable, Value>(
        _ part: Deferred<Value>, forKey key: Key, to encoder: any Encoder,
        _ elements: (Value) -> some Collection<Element>
    ) throws {
        if let binary = encoder as? ValueEncoder, let kept = part.keptBytes {
            binary.keyedBox().set(.written(Array(kept)), for: key.stringValue)
            return
        }
        try encodeFieldList(elements(try part.load()), forKey: key, to: encoder)
    }
}
