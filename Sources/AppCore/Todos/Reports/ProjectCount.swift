/// A project and how many of the to-dos a report counts are in it or in a project under it, as
/// `todo projects` and `todo summary` show it. A project of none stands for the to-dos in none.
public struct ProjectCount: Codable, Equatable, Sendable {
    public let project: String?
    public let open: Int
    public let done: Int

    public init(project: String?, open: Int, done: Int = 0) {
        self.project = project
        self.open = open
        self.done = done
    }

    /// How deep it lies: 0 for `work`, 1 for `work.reports`.
    public var depth: Int { project.map { $0.count { $0 == "." } } ?? 0 }
}
