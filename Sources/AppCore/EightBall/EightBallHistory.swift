import Stores

/// The 8-Ball's state: the last answers, oldest first.
public typealias EightBallHistory = History<EightBallReading>

extension EightBallReading: HistoryEntry {
    public static var historyName: String { "answers" }

    // Read by the keys `Codable` gives the fields.
    public init?(keyed fields: BinaryKeyedFields) {
        guard let question = fields.string("question"), let face = fields.keyed("face"),
            let text = face.string("text"), let kind = face.string("kind").flatMap(EightBallKind.init(rawValue:)),
            let at = fields.date("at")
        else { return nil }
        self.init(question: question, face: EightBallFace(text: text, kind: kind), at: at)
    }

    public func write(keyed fields: BinaryKeyedWriter) {
        fields.string("question", question)
        fields.keyed("face") {
            $0.string("text", face.text)
            $0.string("kind", face.kind.rawValue)
        }
        fields.date("at", at)
    }
}
