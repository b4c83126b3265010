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
        for change in those {
            guard let (kind, name, adds) = change.label,
                these.contains(where: { $0.label.map { $0.kind == kind && $0.name == name && $0.adds != adds } == true }
                )
            else { continue }
            return .label(kind: kind, name: name)
        }
        return nil
    }

    private var setting: FieldSetting? {
        guard case .set(let setting) = self else { return nil }
        return setting
    }

    /// The label it adds or takes off, and which it does.
    private var label: (kind: String, name: String, adds: Bool)? {
        switch self {
        case .addTag(let tag): ("tag", tag, true)
        case .removeTag(let tag): ("tag", tag, false)
        case .addContext(let context): ("context", context, true)
        case .removeContext(let context): ("context", context, false)
        case .addDependency(let reference): ("dependency", reference, true)
        case .removeDependency(let reference): ("dependency", reference, false)
        default: nil
        }
    }
}
