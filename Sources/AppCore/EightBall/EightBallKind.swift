/// Whether an answer leans yes, no, or neither.
public enum EightBallKind: String, Codable, Equatable, Sendable, CaseIterable {
    case affirmative
    case nonCommittal = "non-committal"
    case negative
}
