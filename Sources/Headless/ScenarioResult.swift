/// What running one scenario on one store found.
public struct ScenarioResult: Sendable {
    /// One step that did not hold: where, and what was expected against what came.
    public struct Failure: Sendable, Equatable {
        public let line: Int
        public let problem: String
        public let expected: String?
        public let actual: String?

        /// The expected and actual values, line by line: `-` expected, `+` came.
        public var diff: String? {
            guard let expected, let actual else { return nil }
            return LineDiff.render(expected: expected, actual: actual)
        }
    }

    public let scenario: String
    public let file: String
    public let line: Int
    public let store: String
    public let failures: [Failure]
    /// Every answer that came out, in the AppCore's encoding: equal on every store, or a failure.
    public let transcript: [String]

    public var passed: Bool { failures.isEmpty }
}

/// The smallest line diff of two texts, by longest common subsequence: small values, small cost.
enum LineDiff {
    static func render(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var common = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [String] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count && j < new.count && old[i] == new[j] {
                lines.append("  \(old[i])")
                (i, j) = (i + 1, j + 1)
            } else if i < old.count && (j == new.count || common[i + 1][j] >= common[i][j + 1]) {
                lines.append("- \(old[i])")
                i += 1
            } else {
                lines.append("+ \(new[j])")
                j += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
