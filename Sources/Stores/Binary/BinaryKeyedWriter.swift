#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The other half of `BinaryKeyedFields`: a keyed value written into a store's binary form without
/// `Codable`'s encoder and containers. It fills the very boxes `BinaryEncoder`'s containers fill
/// (`KeyedBox`, `ListBox`), which are written by the one writer of the form (`EncodedValue`), so
/// the bytes are those `Codable` writes for the same value. A history's entries are written so:
/// one with every change, and a thousand of each kind with every snapshot.
public struct BinaryKeyedWriter {
    /// A class, shared with the tree the value is written from.
    private let box = KeyedBox()

    init() {}

    public func string(_ key: String, _ value: String) {
        box.set(.string(value), for: key)
    }

    public func int(_ key: String, _ value: Int) {
        box.set(.signed(Int64(value)), for: key)
    }

    /// A date as `Date` codes itself: seconds since 2001.
    public func date(_ key: String, _ value: Date) {
        box.set(.double(value.timeIntervalSinceReferenceDate), for: key)
    }

    /// A keyed value under `key`, its entries written by `write`.
    public func keyed(_ key: String, _ write: (BinaryKeyedWriter) throws -> Void) rethrows {
        box.set(try Self.value(write), for: key)
    }

    /// A list under `key` of `count` keyed values, the entries of each written by `write`, which
    /// is handed its position.
    public func list(_ key: String, count: Int, _ write: (BinaryKeyedWriter, Int) throws -> Void) rethrows {
        box.set(try Self.list(count: count, write), for: key)
    }

    /// A list with no element under `key`.
    public func emptyList(_ key: String) {
        box.set(.list(ListBox()), for: key)
    }

    /// A value of any type under `key`, written through `Codable`: for the parts a reader of this
    /// form leaves to `Codable` too.
    public func value(_ key: String, _ value: some Encodable) throws {
        box.set(try ValueEncoder.encode(value, at: []), for: key)
    }

    /// The keyed value `write` writes the entries of.
    static func value(_ write: (BinaryKeyedWriter) throws -> Void) rethrows -> EncodedValue {
        let writer = BinaryKeyedWriter()
        try write(writer)
        return .keyed(writer.box)
    }

    /// A list of `count` keyed values, the entries of each written by `write`.
    static func list(count: Int, _ write: (BinaryKeyedWriter, Int) throws -> Void) rethrows -> EncodedValue {
        let list = ListBox()
        list.elements.reserveCapacity(count)
        for position in 0..<count { list.elements.append(try value { try write($0, position) }) }
        return .list(list)
    }
}

extension BinaryFieldWriter {
    /// A field that is a keyed value, its entries written by `write`.
    public mutating func keyed(_ write: (BinaryKeyedWriter) throws -> Void) rethrows {
        var bytes = BinaryWriter()
        try BinaryKeyedWriter.value(write).write(to: &bytes)
        append(written: bytes.bytes)
    }
}

extension KeyedEncodingContainer {
    /// Writes a list of `count` keyed values under `key`, the entries of each written by `write`,
    /// where `encoder` writes a store's binary form: whether it did. Where it writes another form,
    /// the caller writes the list through `Codable`. `encoder` is the one this container came from.
    public mutating func encodeKeyedList(
        forKey key: Key, count: Int, to encoder: any Encoder, _ write: (BinaryKeyedWriter, Int) throws -> Void
    ) rethrows -> Bool {
        guard let binary = encoder as? ValueEncoder else { return false }
        binary.keyedBox().set(try BinaryKeyedWriter.list(count: count, write), for: key.stringValue)
        return true
    }
}
