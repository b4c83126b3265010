import Stores

/// The dice's state: the last rolls, oldest first, each with its totals only.
public typealias DiceHistory = History<DiceRoll>

extension DiceRoll: HistoryEntry {
    public static var historyName: String { "rolls" }

    // Read by the keys `Codable` gives the fields, as the history keeps a roll: its totals only
    // (`totalsOnly`), no dice, no labels. A roll kept with either is read through `Codable`.
    public init?(keyed fields: BinaryKeyedFields) {
        var results: [RollResult] = []
        let everyResultATotal = fields.forEachKeyed(in: "results") { result in
            guard let total = result.int("total"), result.isEmptyList("terms"), !result.holds("labels") else {
                return false
            }
            results.append(RollResult(total: total, terms: []))
            return true
        }
        guard everyResultATotal, let expression = fields.string("expression"), let at = fields.date("at") else {
            return nil
        }
        var comment: String?
        if fields.holds("comment") {
            guard let held = fields.string("comment") else { return nil }
            comment = held
        }
        self.init(expression: expression, results: results, at: at, comment: comment)
    }

    // A roll's dice and labels, which the history does not keep, are written through `Codable`.
    public func write(keyed fields: BinaryKeyedWriter) throws {
        fields.string("expression", expression)
        try fields.list("results", count: results.count) { result, position in
            let rolled = results[position]
            result.int("total", rolled.total)
            if rolled.terms.isEmpty {
                result.emptyList("terms")
            } else {
                try result.value("terms", rolled.terms)
            }
            if let labels = rolled.labels { try result.value("labels", labels) }
        }
        fields.date("at", at)
        if let comment { fields.string("comment", comment) }
    }
}
