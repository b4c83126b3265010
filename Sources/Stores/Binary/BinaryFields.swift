import Essentials
import Fractal

/// A value that a store reads back by the thousand, such as one to-do among many or one kept
/// change among many: it reads its fields, as a list, straight from a store's binary form,
/// skipping `Codable`'s decoder and containers, about ten times faster. (A value whose `Codable`
/// form is that same list, as an unkeyed container, reads the same bytes either way.)
public protocol BinaryFieldDecodable: Decodable {
    /// Reads the fields in the order `write(fields:)` writes them.
    init(fields: inout BinaryFieldReader) throws
}

/// The other half of `BinaryFieldDecodable`: a value that writes its fields straight into a
/// store's binary form, as a list.
public protocol BinaryFieldEncodable: Encodable {
    func write(fields: inout BinaryFieldWriter) throws
}

/// The fields of one value, written in order as a list in `BinaryFormat`.
public struct BinaryFieldWriter {
    /// The fields written so far, one after another, and how many: a list says its count first.
    private var body = BinaryWriter()
    private var count = 0

    public mutating func string(_ value: String) {
        body.tag(.string)
        body.string(value)
        count += 1
    }

    public mutating func int64(_ value: Int64) {
        body.tag(.signed)
        body.signed(value)
        count += 1
    }

    /// A field that may be nil, written by `write` when it is not.
    public mutating func optional<Value>(_ value: Value?, _ write: (inout BinaryFieldWriter, Value) -> Void) {
        guard let value else {
            body.tag(.null)
            count += 1
            return
        }
        write(&self, value)
    }

    /// A field that is a list of strings.
    public mutating func strings(_ values: [String]) {
        scalars(values, tagged: .string) { $0.string($1) }
    }

    /// A field that is a list of whole numbers.
    public mutating func int64s(_ values: [Int64]) {
        scalars(values, tagged: .signed) { $0.signed($1) }
    }

    /// A field that is a list of scalars of one kind, each its tag then what `write` writes.
    private mutating func scalars<Value>(
        _ values: [Value], tagged tag: BinaryFormat.Tag, _ write: (inout BinaryWriter, Value) -> Void
    ) {
        body.tag(.list)
        body.sized { list in
            list.unsigned(UInt64(values.count))
            for value in values {
                list.tag(tag)
                write(&list, value)
            }
        }
        count += 1
    }

    /// A field that is a dictionary of strings by string, its keys in order.
    public mutating func stringsByString(_ values: [String: String]) {
        body.tag(.keyed)
        body.sized { keyed in
            keyed.unsigned(UInt64(values.count))
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                keyed.string(key)
                keyed.tag(.string)
                keyed.string(value)
            }
        }
        count += 1
    }

    /// A field that is a list of values that write their own fields.
    public mutating func list<Element: BinaryFieldEncodable>(_ elements: some Collection<Element>) throws {
        try list(elements) { try $1.write(fields: &$0) }
    }

    /// A field that is a list of values, each written by `write` as a list of its own fields.
    public mutating func list<Element>(
        _ elements: some Collection<Element>, _ write: (inout BinaryFieldWriter, Element) throws -> Void
    ) rethrows {
        body.tag(.list)
        try body.sized { list in
            list.unsigned(UInt64(elements.count))
            for element in elements {
                var fields = BinaryFieldWriter()
                try write(&fields, element)
                fields.close(into: &list)
            }
        }
        count += 1
    }

    /// A field that is a list of fields of its own, written by `write`.
    public mutating func nested(_ write: (inout BinaryFieldWriter) throws -> Void) rethrows {
        var fields = BinaryFieldWriter()
        try write(&fields)
        fields.close(into: &body)
        count += 1
    }

    /// A field of any type, written through `Codable`: for the values that are rare in a store.
    public mutating func value(_ value: some Encodable) throws {
        body.append(try BinaryEncoder.encode(value))
        count += 1
    }

    /// A field already in its binary form.
    mutating func append(written bytes: [UInt8]) {
        body.append(bytes)
        count += 1
    }

    /// Fields a reader of an earlier version kept as they came (`BinaryFieldReader.rest()`),
    /// written back after the fields it knows.
    public mutating func append(_ kept: KeptFields) {
        body.append(kept.bytes)
        count += kept.count
    }

    /// What was written so far, one field after another, without the list around them.
    var bodyBytes: [UInt8] { body.bytes }

    /// Writes the fields written so far, as one list.
    private func close(into writer: inout BinaryWriter) {
        writer.tag(.list)
        writer.sized { list in
            list.unsigned(UInt64(count))
            list.append(body.bytes)
        }
    }

    /// A list of values, each as the list of its fields, in the binary form.
    static func bytes<Element: BinaryFieldEncodable>(of elements: some Collection<Element>) throws -> [UInt8] {
        var fields = BinaryFieldWriter()
        try fields.list(elements) { try $1.write(fields: &$0) }
        return fields.body.bytes
    }

    /// The same for an array, walked by its positions: a batch of changes is written from code
    /// not specialized for its type, where walking any collection has the run time make its
    /// iterator's type from its name, through every conformance the program has (0.25 M
    /// instructions, once a run).
    static func bytes<Element: BinaryFieldEncodable>(of elements: [Element]) throws -> [UInt8] {
        var fields = BinaryFieldWriter()
        try fields.list(elements.indices) { try elements[$1].write(fields: &$0) }
        return fields.body.bytes
    }
}

/// The fields of one value, read in order from its list in `BinaryFormat`.
public struct BinaryFieldReader {
    // Internal, for the readers of other forms of a field (`keyed()`, `forEachKeyed(_:)`).
    var reader: BinaryReader

    init(_ reader: BinaryReader) {
        self.reader = reader
    }

    public mutating func string() throws -> String { try ScalarReading.string(&reader) }
    public mutating func int64() throws -> Int64 { try ScalarReading.signed(&reader) }

    /// Passes over the next field without reading it: a pass that looks at a few fields of each
    /// of many values reads those alone.
    public mutating func skip() throws {
        try ScalarReading.wrapping { try reader.skipValue() }
    }

    /// Whether every field of the value has been read: a record an earlier version wrote may end
    /// before the fields a later one added, which then take their default.
    public var isAtEnd: Bool { reader.isAtEnd }

    /// The fields not read yet, as they were stored: what a later version added, which this one
    /// keeps, unread, to write back (`BinaryFieldWriter.append(_:)`).
    public mutating func rest() throws -> KeptFields {
        let start = reader.position
        var count = 0
        while !reader.isAtEnd {
            try ScalarReading.wrapping { try reader.skipValue() }
            count += 1
        }
        return count == 0 ? KeptFields() : KeptFields(bytes: Array(reader.bytes[start..<reader.position]), count: count)
    }

    /// A field that may be nil, read by `read` when it is not.
    public mutating func optional<Value>(_ read: (inout BinaryFieldReader) throws -> Value) throws -> Value? {
        // Most of a to-do's optional fields are nil: passed over by a look at one byte, not a
        // copy of the reader and two readings of a tag (a tenth of reading a to-do).
        if reader.passesOverNull() { return nil }
        return try read(&self)
    }

    /// A field that is a list of strings.
    public mutating func strings() throws -> [String] {
        try scalars { try ScalarReading.string(&$0) }
    }

    /// A field that is a list of whole numbers.
    public mutating func int64s() throws -> [Int64] {
        try scalars { try ScalarReading.signed(&$0) }
    }

    /// A field that is a list of scalars of one kind, each read by `read`.
    private mutating func scalars<Value>(_ read: (inout BinaryReader) throws -> Value) throws -> [Value] {
        var list = try BinaryFieldReader.list(&reader)
        // Most such lists of a to-do (its contexts, its dependencies) are empty: no array to reserve.
        guard list.count > 0 else { return [] }
        var values: [Value] = []
        values.reserveCapacity(list.count)
        for _ in 0..<list.count { values.append(try read(&list.reader)) }
        return values
    }

    /// A field that is a dictionary of strings by string.
    public mutating func stringsByString() throws -> [String: String] {
        let (end, count) = try ScalarReading.wrapping { try reader.open(.keyed) }
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

    /// A field that is a list of values, each read by `read` from a list of its own fields.
    public mutating func list<Element>(_ read: (inout BinaryFieldReader) throws -> Element) throws -> [Element] {
        try BinaryFieldReader.elements(of: &reader, read)
    }

    /// A field that is a list of fields of its own, read by `read`.
    public mutating func nested<Value>(_ read: (inout BinaryFieldReader) throws -> Value) throws -> Value {
        var fields = BinaryFieldReader(try BinaryFieldReader.list(&reader).reader)
        return try read(&fields)
    }

    /// A field of any type, read through `Codable`: for the values that are rare in a store.
    public mutating func value<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try ScalarReading.value(&reader)
    }

    /// The next field, when it is exactly an enum's case as Swift's `Codable` writes it, with one
    /// value, `{"name": {"_0": value}}`, or none, `{"name": {}}`: the case's name, and a reader
    /// whose one field is the value. Nil, and nothing read, for any other form, which a value
    /// then reads through `Codable` (`value(_:)`), as it reads this one too, for several times
    /// the cost: a history's change, replayed at each start, is read so.
    public mutating func codableCase() -> (name: String, value: BinaryFieldReader?)? {
        var outer = reader
        guard let (end, count) = try? outer.open(.keyed), count == 1, let name = try? outer.string() else { return nil }
        var inner = outer
        guard let (innerEnd, innerCount) = try? inner.open(.keyed), innerEnd == end else { return nil }
        var value: BinaryFieldReader?
        if innerCount == 1 {
            guard let key = try? inner.stringRange(), inner.bytes[key].elementsEqual("_0".utf8) else { return nil }
            value = BinaryFieldReader(BinaryReader(inner.bytes, at: inner.position, end: end))
            guard (try? inner.skipValue()) != nil else { return nil }
        }
        guard innerCount <= 1, inner.position == end else { return nil }
        reader.position = end
        return (name, value)
    }

    /// Reads a list's tag and count; the reader returned reads its elements.
    fileprivate static func list(_ reader: inout BinaryReader) throws -> (reader: BinaryReader, count: Int) {
        let (end, count) = try ScalarReading.wrapping { try reader.open(.list) }
        let elements = BinaryReader(reader.bytes, at: reader.position, end: end)
        reader.position = end
        return (elements, count)
    }

    /// Hands `each` the fields of each of a list's elements in turn, keeping nothing.
    static func forEachElement(
        of reader: inout BinaryReader, _ each: (inout BinaryFieldReader) throws -> Void
    ) throws {
        var (list, count) = try list(&reader)
        for index in 0..<count {
            var fields = BinaryFieldReader(try BinaryFieldReader.list(&list).reader)
            try ScalarReading.under(PositionKey(intValue: index)) { try each(&fields) }
        }
    }

    /// Reads each of a list's elements with `read`, which reads its fields.
    static func elements<Element>(
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
        var reader = try KeyedReader<Key>(bytes: binary.bytes, at: binary.position).unsealedReader(for: key)
        return try ScalarReading.under(key) { try BinaryFieldReader.elements(of: &reader) { try Element(fields: &$0) } }
    }
}

extension KeyedDecodingContainer {
    /// The value under `key`, which reads its own fields: field by field when `decoder` reads a
    /// store's binary form, checked against its seal if it has one; through `Codable` otherwise.
    public func decodeFields<Value: BinaryFieldDecodable>(
        _ type: Value.Type, forKey key: Key, from decoder: any Decoder
    ) throws -> Value {
        guard let binary = decoder as? ValueDecoder else { return try decode(type, forKey: key) }
        var reader = try KeyedReader<Key>(bytes: binary.bytes, at: binary.position).unsealedReader(for: key)
        return try ScalarReading.under(key) {
            var fields = BinaryFieldReader(try BinaryFieldReader.list(&reader).reader)
            return try Value(fields: &fields)
        }
    }
}

extension KeyedReader {
    /// A reader of the value under `key`: of its body, checked against its seal, when it is
    /// sealed (`encodeFieldList(_:forKey:to:sealed:)`).
    func unsealedReader(for key: Key) throws -> BinaryReader {
        var found = try reader(for: key)
        return try ScalarReading.under(key) {
            try ScalarReading.wrapping { try found.unsealed(named: key.stringValue) }
        }
    }
}

extension KeyedDecodingContainer {
    /// Hands each value of the list under `key` to `each` as it is read, without a list of them
    /// made first; `reserve` learns first how many there are. Read field by field when `decoder`
    /// reads a store's binary form, through `Codable` otherwise. An error of reading says where
    /// in the list it was; one of `each` is passed on as it is.
    public func forEachInFieldList<Element: BinaryFieldDecodable>(
        of type: Element.Type, forKey key: Key, from decoder: any Decoder, reservingCapacity reserve: (Int) -> Void,
        each: (Element) throws -> Void
    ) throws {
        guard let binary = decoder as? ValueDecoder else {
            let elements = try decode([Element].self, forKey: key)
            reserve(elements.count)
            for element in elements { try each(element) }
            return
        }
        var reader = try KeyedReader<Key>(bytes: binary.bytes, at: binary.position).unsealedReader(for: key)
        // `each`'s own error leaves the reading's, which puts `key` and the position in front of
        // an error's coding path, and is thrown as it came.
        var refused: (any Error)?
        try ScalarReading.under(key) {
            var (list, count) = try BinaryFieldReader.list(&reader)
            reserve(count)
            for index in 0..<count {
                var fields = BinaryFieldReader(try BinaryFieldReader.list(&list).reader)
                let element = try ScalarReading.under(PositionKey(intValue: index)) { try Element(fields: &fields) }
                do {
                    try each(element)
                } catch {
                    refused = error
                    return
                }
            }
        }
        if let refused { throw refused }
    }
}

extension KeyedEncodingContainer {
    /// Encodes a value that writes its own fields under `key`: field by field when `encoder`
    /// writes a store's binary form, and there `sealed` by a checksum of its own if asked;
    /// through `Codable` otherwise.
    public mutating func encodeFields(
        _ value: some BinaryFieldEncodable, forKey key: Key, to encoder: any Encoder, sealed: Bool = false
    ) throws {
        guard let binary = encoder as? ValueEncoder else { return try encode(value, forKey: key) }
        var fields = BinaryFieldWriter()
        try fields.nested { try value.write(fields: &$0) }
        let bytes = fields.bodyBytes
        binary.keyedBox().set(.written(sealed ? try SealedValue.seal(bytes) : bytes), for: key.stringValue)
    }

    /// Encodes a list of values under `key`: written field by field when `encoder` writes a
    /// store's binary form, and there `sealed` by a checksum of its own if asked, so that the
    /// value holding it can be checked without it (`SealedValue`); through `Codable` otherwise.
    /// `encoder` is the one this container came from.
    public mutating func encodeFieldList<Element: BinaryFieldEncodable>(
        _ elements: some Collection<Element>, forKey key: Key, to encoder: any Encoder, sealed: Bool = false
    ) throws {
        guard let binary = encoder as? ValueEncoder else { return try encode(Array(elements), forKey: key) }
        let bytes = try BinaryFieldWriter.bytes(of: elements)
        binary.keyedBox().set(.written(sealed ? try SealedValue.seal(bytes) : bytes), for: key.stringValue)
    }
}

/// A stored field whose text names nothing this program knows.
public struct StoredFieldError: Error, CustomStringConvertible {
    public let field: String
    public let text: String

    public init(field: String, text: String) {
        (self.field, self.text) = (field, text)
    }

    public var description: String { "\"\(text)\" is not a \(field)" }
}

/// Fields of a stored value that the program reading it does not know, as they were stored: a
/// later version added them. Kept with the value and written back after the fields this version
/// knows, so that a store an earlier version writes loses nothing a later one put in it.
public struct KeptFields: Equatable, Sendable {
    let bytes: [UInt8]
    let count: Int

    /// None.
    public init() {
        (bytes, count) = ([], 0)
    }

    init(bytes: [UInt8], count: Int) {
        (self.bytes, self.count) = (bytes, count)
    }

    public var isEmpty: Bool { count == 0 }
}
