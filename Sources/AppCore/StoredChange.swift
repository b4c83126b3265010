import Fractal

// How a store keeps a change: field by field, for every program start reads each change kept
// since the last snapshot. The to-dos' changes are written out by hand; the histories' are few
// beside them, each one toss or roll, and go through `Codable`.
extension AppState.Change: BinaryFieldDecodable, BinaryFieldEncodable {
    public init(fields: inout BinaryFieldReader) throws {
        switch try fields.string() {
        case "coins": self = .coins(try fields.value(CoinHistory.Change.self))
        case "eightBall": self = .eightBall(try fields.value(EightBallHistory.Change.self))
        case "dice": self = .dice(try fields.value(DiceHistory.Change.self))
        case "todos": self = .todos(try fields.nested { try TodoState.Change(stored: &$0) })
        case let other: throw StoredFieldError(field: "change", text: other)
        }
    }

    public func write(fields: inout BinaryFieldWriter) throws {
        switch self {
        case .coins(let change):
            fields.string("coins")
            try fields.value(change)
        case .eightBall(let change):
            fields.string("eightBall")
            try fields.value(change)
        case .dice(let change):
            fields.string("dice")
            try fields.value(change)
        case .todos(let change):
            fields.string("todos")
            try fields.nested { try change.write(stored: &$0) }
        }
    }
}
