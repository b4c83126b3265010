#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The entries of one keyed value in a store's binary form, as `Codable` writes a struct
/// (`{"name": value, …}`), each found by its key as `Codable` finds it: the first entry of that
/// name, other names passed over. A value kept through `Codable` and read back by the thousand,
/// such as a history's entry, reads itself from these directly, without `Codable`'s decoder and
/// containers: through them a dice roll cost 25,000 instructions, most of them the run time
/// finding the containers' generic types. The stored form stays `Codable`'s.
///
/// Made only when every entry of the value reads whole, so that asking for any key finds what
/// `Codable` finds. Each read gives nil where the entry is missing or not of the kind asked for,
/// and the reading of the value then falls back to `Codable` from its start: a value read here
/// is exactly the value `Codable` reads, and every error is still said by `Codable`.
public struct BinaryKeyedFields {
    private let bytes: [UInt8]
    private let start: Int
    private let end: Int
    private let count: Int

    /// The keyed value at `reader`'s position, which is left past it; nil, the reader unmoved,
    /// where the value there is not a keyed value whose entries each read whole.
    init?(_ reader: inout BinaryReader) {
        var head = reader
        guard let (end, count) = try? head.open(.keyed) else { return nil }
        let start = head.position
        var walk = BinaryReader(reader.bytes, at: start, end: end)
        for _ in 0..<count {
            guard (try? walk.stringRange()) != nil, (try? walk.skipValue()) != nil else { return nil }
        }
        guard walk.isAtEnd else { return nil }
        (bytes, self.start, self.end, self.count) = (reader.bytes, start, end, count)
        reader.position = end
    }

    /// A reader at the value of the first entry named `key`.
    private func value(_ key: String) -> BinaryReader? {
        guard let found = try? BinaryReader(bytes, at: start, end: end).entry(named: key, among: count) else {
            return nil
        }
        return BinaryReader(bytes, at: found, end: end)
    }

    private func read<Value>(_ key: String, _ read: (inout BinaryReader) throws -> Value) -> Value? {
        guard var reader = value(key) else { return nil }
        return try? read(&reader)
    }

    public func string(_ key: String) -> String? { read(key) { try ScalarReading.string(&$0) } }
    public func int(_ key: String) -> Int? { read(key) { try ScalarReading.signed(&$0) } }
    public func date(_ key: String) -> Date? { read(key) { try ScalarReading.date(&$0) } }

    /// Whether the value has an entry named `key` that is not nil: where `Codable`'s
    /// `decodeIfPresent` reads one.
    public func holds(_ key: String) -> Bool {
        guard let reader = value(key) else { return false }
        return (try? ScalarReading.isNil(reader)) == false
    }

    /// Whether the entry under `key` is a list with no element.
    public func isEmptyList(_ key: String) -> Bool {
        guard var reader = value(key), let (end, count) = try? reader.open(.list) else { return false }
        return count == 0 && reader.position == end
    }

    /// The keyed value under `key`.
    public func keyed(_ key: String) -> BinaryKeyedFields? {
        guard var reader = value(key) else { return nil }
        return BinaryKeyedFields(&reader)
    }

    /// Hands `take` each element of the list under `key`, a keyed value, in order: whether the
    /// list is there and `take` took every element. A reader gathers what it takes, and reads
    /// the whole value through `Codable` where this says no.
    public func forEachKeyed(in key: String, _ take: (BinaryKeyedFields) -> Bool) -> Bool {
        guard var reader = value(key) else { return false }
        return BinaryKeyedFields.forEachKeyed(in: &reader, take)
    }

    /// The same for the list at `reader`'s position, which is left past it where `take` took every
    /// element.
    static func forEachKeyed(in reader: inout BinaryReader, _ take: (BinaryKeyedFields) -> Bool) -> Bool {
        var walk = reader
        guard let (end, count) = try? walk.open(.list) else { return false }
        var list = BinaryReader(walk.bytes, at: walk.position, end: end)
        for _ in 0..<count {
            guard let fields = BinaryKeyedFields(&list), take(fields) else { return false }
        }
        guard list.isAtEnd else { return false }
        reader.position = end
        return true
    }
}

extension BinaryFieldReader {
    /// The next field, where it is a keyed value whose entries each read whole; nil, nothing read,
    /// for any other, which the value then reads through `Codable` (`value(_:)`).
    public mutating func keyed() -> BinaryKeyedFields? {
        BinaryKeyedFields(&reader)
    }

    /// Hands `take` each element of the next field, a list of keyed values: whether `take` took
    /// them all, and only then is the field read.
    public mutating func forEachKeyed(_ take: (BinaryKeyedFields) -> Bool) -> Bool {
        BinaryKeyedFields.forEachKeyed(in: &reader, take)
    }
}

extension KeyedDecodingContainer {
    /// Hands `take` each keyed value of the list under `key`, where `decoder` reads a store's
    /// binary form: whether `take` took them all, true too where there is no list, as
    /// `decodeIfPresent` reads none. False where `decoder` reads another form, which the caller
    /// then reads through `Codable`. `decoder` is the one this container came from.
    public func forEachKeyedIfPresent(
        forKey key: Key, from decoder: any Decoder, _ take: (BinaryKeyedFields) -> Bool
    ) throws -> Bool {
        guard let binary = decoder as? ValueDecoder else { return false }
        guard contains(key), try !decodeNil(forKey: key) else { return true }
        guard var reader = try? KeyedReader<Key>(bytes: binary.bytes, at: binary.position).reader(for: key) else {
            return false
        }
        return BinaryKeyedFields.forEachKeyed(in: &reader, take)
    }
}
