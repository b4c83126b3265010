import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads any `Decodable` value from the binary form of `BinaryFormat`.
///
/// Damage of any kind, a wrong tag, a length past the end, bytes left over, is a thrown
/// `DecodingError` naming the byte and the coding path, never a crash.
///
/// Built for a store's start-up, where thousands of values are read at once: the decoder and
/// its containers are small values, and the coding path is put together only when an error
/// travels up through it, so a value read without error pays nothing for it.
enum BinaryDecoder {
    /// The value that fills `range` of `bytes`, or all of them: a record is read where it lies
    /// in what was read from the file, not copied out first. `parts` reads the parts it names
    /// that the store keeps apart (`PartKeptApart`).
    static func decode<Value: Decodable>(
        _ type: Value.Type, from bytes: [UInt8], in range: Range<Int>? = nil, parts: PartsKeptApart? = nil
    ) throws -> Value {
        let range = range ?? bytes.indices
        var reader = BinaryReader(bytes, at: range.lowerBound, end: range.upperBound)
        try ScalarReading.wrapping { try reader.skipValue() }
        guard reader.isAtEnd else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "\(range.upperBound - reader.position) bytes follow the value"))
        }
        return try Value(from: ValueDecoder(bytes: bytes, position: range.lowerBound, parts: parts))
    }
}

/// The `Decoder` a value decodes itself from: the value that starts at `position`.
struct ValueDecoder: Decoder {
    let bytes: [UInt8]
    let position: Int
    /// How the parts the record names that the store keeps apart are read, if it keeps any.
    var parts: PartsKeptApart? = nil
    var codingPath: [any CodingKey] { [] }
    /// Itself, as the decoder that leaves a slice unread until first used (`Slice`).
    var userInfo: [CodingUserInfoKey: Any] { [.deferring: DeferringDecoders(self)] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try KeyedReader<Key>(bytes: bytes, at: position, parts: parts))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try ListReader(bytes: bytes, at: position)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueReader(bytes: bytes, position: position)
    }
}

/// Reading one value of each scalar kind, and a nested value of any type, at a reader's position.
enum ScalarReading {
    static func isNil(_ reader: BinaryReader) throws -> Bool {
        var peek = reader
        return try wrapping { try peek.tag() } == .null
    }

    static func bool(_ reader: inout BinaryReader) throws -> Bool {
        switch try wrapping({ try reader.tag() }) {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, reader)
        }
    }

    static func string(_ reader: inout BinaryReader) throws -> String {
        if let short = reader.shortString() { return short }
        try expect(.string, String.self, &reader)
        return try wrapping { try reader.string() }
    }

    static func double(_ reader: inout BinaryReader) throws -> Double {
        try expect(.double, Double.self, &reader)
        return Double(bitPattern: try wrapping { try reader.fixed(UInt64.self) })
    }

    static func float(_ reader: inout BinaryReader) throws -> Float {
        try expect(.float, Float.self, &reader)
        return Float(bitPattern: try wrapping { try reader.fixed(UInt32.self) })
    }

    static func signed<Value: FixedWidthInteger & SignedInteger>(_ reader: inout BinaryReader) throws -> Value {
        try expect(.signed, Value.self, &reader)
        let wide = try wrapping { try reader.signed() }
        guard let value = Value(exactly: wide) else { throw outOfRange(Value.self, wide, reader) }
        return value
    }

    static func unsigned<Value: FixedWidthInteger & UnsignedInteger>(_ reader: inout BinaryReader) throws -> Value {
        try expect(.unsigned, Value.self, &reader)
        let wide = try wrapping { try reader.unsigned() }
        guard let value = Value(exactly: wide) else { throw outOfRange(Value.self, wide, reader) }
        return value
    }

    /// A value of any type, which reads itself; the reader steps past it.
    static func value<Value: Decodable>(_ reader: inout BinaryReader) throws -> Value {
        // Generic code such as `Array<String>`'s asks for its elements through here: the common
        // scalars are read directly, not through a decoder and a container of their own.
        if Value.self == String.self { return unsafeBitCast(try string(&reader), to: Value.self) }
        if Value.self == Int.self { return unsafeBitCast(try signed(&reader) as Int, to: Value.self) }
        if Value.self == Int64.self { return unsafeBitCast(try signed(&reader) as Int64, to: Value.self) }
        if Value.self == Bool.self { return unsafeBitCast(try bool(&reader), to: Value.self) }
        if Value.self == Double.self { return unsafeBitCast(try double(&reader), to: Value.self) }
        if Value.self == Date.self { return unsafeBitCast(try date(&reader), to: Value.self) }
        let start = reader.position
        try wrapping { try reader.skipValue() }
        return try Value(from: ValueDecoder(bytes: reader.bytes, position: start))
    }

    /// A date as `Date` codes itself, seconds since 2001, which must be a moment the programs can
    /// print: a whole number of milliseconds that fits in 64 bits (`Date.milliseconds`, which
    /// stops the program on any other). No program writes another, so a record that holds one is
    /// damaged, said as such rather than met later as a crash.
    static func date(_ reader: inout BinaryReader) throws -> Date {
        let start = reader.position
        let date = Date(timeIntervalSinceReferenceDate: try double(&reader))
        guard Int64(exactly: (date.timeIntervalSince1970 * 1000).rounded()) != nil else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "a date out of any calendar at byte \(start) of the value"))
        }
        return date
    }

    /// Runs `body`; an error from it gets `key` in front of its coding path on the way up.
    static func under<Result>(_ key: some CodingKey, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as DecodingError {
            throw error.under(key)
        }
    }

    /// Runs a read of the bytes; damage becomes a `DecodingError`.
    static func wrapping<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let damage as BinaryFormat.Damage {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: damage.description))
        }
    }

    private static func expect(_ tag: BinaryFormat.Tag, _ type: Any.Type, _ reader: inout BinaryReader) throws {
        guard try wrapping({ try reader.tag() }) == tag else { throw mismatch(type, reader, back: 1) }
    }

    private static func mismatch(_ type: Any.Type, _ reader: BinaryReader, back: Int = 1) -> DecodingError {
        let position = reader.position - back
        let found = BinaryFormat.Tag(rawValue: reader.bytes[position]).map { "\($0)" } ?? "unknown"
        return DecodingError.typeMismatch(
            type, .init(codingPath: [], debugDescription: "found a \(found) value at byte \(position)"))
    }

    private static func outOfRange(_ type: Any.Type, _ value: some BinaryInteger, _ reader: BinaryReader)
        -> DecodingError
    {
        DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "\(value) before byte \(reader.position) does not fit \(type)"))
    }
}

extension DecodingError {
    /// The same error, one level further down: `key` in front of its coding path.
    fileprivate func under(_ key: some CodingKey) -> DecodingError {
        func moved(_ context: Context) -> Context {
            Context(
                codingPath: [key] + context.codingPath, debugDescription: context.debugDescription,
                underlyingError: context.underlyingError)
        }
        switch self {
        case .typeMismatch(let type, let context): return .typeMismatch(type, moved(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, moved(context))
        case .keyNotFound(let missing, let context): return .keyNotFound(missing, moved(context))
        case .dataCorrupted(let context): return .dataCorrupted(moved(context))
        @unknown default: return self
        }
    }
}

/// A keyed value: its entries are walked for each key asked for, which for the few keys a
/// value has costs less than building a table of them.
struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private let bytes: [UInt8]
    private let start: Int
    private let end: Int
    private let count: Int
    /// How the parts the record keeps apart are read, handed to the decoders of its entries.
    private let parts: PartsKeptApart?
    var codingPath: [any CodingKey] { [] }

    init(bytes: [UInt8], at position: Int, parts: PartsKeptApart? = nil) throws {
        var reader = BinaryReader(bytes, at: position, end: bytes.count)
        (end, count) = try ScalarReading.wrapping { try reader.open(.keyed) }
        self.bytes = bytes
        self.parts = parts
        start = reader.position
    }

    var allKeys: [Key] {
        var keys: [Key] = []
        var reader = BinaryReader(bytes, at: start, end: end)
        for _ in 0..<count {
            guard let name = try? reader.string(), (try? reader.skipValue()) != nil else { break }
            if let key = Key(stringValue: name) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { (try? find(key)) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try ScalarReading.isNil(try reader(for: key)) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try scalar(key) { try ScalarReading.bool(&$0) }
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try scalar(key) { try ScalarReading.string(&$0) }
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try scalar(key) { try ScalarReading.double(&$0) }
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try scalar(key) { try ScalarReading.float(&$0) }
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(key) { try ScalarReading.signed(&$0) } }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try scalar(key) { try ScalarReading.signed(&$0) }
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try scalar(key) { try ScalarReading.signed(&$0) }
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try scalar(key) { try ScalarReading.signed(&$0) }
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try scalar(key) { try ScalarReading.signed(&$0) }
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try scalar(key) { try ScalarReading.unsigned(&$0) }
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try scalar(key) { try ScalarReading.unsigned(&$0) }
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try scalar(key) { try ScalarReading.unsigned(&$0) }
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try scalar(key) { try ScalarReading.unsigned(&$0) }
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try scalar(key) { try ScalarReading.unsigned(&$0) }
    }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        var reader = try reader(for: key)
        return try ScalarReading.under(key) { try ScalarReading.value(&reader) }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let position = try reader(for: key).position
        return KeyedDecodingContainer(
            try ScalarReading.under(key) { try KeyedReader<NestedKey>(bytes: bytes, at: position) })
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let position = try reader(for: key).position
        return try ScalarReading.under(key) { try ListReader(bytes: bytes, at: position) }
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(bytes: bytes, position: try find(SuperKey()))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(bytes: bytes, position: try find(key), parts: parts)
    }

    private func scalar<Result>(_ key: Key, _ read: (inout BinaryReader) throws -> Result) throws -> Result {
        var reader = try reader(for: key)
        return try ScalarReading.under(key) { try read(&reader) }
    }

    func reader(for key: Key) throws -> BinaryReader {
        BinaryReader(bytes, at: try find(key), end: end)
    }

    /// Where the value of `key` starts.
    private func find(_ key: some CodingKey) throws -> Int {
        let found = try ScalarReading.wrapping {
            try BinaryReader(bytes, at: start, end: end).entry(named: key.stringValue, among: count)
        }
        guard let found else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: [], debugDescription: "no value for \"\(key.stringValue)\""))
        }
        return found
    }
}

/// The key under which a superclass decodes itself, as in JSON.
private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

/// A position in a list, for coding paths.
struct PositionKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct ListReader: UnkeyedDecodingContainer {
    private var reader: BinaryReader
    let count: Int?
    private(set) var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= count ?? 0 }

    init(bytes: [UInt8], at position: Int) throws {
        var reader = BinaryReader(bytes, at: position, end: bytes.count)
        let (end, count) = try ScalarReading.wrapping { try reader.open(.list) }
        self.reader = BinaryReader(bytes, at: reader.position, end: end)
        self.count = count
    }

    /// Reads the next element with `read`, which steps past it.
    private mutating func next<Result>(_ read: (inout BinaryReader) throws -> Result) throws -> Result {
        let key = PositionKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Result.self, .init(codingPath: [key], debugDescription: "the list has only \(count ?? 0) elements"))
        }
        let result = try ScalarReading.under(key) { try read(&reader) }
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, try ScalarReading.isNil(reader) else { return false }
        try next { reader in try ScalarReading.wrapping { try reader.skipValue() } }
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try ScalarReading.bool(&$0) } }
    mutating func decode(_ type: String.Type) throws -> String { try next { try ScalarReading.string(&$0) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next { try ScalarReading.double(&$0) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next { try ScalarReading.float(&$0) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next { try ScalarReading.signed(&$0) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { try ScalarReading.signed(&$0) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { try ScalarReading.signed(&$0) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { try ScalarReading.signed(&$0) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { try ScalarReading.signed(&$0) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next { try ScalarReading.unsigned(&$0) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try ScalarReading.unsigned(&$0) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next { try ScalarReading.unsigned(&$0) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next { try ScalarReading.unsigned(&$0) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next { try ScalarReading.unsigned(&$0) } }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try next { try ScalarReading.value(&$0) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let position = try skipNext()
        return KeyedDecodingContainer(try KeyedReader<NestedKey>(bytes: reader.bytes, at: position))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try ListReader(bytes: reader.bytes, at: try skipNext())
    }

    mutating func superDecoder() throws -> any Decoder {
        ValueDecoder(bytes: reader.bytes, position: try skipNext())
    }

    /// Steps past the next element; returns where it starts.
    private mutating func skipNext() throws -> Int {
        try next { reader in
            let start = reader.position
            try ScalarReading.wrapping { try reader.skipValue() }
            return start
        }
    }
}

private struct SingleValueReader: SingleValueDecodingContainer {
    let bytes: [UInt8]
    let position: Int
    var codingPath: [any CodingKey] { [] }
    private var reader: BinaryReader { BinaryReader(bytes, at: position, end: bytes.count) }

    func decodeNil() -> Bool { (try? ScalarReading.isNil(reader)) ?? false }
    func decode(_ type: Bool.Type) throws -> Bool { try read { try ScalarReading.bool(&$0) } }
    func decode(_ type: String.Type) throws -> String { try read { try ScalarReading.string(&$0) } }
    func decode(_ type: Double.Type) throws -> Double { try read { try ScalarReading.double(&$0) } }
    func decode(_ type: Float.Type) throws -> Float { try read { try ScalarReading.float(&$0) } }
    func decode(_ type: Int.Type) throws -> Int { try read { try ScalarReading.signed(&$0) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try read { try ScalarReading.signed(&$0) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try read { try ScalarReading.signed(&$0) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try read { try ScalarReading.signed(&$0) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try read { try ScalarReading.signed(&$0) } }
    func decode(_ type: UInt.Type) throws -> UInt { try read { try ScalarReading.unsigned(&$0) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try read { try ScalarReading.unsigned(&$0) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try read { try ScalarReading.unsigned(&$0) } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try read { try ScalarReading.unsigned(&$0) } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try read { try ScalarReading.unsigned(&$0) } }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try Value(from: ValueDecoder(bytes: bytes, position: position))
    }

    private func read<Result>(_ body: (inout BinaryReader) throws -> Result) throws -> Result {
        var reader = reader
        return try body(&reader)
    }
}
