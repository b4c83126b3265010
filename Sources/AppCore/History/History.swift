import Collections
import Essentials
import Fractal
import Stores

/// What a history keeps: one entry a command, named for its coding (`"tosses"`, `"rolls"`).
public protocol HistoryEntry: Codable, Equatable, Sendable {
    /// The name the entries are kept under, in the stored form and in the scenarios' state paths.
    static var historyName: String { get }
}

/// The last entries of one kind, oldest first, at most `limit` of them: the coin's tosses, the
/// 8-Ball's answers, the dice's rolls.
public struct History<Entry: HistoryEntry>: Changeable, Fresh {
    public enum Change: Codable, Equatable, Sendable {
        case record(Entry)
        /// Several entries made by one command, oldest first (`dice 1d20+5 1d8+3`), kept at once.
        case recordAll([Entry])
        case clear
    }

    /// How many entries are kept; the oldest go first.
    public static var limit: Int { 1_000 }

    /// A deque, so that dropping the oldest when full costs O(1), not a shift of the whole history.
    public private(set) var entries: Deque<Entry>

    public init() {
        entries = []
    }

    /// A history of the last `limit` of `entries`.
    public init(_ entries: [Entry]) {
        self.entries = Deque(entries.suffix(Self.limit))
    }

    public mutating func apply(_ change: Change) {
        switch change {
        case .record(let entry):
            if entries.count == Self.limit { entries.removeFirst() }
            entries.append(entry)
        case .recordAll(let added):
            entries.append(contentsOf: added.suffix(Self.limit))
            if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
        case .clear:
            entries.removeAll()
        }
    }

    /// An entry added applies to any history, without reading it: a flip or a roll made while the
    /// history is not read yet waits for the read, which most commands never need. Clearing is
    /// not kept so: said done, it must be done, and a history that cannot be read is never
    /// overwritten, only said to be damaged.
    public static func appliesUnread(_ change: Change) -> Bool {
        switch change {
        case .record, .recordAll: true
        case .clear: false
        }
    }
}

// A change read as Swift writes it, `{"record": {"_0": …}}`, `{"recordAll": {"_0": […]}}` or
// `{"clear": {}}`, by the one key there: Swift's own reading asks for every key (`allKeys`),
// whose first use looks through every conformance the program has, about 50,000 instructions at
// each start of a program that replays a change to a history.
extension History.Change {
    private enum CodingKeys: String, CodingKey {
        case record, recordAll, clear
    }

    private enum ValueKeys: String, CodingKey {
        case _0
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.record) {
            let value = try container.nestedContainer(keyedBy: ValueKeys.self, forKey: .record)
            self = .record(try value.decode(Entry.self, forKey: ._0))
        } else if container.contains(.recordAll) {
            let value = try container.nestedContainer(keyedBy: ValueKeys.self, forKey: .recordAll)
            self = .recordAll(try value.decode([Entry].self, forKey: ._0))
        } else if container.contains(.clear) {
            self = .clear
        } else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "no change of a history this program knows"))
        }
    }
}

// Kept as `{"tosses": […]}`: the entries under their own name, as every store has kept them.
extension History {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        self.init(try container.decodeIfPresent([Entry].self, forKey: NamedKey(Entry.historyName)) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        try container.encode(Array(entries), forKey: NamedKey(Entry.historyName))
    }
}

// How a store keeps a change to a history: through its `Codable` form, since each is one entry
// and a store holds few of them beside its to-dos. Read back, the case around the entry is read
// directly where it has the form Swift writes (`codableCase`): every start replays the changes
// since the last snapshot, and reading the case through `Codable` cost 14,000 instructions a
// change.
extension History.Change: BinaryFieldDecodable, BinaryFieldEncodable {
    public init(fields: inout BinaryFieldReader) throws {
        // Looked at on a copy: a case of another name, or without its value, is read through
        // `Codable` from where it starts, which says what is wrong with it.
        var rest = fields
        switch rest.codableCase() {
        case ("record", var value?)?: self = .record(try value.value(Entry.self))
        case ("recordAll", var value?)?: self = .recordAll(try value.value([Entry].self))
        case ("clear", _)?: self = .clear
        default:
            self = try fields.value(Self.self)
            return
        }
        fields = rest
    }

    public func write(fields: inout BinaryFieldWriter) throws {
        try fields.value(self)
    }
}
