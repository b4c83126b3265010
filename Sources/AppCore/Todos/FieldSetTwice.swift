/// A field given two values in one command, by an option and a word (`--priority D` and `pri:B`),
/// or by a todo.txt line's `(B)` and a `pri:` word: the command is refused, never kept with
/// whichever came last.
extension TodoItem.Change {
    /// The name of the first field that `these` and `those` both set, to values that differ; nil
    /// where they set none so.
    public static func fieldSetTwice(_ these: [Self], _ those: [Self]) -> String? {
        let settings = these.compactMap(\.setting)
        for case .set(let other) in those
        where settings.contains(where: { $0.name == other.name && $0 != other }) {
            return other.name
        }
        return nil
    }

    private var setting: FieldSetting? {
        guard case .set(let setting) = self else { return nil }
        return setting
    }
}
