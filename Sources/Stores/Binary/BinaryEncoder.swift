import Essentials
import Fractal

/// Writes any `Encodable` value in the binary form of `BinaryFormat`.
///
/// The value first encodes itself into a tree of `EncodedValue`s, because a container may be
/// filled after its parent has moved on; the tree is then written out in one pass.
enum BinaryEncoder {
    static func encode(_ value: some Encodable) throws -> [UInt8] {
        let encoder = ValueEncoder(codingPath: [])
        try value.encode(to: encoder)
        var writer = BinaryWriter()
        encoder.result.write(to: &writer)
        return writer.bytes
    }
}

/// One value as it encoded itself; lists and keyed values are boxes that their containers fill;
/// `written` is a value already in its binary form (see `BinaryFieldEncodable`).
enum EncodedValue {
    case null
    case bool(Bool)
    case signed(Int64)
    case unsigned(UInt64)
    case double(Double)
    case float(Float)
    case string(String)
    case list(ListBox)
    case keyed(KeyedBox)
    case written([UInt8])

    func write(to writer: inout BinaryWriter) {
        switch self {
        case .null: writer.tag(.null)
        case .bool(let value): writer.tag(value ? .true : .false)
        case .signed(let value):
            writer.tag(.signed)
            writer.signed(value)
        case .unsigned(let value):
            writer.tag(.unsigned)
            writer.unsigned(value)
        case .double(let value):
            writer.tag(.double)
            writer.fixed(value.bitPattern)
        case .float(let value):
            writer.tag(.float)
            writer.fixed(value.bitPattern)
        case .string(let value):
            writer.tag(.string)
            writer.string(value)
        case .list(let box):
            writer.tag(.list)
            writer.sized { body in
                body.unsigned(UInt64(box.elements.count))
                for element in box.elements { element.write(to: &body) }
            }
        case .keyed(let box):
            writer.tag(.keyed)
            // In the order of their keys' bytes: a dictionary hands its entries out in an order
            // of its own, which two equal dictionaries need not share, and equal values must
            // give equal bytes.
            let order = box.keys.indices.sorted { box.keys[$0].utf8.lexicographicallyPrecedes(box.keys[$1].utf8) }
            writer.sized { body in
                body.unsigned(UInt64(box.keys.count))
                for index in order {
                    body.string(box.keys[index])
                    box.values[index].write(to: &body)
                }
            }
        case .written(let bytes):
            writer.append(bytes)
        }
    }
}

// Each box, and the encoder, is made by one call of `BinaryEncoder.encode` and never leaves it,
// so its properties are reached one access after another, by that call alone: the run-time check
// of exclusive access is left out, as it cost a change's encoding a tenth of its instructions.
// None of them is `Sendable`, so the compiler keeps any from being handed to another thread.

/// A list being filled. A class: the container that fills it and the tree that holds it share it.
final class ListBox {
    @exclusivity(unchecked) var elements: [EncodedValue] = []
}

/// A keyed value being filled, in the order its keys came; a key given again replaces its value.
/// A class: the container that fills it and the tree that holds it share it.
final class KeyedBox {
    @exclusivity(unchecked) var keys: [String] = []
    @exclusivity(unchecked) var values: [EncodedValue] = []
    /// Where each key is, once there are many: a few are looked through, as a struct's are.
    @exclusivity(unchecked) private var positions: [String: Int] = [:]
    private static let largestLookedThrough = 16

    func set(_ value: EncodedValue, for key: String) {
        if let position = position(of: key) {
            values[position] = value
            return
        }
        keys.append(key)
        values.append(value)
        if keys.count > Self.largestLookedThrough {
            if positions.isEmpty {
                for (position, known) in keys.enumerated() { positions[known] = position }
            } else {
                positions[key] = keys.count - 1
            }
        }
    }

    private func position(of key: String) -> Int? {
        keys.count > Self.largestLookedThrough ? positions[key] : keys.firstIndex(of: key)
    }
}

/// The `Encoder` a value encodes itself into. A class, as `Encoder`s are passed around by
/// reference: the containers it hands out fill what it holds.
final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    /// Itself, as the encoder that writes a slice nobody changed as it came (`Slice`).
    var userInfo: [CodingUserInfoKey: Any] { [.deferring: DeferringEncoders(self)] }
    @exclusivity(unchecked) var value: EncodedValue?

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    /// What was encoded; a value that encoded nothing is an empty keyed value, as in JSON.
    var result: EncodedValue { value ?? .keyed(KeyedBox()) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedWriter<Key>(box: keyedBox(), codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ListWriter(box: listBox(), codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueWriter(encoder: self)
    }

    func keyedBox() -> KeyedBox {
        if case .keyed(let box) = value { return box }
        let box = KeyedBox()
        value = .keyed(box)
        return box
    }

    private func listBox() -> ListBox {
        if case .list(let box) = value { return box }
        let box = ListBox()
        value = .list(box)
        return box
    }

    /// Encodes a nested value at `path`, by itself.
    static func encode(_ value: some Encodable, at path: [any CodingKey]) throws -> EncodedValue {
        let encoder = ValueEncoder(codingPath: path)
        try value.encode(to: encoder)
        return encoder.result
    }
}

/// A key of a list's position, for coding paths, and of a super encoder.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "super" }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
    init() { intValue = nil }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: KeyedBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.set(.null, for: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(.bool(value), for: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.set(.string(value), for: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws { box.set(.double(value), for: key.stringValue) }
    mutating func encode(_ value: Float, forKey key: Key) throws { box.set(.float(value), for: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) throws { box.set(.signed(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { box.set(.signed(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        box.set(.signed(Int64(value)), for: key.stringValue)
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        box.set(.signed(Int64(value)), for: key.stringValue)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws { box.set(.signed(value), for: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        box.set(.unsigned(UInt64(value)), for: key.stringValue)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        box.set(.unsigned(UInt64(value)), for: key.stringValue)
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        box.set(.unsigned(UInt64(value)), for: key.stringValue)
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        box.set(.unsigned(UInt64(value)), for: key.stringValue)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { box.set(.unsigned(value), for: key.stringValue) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        box.set(try ValueEncoder.encode(value, at: codingPath + [key]), for: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = KeyedBox()
        box.set(.keyed(nested), for: key.stringValue)
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(box: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ListBox()
        box.set(.list(nested), for: key.stringValue)
        return ListWriter(box: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { SuperEncoder(parent: .keyed(box, "super"), path: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        SuperEncoder(parent: .keyed(box, key.stringValue), path: codingPath + [key])
    }
}

private struct ListWriter: UnkeyedEncodingContainer {
    let box: ListBox
    let codingPath: [any CodingKey]
    var count: Int { box.elements.count }

    mutating func encodeNil() throws { box.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { box.elements.append(.bool(value)) }
    mutating func encode(_ value: String) throws { box.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws { box.elements.append(.double(value)) }
    mutating func encode(_ value: Float) throws { box.elements.append(.float(value)) }
    mutating func encode(_ value: Int) throws { box.elements.append(.signed(Int64(value))) }
    mutating func encode(_ value: Int8) throws { box.elements.append(.signed(Int64(value))) }
    mutating func encode(_ value: Int16) throws { box.elements.append(.signed(Int64(value))) }
    mutating func encode(_ value: Int32) throws { box.elements.append(.signed(Int64(value))) }
    mutating func encode(_ value: Int64) throws { box.elements.append(.signed(value)) }
    mutating func encode(_ value: UInt) throws { box.elements.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { box.elements.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { box.elements.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { box.elements.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { box.elements.append(.unsigned(value)) }

    mutating func encode(_ value: some Encodable) throws {
        box.elements.append(try ValueEncoder.encode(value, at: codingPath + [IndexKey(intValue: count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = KeyedBox()
        let path = codingPath + [IndexKey(intValue: count)]
        box.elements.append(.keyed(nested))
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(box: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ListBox()
        let path = codingPath + [IndexKey(intValue: count)]
        box.elements.append(.list(nested))
        return ListWriter(box: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let position = count
        box.elements.append(.null)
        return SuperEncoder(parent: .list(box, position), path: codingPath + [IndexKey(intValue: position)])
    }
}

private struct SingleValueWriter: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.value = .null }
    mutating func encode(_ value: Bool) throws { encoder.value = .bool(value) }
    mutating func encode(_ value: String) throws { encoder.value = .string(value) }
    mutating func encode(_ value: Double) throws { encoder.value = .double(value) }
    mutating func encode(_ value: Float) throws { encoder.value = .float(value) }
    mutating func encode(_ value: Int) throws { encoder.value = .signed(Int64(value)) }
    mutating func encode(_ value: Int8) throws { encoder.value = .signed(Int64(value)) }
    mutating func encode(_ value: Int16) throws { encoder.value = .signed(Int64(value)) }
    mutating func encode(_ value: Int32) throws { encoder.value = .signed(Int64(value)) }
    mutating func encode(_ value: Int64) throws { encoder.value = .signed(value) }
    mutating func encode(_ value: UInt) throws { encoder.value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.value = .unsigned(value) }

    mutating func encode(_ value: some Encodable) throws {
        encoder.value = try ValueEncoder.encode(value, at: codingPath)
    }
}

/// The encoder a subclass's superclass encodes itself into, in a slot of its own: whatever it
/// encodes is put in its parent when it is done, which is when it is released.
/// A class, because only a class can act when it is released.
private final class SuperEncoder: Encoder {
    enum Parent {
        case keyed(KeyedBox, String)
        case list(ListBox, Int)
    }

    let parent: Parent
    let inner: ValueEncoder
    var codingPath: [any CodingKey] { inner.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { inner.userInfo }

    init(parent: Parent, path: [any CodingKey]) {
        self.parent = parent
        inner = ValueEncoder(codingPath: path)
    }

    deinit {
        switch parent {
        case .keyed(let box, let key): box.set(inner.result, for: key)
        case .list(let box, let position): box.elements[position] = inner.result
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        inner.container(keyedBy: type)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
}

@available(*, unavailable) extension ListBox: Sendable {}
@available(*, unavailable) extension KeyedBox: Sendable {}
@available(*, unavailable) extension ValueEncoder: Sendable {}
