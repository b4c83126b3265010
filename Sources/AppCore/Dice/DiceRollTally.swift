/// The totals of many rolls of one expression, counted: what a simulation observed.
public struct DiceRollTally: Codable, Equatable, Sendable {
    public struct Count: Codable, Equatable, Sendable {
        public let value: Int
        public let count: Int
    }

    public let expression: String
    /// The comment written after the expression (`3d6 # stats`), if any.
    public let comment: String?
    /// How many results were rolled.
    public let rolls: Int
    public let min: Int
    public let max: Int
    public let mean: Double
    public let standardDeviation: Double
    /// Every total that came up, with how often, lowest first.
    public let counts: [Count]

    /// The tally of `counts`, each total with how often it came up; at least one roll.
    init(expression: String, counts: [Int: Int], comment: String? = nil) {
        let sorted = counts.sorted { $0.key < $1.key }.map { Count(value: $0.key, count: $0.value) }
        let rolls = sorted.reduce(0) { $0 + $1.count }
        let mean = sorted.reduce(0.0) { $0 + Double($1.value) * Double($1.count) } / Double(rolls)
        let variance =
            sorted.reduce(0.0) { $0 + (Double($1.value) - mean) * (Double($1.value) - mean) * Double($1.count) }
            / Double(rolls)
        self.expression = expression
        self.comment = comment
        self.rolls = rolls
        self.min = sorted.first?.value ?? 0
        self.max = sorted.last?.value ?? 0
        self.mean = mean
        standardDeviation = variance.squareRoot()
        self.counts = sorted
    }
}
