import Collections
import Essentials
import Fractal
import Stores

/// What a history keeps: one entry a command, named for its coding (`"tosses"`, `"rolls"`).
public protocol HistoryEntry: Codable, Equatable, Sendable {
    /// The name the entries are kept under, in the stored form and in the scenarios' state paths.
    static var historyName: String { get }

    /// The entry a store holds, read from its `Codable` form directly, as `init(from:)` reads it;
    /// nil where it is not in the form this reading takes, which `init(from:)` then reads, or
    /// says what is wrong with.
    init?(keyed fields: BinaryKeyedFields)

    /// Writes the entry's `Codable` form directly, byte for byte as `encode(to:)` writes it.
    func write(keyed fields: BinaryKeyedWriter) throws
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

// Kept as `{"tosses": […]}`: the entries under their own name, as every store has kept them;
// written and read directly where the coding is a store's (`HistoryEntry.write(keyed:)`), as a
// snapshot writes a thousand of each kind.
extension History {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        let key = NamedKey(Entry.historyName)
        let read = try Self.readDirectly { try container.forEachKeyedIfPresent(forKey: key, from: decoder, $0) }
        self.init(try read ?? container.decodeIfPresent([Entry].self, forKey: key) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        let key = NamedKey(Entry.historyName)
        let written = try container.encodeKeyedList(forKey: key, count: entries.count, to: encoder) {
            try entries[$1].write(keyed: $0)
        }
        if !written { try container.encode(Array(entries), forKey: key) }
    }
}

// How a store keeps a change to a history: in its `Codable` form, since each is one entry and a
// store holds few of them beside its to-dos, written directly. Read back, the case around the
// entry is read directly where it has the form Swift writes (`codableCase`), and so is the entry
// (`HistoryEntry.init(keyed:)`): every start replays the changes since the last snapshot, and
// reading them through `Codable` cost 14,000 instructions a change for the case, 25,000 more for
// a roll.
extension History.Change: BinaryFieldDecodable, BinaryFieldEncodable {
    public init(fields: inout BinaryFieldReader) throws {
        // Looked at on a copy: a change of any other form, a case of another name, or an entry
        // not in the form `init(keyed:)` takes, is read through `Codable` from where it starts,
        // which says what is wrong with it.
        var rest = fields
        let change: Self? =
            switch rest.codableCase() {
            case ("record", var value?)?: value.keyed().flatMap(Entry.init(keyed:)).map(Self.record)
            case ("recordAll", var value?)?: History.readDirectly { value.forEachKeyed($0) }.map(Self.recordAll)
            case ("clear", _)?: .clear
            default: nil
            }
        guard let change else {
            self = try fields.value(Self.self)
            return
        }
        self = change
        fields = rest
    }

    // As Swift's `Codable` writes the case: `{"record": {"_0": …}}`, `{"clear": {}}`.
    public func write(fields: inout BinaryFieldWriter) throws {
        try fields.keyed { change in
            switch self {
            case .record(let entry): try change.keyed("record") { try $0.keyed("_0") { try entry.write(keyed: $0) } }
            case .recordAll(let entries):
                try change.keyed("recordAll") {
                    try $0.list("_0", count: entries.count) { try entries[$1].write(keyed: $0) }
                }
            case .clear: change.keyed("clear") { _ in }
            }
        }
    }
}

extension History {
    /// The entries `forEach` hands out, each read directly; nil where one is not, or where
    /// `forEach` says it did not hand them all out.
    fileprivate static func readDirectly(
        _ forEach: ((BinaryKeyedFields) -> Bool) throws -> Bool
    ) rethrows -> [Entry]? {
        var entries: [Entry] = []
        let read = try forEach { fields in
            guard let entry = Entry(keyed: fields) else { return false }
            entries.append(entry)
            return true
        }
        return read ? entries : nil
    }
}
