/// Why a coin command did not happen, in words for the person who asked.
public enum CoinFailure: AppFailure, Codable, Equatable, Sendable {
    case countOutOfRange(count: Int, limit: Int)
    case notStored(reason: String)

    public var kind: FailureKind {
        switch self {
        case .countOutOfRange: .invalidRequest
        case .notStored: .storage
        }
    }

    public var description: String {
        switch self {
        case .countOutOfRange(let count, let limit):
            "cannot flip \(count) coins: the number of flips must be from 1 to \(limit)"
        case .notStored(let reason):
            "the flips were not kept: \(reason)"
        }
    }
}
