/// The 8-Ball's state: the last answers, oldest first.
public typealias EightBallHistory = History<EightBallReading>

extension EightBallReading: HistoryEntry {
    public static var historyName: String { "answers" }
}
