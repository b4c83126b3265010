import Fractal
import Stores

/// A state for durable-store tests: entries in the order they were kept, none twice.
public struct Ledger: StoredState {
    public enum Change: Codable, Equatable, Sendable {
        case append(String)
        /// Two entries kept together or not at all: a change whose half would show if half kept.
        case appendBoth(String, String)
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
        case .appendBoth(let first, let second):
            for entry in [first, second] where seen.contains(entry) { throw Duplicate(entry: entry) }
            guard first != second else { throw Duplicate(entry: second) }
            try apply(.append(first))
            try apply(.append(second))
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
