#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The other half of `BinaryKeyedFields`: a keyed value written straight into a store's binary
/// form, byte for byte as `BinaryEncoder` writes the same value through `Codable` (its entries in
/// the order of their keys' bytes, a key given again replacing its value), without `Codable`'s
/// encoder and containers. A history's entries are written so: one with every change, and a
/// thousand of each kind with every snapshot.
public struct BinaryKeyedWriter {
    private var keys: [String] = []
    private var values: [[UInt8]] = []

    init() {}

    /// Sets `key` to what `write` writes: one value, its tag first.
    private mutating func set(_ key: String, _ write: (inout BinaryWriter) throws -> Void) rethrows {
        var value = BinaryWriter()
        try write(&value)
        if let position = keys.firstIndex(of: key) {
            values[position] = value.bytes
        } else {
            keys.append(key)
            values.append(value.bytes)
        }
    }

    public mutating func string(_ key: String, _ value: String) {
        set(key) {
            $0.tag(.string)
            $0.string(value)
        }
    }

    public mutating func int(_ key: String, _ value: Int) {
        set(key) {
            $0.tag(.signed)
            $0.signed(Int64(value))
        }
    }

    /// A date as `Date` codes itself: seconds since 2001.
    public mutating func date(_ key: String, _ value: Date) {
        set(key) {
            $0.tag(.double)
            $0.fixed(value.timeIntervalSinceReferenceDate.bitPattern)
        }
    }

    /// A keyed value under `key`, its entries written by `write`.
    public mutating func keyed(_ key: String, _ write: (inout BinaryKeyedWriter) throws -> Void) rethrows {
        var nested = BinaryKeyedWriter()
        try write(&nested)
        set(key) { nested.write(to: &$0) }
    }

    /// A list under `key` of `count` keyed values, the entries of each written by `write`, which
    /// is handed its position.
    public mutating func list(
        _ key: String, count: Int, _ write: (inout BinaryKeyedWriter, Int) throws -> Void
    ) rethrows {
        try set(key) { try BinaryKeyedWriter.write(count: count, to: &$0, write) }
    }

    /// A value of any type under `key`, written through `Codable`: for the parts a reader of this
    /// form leaves to `Codable` too.
    public mutating func value(_ key: String, _ value: some Encodable) throws {
        let bytes = try BinaryEncoder.encode(value)
        set(key) { $0.append(bytes) }
    }

    /// The keyed value, as `BinaryEncoder` writes one.
    func write(to writer: inout BinaryWriter) {
        writer.tag(.keyed)
        let order = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
        writer.sized { body in
            body.unsigned(UInt64(keys.count))
            for index in order {
                body.string(keys[index])
                body.append(values[index])
            }
        }
    }

    /// A list of `count` keyed values, as `BinaryEncoder` writes one.
    static func write(
        count: Int, to writer: inout BinaryWriter, _ write: (inout BinaryKeyedWriter, Int) throws -> Void
    ) rethrows {
        writer.tag(.list)
        try writer.sized { list in
            list.unsigned(UInt64(count))
            for position in 0..<count {
                var element = BinaryKeyedWriter()
                try write(&element, position)
                element.write(to: &list)
            }
        }
    }
}

extension BinaryFieldWriter {
    /// A field that is a keyed value, its entries written by `write`.
    public mutating func keyed(_ write: (inout BinaryKeyedWriter) throws -> Void) rethrows {
        var keyed = BinaryKeyedWriter()
        try write(&keyed)
        var bytes = BinaryWriter()
        keyed.write(to: &bytes)
        append(written: bytes.bytes)
    }
}

extension KeyedEncodingContainer {
    /// Writes a list of `count` keyed values under `key`, the entries of each written by `write`,
    /// where `encoder` writes a store's binary form: whether it did. Where it writes another form,
    /// the caller writes the list through `Codable`. `encoder` is the one this container came from.
    public mutating func encodeKeyedList(
        forKey key: Key, count: Int, to encoder: any Encoder, _ write: (inout BinaryKeyedWriter, Int) throws -> Void
    ) rethrows -> Bool {
        guard let binary = encoder as? ValueEncoder else { return false }
        var list = BinaryWriter()
        try BinaryKeyedWriter.write(count: count, to: &list, write)
        binary.keyedBox().set(.written(list.bytes), for: key.stringValue)
        return true
    }
}
