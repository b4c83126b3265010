/// What an import does with a to-do of the file that it would add beside an open one of the same
/// title and due day: leave it out, counted in the answer, or add it anyway
/// (`todo import --allow-duplicates`).
public enum ImportDuplicates: String, Codable, Equatable, Sendable {
    case leftOut
    case added
}
