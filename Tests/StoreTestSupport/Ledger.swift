import Fractal

/// A state for durable-store tests: entries in the order they were kept, none twice.
public struct Ledger: Changeable {
    public enum Change: Codable, Equatable, Sendable {
        case append(String)
    }

    public struct Duplicate: Error, CustomStringConvertible {
        public let entry: String
        public var description: String { "\(entry) is already in the ledger" }
    }

    public private(set) var entries: [String] = []
    private var seen: Set<String> = []

    public init() {}

    public mutating func apply(_ change: Change) throws {
        switch change {
        case .append(let entry):
            guard seen.insert(entry).inserted else { throw Duplicate(entry: entry) }
            entries.append(entry)
        }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.entries == rhs.entries }

    public init(from decoder: any Decoder) throws {
        entries = try [String](from: decoder)
        seen = Set(entries)
    }

    public func encode(to encoder: any Encoder) throws {
        try entries.encode(to: encoder)
    }
}
