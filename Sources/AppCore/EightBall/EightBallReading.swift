#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A question put to the 8-Ball, and what it said.
public struct EightBallReading: Codable, Equatable, Sendable {
    public let question: String
    public let face: EightBallFace
    public let at: Date

    public init(question: String, face: EightBallFace, at: Date) {
        self.question = question
        self.face = face
        self.at = at
    }
}
