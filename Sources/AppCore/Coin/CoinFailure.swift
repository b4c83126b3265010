/// Why a coin command did not happen, in words for the person who asked.
public enum CoinFailure: AppFailure, Codable, Equatable, Sendable {
    case countOutOfRange(count: Int, limit: Int)
    case badSequence(sequence: String, limit: Int)
    case timesOutOfRange(times: Int, limit: Int)
    case sequenceNotFound(sequence: String, flips: Int)
    case notStored(reason: String)
    /// What the store holds could not be read.
    case unreadable(reason: String)

    public var kind: FailureKind {
        switch self {
        case .countOutOfRange, .badSequence, .timesOutOfRange, .sequenceNotFound: .invalidRequest
        case .notStored: .storage
        case .unreadable: .unreadable
        }
    }

    public var description: String {
        switch self {
        case .countOutOfRange(let count, let limit):
            "cannot flip \(count) coins: the number of flips must be from 1 to \(limit)"
        case .badSequence(let sequence, let limit):
            "\"\(sequence)\" is not a sequence of flips: write 1 to \(limit) letters H and T, such as HHT"
        case .timesOutOfRange(let times, let limit):
            "cannot search \(times) times: the number of searches must be from 1 to \(limit)"
        case .sequenceNotFound(let sequence, let flips):
            "\(sequence) did not appear in \(flips) flips; the search stopped there"
        case .notStored(let reason):
            "the flips were not kept: \(reason)"
        case .unreadable(let reason): reason
        }
    }
}
