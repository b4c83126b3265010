/// A scenario file that cannot be read: where, and what was expected there.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let problem: String

    public init(file: String, line: Int, problem: String) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    public var description: String { "\(file):\(line): \(problem)" }
}
