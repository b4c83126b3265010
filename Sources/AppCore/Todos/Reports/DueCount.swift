/// A day and how many of the to-dos a report counts are due on it, as `todo calendar` marks it.
public struct DueCount: Codable, Equatable, Sendable {
    public let day: Day
    public let count: Int

    public init(day: Day, count: Int) {
        self.day = day
        self.count = count
    }
}
