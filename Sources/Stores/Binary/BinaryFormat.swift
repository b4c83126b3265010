import Essentials
import Fractal

/// How the durable stores keep values: a compact, self-describing binary form of anything
/// `Codable`, read back several times faster than the same value as JSON (about ten times,
/// where a value reads its own fields: see `BinaryFieldDecodable`).
///
///     value   tag (1 byte), then its payload:
///       0 nil, 1 false, 2 true         nothing more
///       3 signed integer               zigzag LEB128
///       4 unsigned integer             LEB128
///       5 double, 6 float              IEEE 754 bits, little-endian (8 or 4 bytes)
///       7 string                       LEB128 byte count, UTF-8
///       8 list                         body byte count (UInt32, little-endian), body:
///                                      LEB128 element count, the values
///       9 keyed                        body byte count (UInt32, little-endian), body:
///                                      LEB128 entry count, each a key (as a string's payload)
///                                      then its value
///      10 sealed                       body byte count (UInt32, little-endian), CRC-32 of the
///                                      body (UInt32, little-endian), body: one value
///      11 kept apart                   the number of a part the store keeps apart (UInt64,
///                                      little-endian), then the head of the sealed value that
///                                      part holds: its body byte count and CRC-32 (UInt32 each)
///
/// A list, keyed or sealed value says how long it is, so a reader can step over what it does not
/// ask for. A sealed value carries its own checksum, so that a record's checksum can leave its
/// body out and the body be checked only by a reader that asks for it (see `SealedValue`). A
/// large sealed value may be kept apart from the record that holds it, which then names it
/// (`PartKeptApart`), so that reading the record does not read it.
enum BinaryFormat {
    enum Tag: UInt8 {
        case null = 0
        case `false` = 1
        case `true` = 2
        case signed = 3
        case unsigned = 4
        case double = 5
        case float = 6
        case string = 7
        case list = 8
        case keyed = 9
        case sealed = 10
        case keptApart = 11
    }

    /// A value that does not read as what it claims to be.
    struct Damage: Error, CustomStringConvertible {
        /// Where in the value it was found, or nil for damage to a whole part (`SealedValue`).
        let offset: Int?
        let problem: String

        var description: String { offset.map { "\(problem) at byte \($0) of the value" } ?? problem }
    }
}

/// Appends values' parts to a byte array.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func tag(_ tag: BinaryFormat.Tag) {
        bytes.append(tag.rawValue)
    }

    mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func signed(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func fixed<Value: FixedWidthInteger>(_ value: Value) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func append(_ written: [UInt8]) {
        bytes.append(contentsOf: written)
    }

    mutating func append(_ written: ArraySlice<UInt8>) {
        bytes.append(contentsOf: written)
    }

    /// Writes a list's or keyed value's body, and its length in front of it.
    mutating func sized(_ body: (inout BinaryWriter) throws -> Void) rethrows {
        let lengthAt = bytes.count
        fixed(UInt32(0))
        try body(&self)
        let length = UInt32(truncatingIfNeeded: bytes.count - lengthAt - 4)
        withUnsafeBytes(of: length.littleEndian) { length in
            for (index, byte) in length.enumerated() { bytes[lengthAt + index] = byte }
        }
    }
}

/// Reads values' parts from bytes, checking each against the end.
struct BinaryReader {
    let bytes: [UInt8]
    var position: Int
    let end: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        position = 0
        end = bytes.count
    }

    init(_ bytes: [UInt8], at position: Int, end: Int) {
        (self.bytes, self.position, self.end) = (bytes, position, end)
    }

    var isAtEnd: Bool { position >= end }

    mutating func byte() throws(BinaryFormat.Damage) -> UInt8 {
        guard position < end else { throw damage("the value ends early") }
        defer { position += 1 }
        return bytes[position]
    }

    /// Passes over the next value if it is a null: whether it was.
    mutating func passesOverNull() -> Bool {
        guard position < end, bytes[position] == BinaryFormat.Tag.null.rawValue else { return false }
        position += 1
        return true
    }

    mutating func tag() throws(BinaryFormat.Damage) -> BinaryFormat.Tag {
        let byte = try byte()
        guard let tag = BinaryFormat.Tag(rawValue: byte) else { throw damage("unknown tag \(byte)", back: 1) }
        return tag
    }

    mutating func unsigned() throws(BinaryFormat.Damage) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            guard shift < 64, shift < 63 || byte <= 1 else { throw damage("a number too large for 64 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    mutating func signed() throws(BinaryFormat.Damage) -> Int64 {
        let zigzag = try unsigned()
        return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    }

    mutating func fixed<Value: FixedWidthInteger>(_: Value.Type) throws(BinaryFormat.Damage) -> Value {
        let size = MemoryLayout<Value>.size
        guard end - position >= size else { throw damage("the value ends early") }
        let value = bytes.withUnsafeBytes { [position] in
            Value(littleEndian: $0.loadUnaligned(fromByteOffset: position, as: Value.self))
        }
        position += size
        return value
    }

    /// A count or length, which must fit in what is left.
    mutating func count() throws(BinaryFormat.Damage) -> Int {
        let count = try unsigned()
        guard count <= UInt64(end - position) else { throw damage("a count of \(count) runs past the end") }
        return Int(count)
    }

    /// A string's bytes, as a range, without making the string.
    mutating func stringRange() throws(BinaryFormat.Damage) -> Range<Int> {
        let length = try count()
        defer { position += length }
        return position..<(position + length)
    }

    mutating func string() throws(BinaryFormat.Damage) -> String {
        let range = try stringRange()
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// A string value of fewer than 128 bytes at the position, as most are, read in one step; nil,
    /// the position unmoved, for anything else, which the full reading (`tag`, `string`) reads or
    /// says what is wrong with.
    mutating func shortString() -> String? {
        let start = position
        guard end - start >= 2, bytes[start] == BinaryFormat.Tag.string.rawValue else { return nil }
        let length = Int(bytes[start + 1])
        guard length < 0x80, length <= end - start - 2 else { return nil }
        position = start + 2 + length
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[(start + 2)..<(start + 2 + length)]), as: UTF8.self)
        }
    }

    /// A list's or keyed value's body: where it ends, and how many things it holds.
    mutating func body() throws(BinaryFormat.Damage) -> (end: Int, count: Int) {
        let length = Int(try fixed(UInt32.self))
        guard length <= end - position else { throw damage("a body of \(length) bytes runs past the end") }
        let bodyEnd = position + length
        var inner = BinaryReader(bytes, at: position, end: bodyEnd)
        let count = try inner.count()
        position = inner.position
        return (bodyEnd, count)
    }

    /// A sealed value's head, its tag already read: where its body lies and the checksum it must
    /// have. The reader is left at the body.
    mutating func sealedBody() throws(BinaryFormat.Damage) -> (body: Range<Int>, checksum: UInt32) {
        let length = Int(try fixed(UInt32.self))
        let checksum = try fixed(UInt32.self)
        guard length <= end - position else { throw damage("a sealed body of \(length) bytes runs past the end") }
        return (position..<(position + length), checksum)
    }

    /// Opens a list or keyed value: checks its tag, then reads where its body ends and how many
    /// things it holds; the reader is left at the first of them.
    mutating func open(_ kind: BinaryFormat.Tag) throws(BinaryFormat.Damage) -> (end: Int, count: Int) {
        guard try tag() == kind else {
            throw damage(kind == .list ? "expected a list" : "expected a keyed value", back: 1)
        }
        return try body()
    }

    /// Where the value of the first of the `count` keyed entries from the position whose key is
    /// `name` starts; nil where none is. Compares bytes, so that no string is made for a key.
    func entry(named name: String, among count: Int) throws -> Int? {
        var name = name
        return try name.withUTF8 { wanted in
            var reader = self
            for _ in 0..<count {
                let candidate = try reader.stringRange()
                if candidate.count == wanted.count && bytes[candidate].elementsEqual(wanted) { return reader.position }
                try reader.skipValue()
            }
            return nil
        }
    }

    /// Steps over one whole value.
    mutating func skipValue() throws(BinaryFormat.Damage) {
        switch try tag() {
        case .null, .false, .true: break
        case .signed, .unsigned: _ = try unsigned()
        case .double: position += 8
        case .float: position += 4
        case .string: _ = try stringRange()
        case .list, .keyed: position = try body().end
        case .sealed: position = try sealedBody().body.upperBound
        case .keptApart: position += PartKeptApart.size - 1
        }
        guard position <= end else { throw damage("the value ends early") }
    }

    func damage(_ problem: String, back: Int = 0) -> BinaryFormat.Damage {
        BinaryFormat.Damage(offset: position - back, problem: problem)
    }
}
