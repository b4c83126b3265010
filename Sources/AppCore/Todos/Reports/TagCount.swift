/// A tag and how many of the to-dos a report counts carry it, as `todo tags` shows it.
public struct TagCount: Codable, Equatable, Sendable {
    public let tag: String
    public let count: Int

    public init(tag: String, count: Int) {
        self.tag = tag
        self.count = count
    }
}
