/// The AppCore's vocabulary: every command a program can send and every answer it can get.
///
/// Read as sentences: `.coin(.flip(count: 3))` in, `.coin(.flipped(toss: …))` out.
public enum Message: Equatable, Sendable {
    case coin(CoinMessage)
    case eightBall(EightBallMessage)
    case dice(DiceMessage)
    case todo(TodoMessage)
}

// Encoded as `{"coin": {"flip": {"count": 3}}}`: the feature's name, then its own message, with
// none of the `_0` keys a synthesized encoding would add.
extension Message: Codable {
    private enum Feature: String, CodingKey {
        case coin
        case eightBall
        case dice
        case todo
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Feature.self)
        guard let feature = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a message names exactly one feature: coin, eightBall, dice or todo"))
        }
        switch feature {
        case .coin: self = .coin(try container.decode(CoinMessage.self, forKey: .coin))
        case .eightBall: self = .eightBall(try container.decode(EightBallMessage.self, forKey: .eightBall))
        case .dice: self = .dice(try container.decode(DiceMessage.self, forKey: .dice))
        case .todo: self = .todo(try container.decode(TodoMessage.self, forKey: .todo))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Feature.self)
        switch self {
        case .coin(let message): try container.encode(message, forKey: .coin)
        case .eightBall(let message): try container.encode(message, forKey: .eightBall)
        case .dice(let message): try container.encode(message, forKey: .dice)
        case .todo(let message): try container.encode(message, forKey: .todo)
        }
    }
}
