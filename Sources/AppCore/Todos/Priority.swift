/// How much a to-do matters: as Taskwarrior's H, M, L and todo.txt's (A), (B), (C).
public enum Priority: String, Codable, Comparable, Sendable, CaseIterable {
    case high
    case medium
    case low

    /// Reads `high`, `h`, `a`, `medium`, `m`, `b`, `low`, `l` or `c`, in any case.
    public init?(name: String) {
        switch name.lowercased() {
        case "high", "h", "a": self = .high
        case "medium", "m", "b": self = .medium
        case "low", "l", "c": self = .low
        default: return nil
        }
    }

    /// The todo.txt letter.
    public var letter: Character {
        switch self {
        case .high: "A"
        case .medium: "B"
        case .low: "C"
        }
    }

    public static func < (lhs: Priority, rhs: Priority) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
