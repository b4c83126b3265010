import Fractal

/// A stored value read without its type: the shape a migration works on.
///
/// A store keeps values in a self-describing form, so one written before a rename can be read as
/// a tree of these, reshaped, and written again for the program's own types to read.
public enum StoredValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case signed(Int64)
    case unsigned(UInt64)
    case double(Double)
    case float(Float)
    case string(String)
    case list([StoredValue])
    /// Entries in the order they were written, as the binary form keeps them.
    case keyed([Entry])

    public struct Entry: Equatable, Sendable {
        public var key: String
        public var value: StoredValue

        public init(_ key: String, _ value: StoredValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value under `key` of a keyed value; nil for a key it lacks or for another kind of value.
    /// Setting nil removes the entry; setting a new key adds it at the end.
    public subscript(key: String) -> StoredValue? {
        get {
            guard case .keyed(let entries) = self else { return nil }
            return entries.first { $0.key == key }?.value
        }
        set {
            guard case .keyed(var entries) = self else { return }
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append(Entry(key, value))
            case (nil, nil): return
            }
            self = .keyed(entries)
        }
    }

    /// Renames a key of a keyed value, keeping its place; a value without that key is left as it is.
    public mutating func rename(_ key: String, to newKey: String) {
        guard case .keyed(var entries) = self, let index = entries.firstIndex(where: { $0.key == key }) else { return }
        entries[index].key = newKey
        self = .keyed(entries)
    }
}

// The binary form, read and written exactly: a value read and written back gives the same bytes,
// but for a sealed value, which is read as the value it holds, and a part kept apart, read from
// the store by `parts` as the sealed value it is.
extension StoredValue {
    init(reading reader: inout BinaryReader, parts: PartsKeptApart? = nil) throws {
        switch try reader.tag() {
        case .null: self = .null
        case .false: self = .bool(false)
        case .true: self = .bool(true)
        case .signed: self = .signed(try reader.signed())
        case .unsigned: self = .unsigned(try reader.unsigned())
        case .double: self = .double(Double(bitPattern: try reader.fixed(UInt64.self)))
        case .float: self = .float(Float(bitPattern: try reader.fixed(UInt32.self)))
        case .string: self = .string(try reader.string())
        case .list:
            let (end, count) = try reader.body()
            var elements: [StoredValue] = []
            var inner = BinaryReader(reader.bytes, at: reader.position, end: end)
            for _ in 0..<count { elements.append(try StoredValue(reading: &inner, parts: parts)) }
            reader.position = end
            self = .list(elements)
        case .keyed:
            let (end, count) = try reader.body()
            var entries: [Entry] = []
            var inner = BinaryReader(reader.bytes, at: reader.position, end: end)
            for _ in 0..<count {
                let key = try inner.string()
                entries.append(Entry(key, try StoredValue(reading: &inner, parts: parts)))
            }
            reader.position = end
            self = .keyed(entries)
        case .sealed:
            // A slice as this program seals it: checked, then read as the value it holds. A
            // migrated state is written back bare, and sealed anew when a slice is next written.
            let start = reader.position - 1
            let end = try reader.sealedBody().body.upperBound
            let body = try SealedValue.checkedBody(of: reader.bytes, in: start..<end, named: "sealed")
            var inner = BinaryReader(reader.bytes, at: body.lowerBound, end: body.upperBound)
            self = try StoredValue(reading: &inner, parts: parts)
            guard inner.isAtEnd else { throw inner.damage("bytes follow the value a part holds") }
            reader.position = end
        case .keptApart:
            reader.position -= 1
            let name = try PartKeptApart(reading: &reader)
            guard let parts else {
                throw reader.damage("a part kept apart where none can be", back: PartKeptApart.size)
            }
            let (bytes, range) = try StoredBytes<Never>.Origin.apart(name, parts.part(name)).bytes()
            var part = BinaryReader(bytes, at: range.lowerBound, end: range.upperBound)
            self = try StoredValue(reading: &part, parts: parts)
        }
    }

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
        case .string(let text):
            writer.tag(.string)
            writer.string(text)
        case .list(let elements):
            writer.tag(.list)
            writer.sized { body in
                body.unsigned(UInt64(elements.count))
                for element in elements { element.write(to: &body) }
            }
        case .keyed(let entries):
            writer.tag(.keyed)
            writer.sized { body in
                body.unsigned(UInt64(entries.count))
                for entry in entries {
                    body.string(entry.key)
                    entry.value.write(to: &body)
                }
            }
        }
    }
}

// Any other form through `Codable`: the JSON that the first format kept. Numbers come back as
// what they read as first (a whole number, else a fraction); keys in the order the decoder gives.
extension StoredValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: NamedKey.self) {
            self = .keyed(
                try keyed.allKeys.map { Entry($0.stringValue, try keyed.decode(StoredValue.self, forKey: $0)) })
        } else if var list = try? decoder.unkeyedContainer() {
            var elements: [StoredValue] = []
            while !list.isAtEnd { elements.append(try list.decode(StoredValue.self)) }
            self = .list(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let value = try? single.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? single.decode(Int64.self) {
                self = .signed(value)
            } else if let value = try? single.decode(UInt64.self) {
                self = .unsigned(value)
            } else if let value = try? single.decode(Double.self) {
                self = .double(value)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .keyed(let entries):
            var container = encoder.container(keyedBy: NamedKey.self)
            for entry in entries { try container.encode(entry.value, forKey: NamedKey(entry.key)) }
        case .list(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .signed(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .unsigned(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .float(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}
