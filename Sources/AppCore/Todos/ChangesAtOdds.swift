/// How the changes one command asks for contradict each other: a field given two values
/// (`--priority D` and `pri:B`, `due:fri due:sat`, a todo.txt line's `(B)` and a `pri:` word),
/// or a tag, context or dependency both added and taken off (`+a -a`, `--tag a` and `-a`). The
/// command is refused, never kept with whichever came last.
public enum ChangesAtOdds: Equatable, Sendable {
    /// A field set twice, to values that differ, by the name it is typed as (`due` for the time
    /// of day `due:` gives too).
    case field(String)
    /// A tag, a context or a dependency (`kind`) both added and taken off.
    case label(kind: String, name: String)
}

extension TodoItem.Change {
    /// How `these` and `those` are at odds, the first way found; nil where they agree.
    public static func atOdds(_ these: [Self], _ those: [Self]) -> ChangesAtOdds? {
        let settings = these.compactMap(\.setting)
        for case .set(let other) in those
        where settings.contains(where: { $0.name == other.name && $0 != other }) {
            return .field(other.name == "dueTime" ? "due" : other.name)
        }
        for case let label? in those.map(\.label) where these.contains(where: { $0.label == label.opposite }) {
            return .label(kind: label.kind, name: label.name)
        }
        return nil
    }

    private var setting: FieldSetting? {
        guard case .set(let setting) = self else { return nil }
        return setting
    }

    /// The label it adds or takes off, and which it does.
    private var label: Label? {
        switch self {
        case .addTag(let tag): Label(kind: "tag", name: tag, adds: true)
        case .removeTag(let tag): Label(kind: "tag", name: tag, adds: false)
        case .addContext(let context): Label(kind: "context", name: context, adds: true)
        case .removeContext(let context): Label(kind: "context", name: context, adds: false)
        case .addDependency(let reference): Label(kind: "dependency", name: reference, adds: true)
        case .removeDependency(let reference): Label(kind: "dependency", name: reference, adds: false)
        default: nil
        }
    }
}

/// A tag, context or dependency a change adds or takes off.
private struct Label: Equatable {
    let kind: String
    let name: String
    let adds: Bool

    /// The same label, taken off where this adds it, added where this takes it off.
    var opposite: Label { Label(kind: kind, name: name, adds: !adds) }
}
