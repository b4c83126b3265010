/// A to-do and how urgent it is, as `todo next` lists it.
public struct RankedTodo: Codable, Equatable, Sendable {
    public let item: TodoItem
    public let urgency: Double

    public init(item: TodoItem, urgency: Double) {
        self.item = item
        self.urgency = urgency
    }
}
