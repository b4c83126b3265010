import Essentials
import Fractal

// A long list kept in pages (`decodeDeferredPages`, `encodeDeferredPages`): in a store's binary
// form each page is sealed on its own, and read only when first used, so that a command that
// reads or changes a few elements of a hundred thousand checks and reads their pages alone.
//
//     sealed list of pages, each a sealed list of elements, each the list of its fields
//
// The outer seal covers the pages' heads, so that a page lost or moved is found when the list is
// opened; each page's own seal covers its elements (see `SealedValue.frameChecksum`). A store may
// keep a page apart (`PartKeptApart`): the list then holds its name, which the outer seal covers.

extension KeyedDecodingContainer {
    /// The pages under `key`, each made into a value by `make` when it is first used: when
    /// `decoder` reads a store's binary form, each page's bytes wait in its `Deferred`; otherwise
    /// every page is read now. `decoder` is the one this container came from; `empty` stands in
    /// for a page until it is read.
    public func decodeDeferredPages<Element: BinaryFieldDecodable & SendableMetatype, Value>(
        of type: Element.Type, forKey key: Key, from decoder: any Decoder, empty: Value,
        _ make: @escaping @Sendable ([Element]) -> Value
    ) throws -> [Deferred<Value>] {
        try deferredPages(of: type, forKey: key, from: decoder, empty: empty, keeping: { $0 }, make)
    }

    /// The pages under `key`, as `decodeDeferredPages(of:forKey:from:empty:_:)` reads them, each a
    /// list of its elements as `keep` makes them, read into that list at once: a page of 512
    /// to-dos is not read into a list of its stored elements first, then copied into another.
    public func decodeDeferredPages<Element: BinaryFieldDecodable & SendableMetatype, Kept: Sendable>(
        of type: Element.Type, forKey key: Key, from decoder: any Decoder,
        keeping keep: @escaping @Sendable (Element) -> Kept
    ) throws -> [Deferred<[Kept]>] {
        try deferredPages(of: type, forKey: key, from: decoder, empty: [], keeping: keep) { $0 }
    }

    private func deferredPages<Element: BinaryFieldDecodable & SendableMetatype, Kept, Value>(
        of type: Element.Type, forKey key: Key, from decoder: any Decoder, empty: Value,
        keeping keep: @escaping @Sendable (Element) -> Kept, _ make: @escaping @Sendable ([Kept]) -> Value
    ) throws -> [Deferred<Value>] {
        guard let binary = decoder as? ValueDecoder else {
            return try decode([[Element]].self, forKey: key).map { Deferred(make($0.map(keep))) }
        }
        let name = key.stringValue
        var reader = try KeyedReader<Key>(bytes: binary.bytes, at: binary.position).unsealedReader(for: key)
        return try ScalarReading.under(key) {
            try ScalarReading.wrapping {
                let (end, count) = try reader.open(.list)
                var pages: [Deferred<Value>] = []
                pages.reserveCapacity(count)
                var page = BinaryReader(binary.bytes, at: reader.position, end: end)
                for number in 0..<count {
                    let read = Self.deferredRead(of: type, named: "\(name) \(number + 1)", keeping: keep, make)
                    pages.append(
                        Deferred(empty: empty, source: try StoredBytes(at: &page, parts: binary.parts, decode: read)))
                }
                return pages
            }
        }
    }
}

extension KeyedEncodingContainer {
    /// Writes `pages` under `key`: in a store's binary form, each page as the bytes it was read
    /// from, sealed, when nothing read or edited it, else its `elements` field by field, sealed
    /// anew, and kept apart where the store keeps large parts so (`Deferred.storedForm`); through
    /// `Codable` otherwise.
    public mutating func encodeDeferredPages<Element: BinaryFieldEncodable, Value>(
        _ pages: [Deferred<Value>], forKey key: Key, to encoder: any Encoder,
        _ elements: (Value) -> some Collection<Element>
    ) throws {
        guard let binary = encoder as? ValueEncoder else {
            return try encode(try pages.map { Array(elements(try $0.load())) }, forKey: key)
        }
        var list = BinaryWriter()
        list.tag(.list)
        try list.sized { list in
            list.unsigned(UInt64(pages.count))
            for page in pages {
                list.append(try page.storedForm { try BinaryFieldWriter.bytes(of: elements($0)) })
            }
        }
        binary.keyedBox().set(.written(try SealedValue.seal(list.bytes)), for: key.stringValue)
    }
}

extension Encoder {
    /// Whether this encoder writes a store's binary form, where a value may keep parts sealed and
    /// in pages (`encodeDeferredPages`); other forms, such as JSON, keep them plain.
    public var writesBinaryForm: Bool { self is ValueEncoder }
}

extension Deferred {
    /// Hands `each` the fields of each element of a page not read yet, one after another, checked
    /// against the page's seal first, without reading the page into its value or keeping
    /// anything: a pass over many elements that keeps a few reads those whole alone. False, and
    /// nothing handed, where the page was read or edited already: its value is there to look
    /// through. Bytes that do not read are `UnreadableSlice`, as when the page is read.
    public func forEachUnreadElement(_ each: (inout BinaryFieldReader) throws -> Void) throws -> Bool {
        guard let source = unreadSource as? StoredBytes<Value> else { return false }
        let (bytes, range) = try source.origin.bytes()
        do {
            var stored = BinaryReader(bytes, at: range.lowerBound, end: range.upperBound)
            var reader = try ScalarReading.wrapping { try stored.unsealed(named: "page") }
            try BinaryFieldReader.forEachElement(of: &reader, each)
        } catch {
            throw UnreadableSlice(
                reason: "a record does not hold what this program wrote (\(StoreError.oneLine(error)))")
        }
        return true
    }
}
