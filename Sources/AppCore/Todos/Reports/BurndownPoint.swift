/// How many of the to-dos a burndown counts were open and how many done at the end of one day or
/// week, the one starting on `start`; for the day or week under way, now.
public struct BurndownPoint: Codable, Equatable, Sendable {
    public let start: Day
    public let open: Int
    public let done: Int

    public init(start: Day, open: Int, done: Int) {
        self.start = start
        self.open = open
        self.done = done
    }
}

/// How long each step of a burndown is.
public enum BurndownPeriod: String, Codable, Sendable, CaseIterable {
    case day, week

    public var days: Int {
        switch self {
        case .day: 1
        case .week: 7
        }
    }
}
