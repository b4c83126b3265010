/// A value that a store reads back by the thousand, such as one to-do among many, and that
/// encodes itself as a list of its fields (an unkeyed container). It can then also read those
/// fields straight from a store's binary form, skipping `Codable`'s decoder and containers:
/// about ten times faster, the same bytes either way.
public protocol BinaryFieldDecodable: Decodable {
    /// Reads the fields in the order `encode(to:)` writes them.
    init(fields: inout BinaryFieldReader) throws
}

/// The fields of one value, read in order from its list in `BinaryFormat`.
public struct BinaryFieldReader {
    private var reader: BinaryReader

    fileprivate init(_ reader: BinaryReader) {
        self.reader = reader
    }

    public mutating func string() throws -> String { try ScalarReading.string(&reader) }
    public mutating func int64() throws -> Int64 { try ScalarReading.signed(&reader) }

    /// A field that may be nil, read by `read` when it is not.
    public mutating func optional<Value>(_ read: (inout BinaryFieldReader) throws -> Value) throws -> Value? {
        guard try !ScalarReading.isNil(reader) else {
            _ = try ScalarReading.wrapping { try reader.tag() }
            return nil
        }
        return try read(&self)
    }

    /// A field that is a list of strings.
    public mutating func strings() throws -> [String] {
        var list = try BinaryFieldReader.list(&reader)
        var strings: [String] = []
        strings.reserveCapacity(list.count)
        for _ in 0..<list.count { strings.append(try ScalarReading.string(&list.reader)) }
        return strings
    }

    /// A field that is a dictionary of strings by string.
    public mutating func stringsByString() throws -> [String: String] {
        let (end, count) = try ScalarReading.wrapping { () throws -> (Int, Int) in
            guard try reader.tag() == .keyed else { throw reader.damage("expected a keyed value", back: 1) }
            return try reader.body()
        }
        var inner = BinaryReader(reader.bytes, at: reader.position, end: end)
        var strings: [String: String] = [:]
        for _ in 0..<count {
            let key = try ScalarReading.wrapping { try inner.string() }
            strings[key] = try ScalarReading.string(&inner)
        }
        reader.position = end
        return strings
    }

    /// A field that is a list of values that read their own fields.
    public mutating func list<Element: BinaryFieldDecodable>(of type: Element.Type) throws -> [Element] {
        try BinaryFieldReader.elements(of: &reader) { try Element(fields: &$0) }
    }

    /// Reads a list's tag and count; the reader returned reads its elements.
    fileprivate static func list(_ reader: inout BinaryReader) throws -> (reader: BinaryReader, count: Int) {
        let (end, count) = try ScalarReading.wrapping { () throws -> (Int, Int) in
            guard try reader.tag() == .list else { throw reader.damage("expected a list", back: 1) }
            return try reader.body()
        }
        let elements = BinaryReader(reader.bytes, at: reader.position, end: end)
        reader.position = end
        return (elements, count)
    }

    /// Reads each of a list's elements with `read`, which reads its fields.
    fileprivate static func elements<Element>(
        of reader: inout BinaryReader, _ read: (inout BinaryFieldReader) throws -> Element
    ) throws -> [Element] {
        var (list, count) = try list(&reader)
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for index in 0..<count {
            var fields = BinaryFieldReader(try BinaryFieldReader.list(&list).reader)
            elements.append(try ScalarReading.under(PositionKey(intValue: index)) { try read(&fields) })
        }
        return elements
    }
}

extension KeyedDecodingContainer {
    /// The list of values under `key`: read field by field when `decoder` reads a store's binary
    /// form, through `Codable` otherwise. `decoder` is the one this container came from.
    public func decodeFieldList<Element: BinaryFieldDecodable>(
        of type: Element.Type, forKey key: Key, from decoder: any Decoder
    ) throws -> [Element] {
        guard let binary = decoder as? ValueDecoder else { return try decode([Element].self, forKey: key) }
        var reader = try KeyedReader<Key>(bytes: binary.bytes, at: binary.position).reader(for: key)
        return try ScalarReading.under(key) { try BinaryFieldReader.elements(of: &reader) { try Element(fields: &$0) } }
    }
}
