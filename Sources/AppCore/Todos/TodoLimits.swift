/// How much one to-do, and one to-do command, may bring in. Sizes are in bytes of UTF-8, so that
/// what a store keeps stays bounded whatever the script.
public enum TodoLimits {
    /// The most to-dos one import may bring.
    public static let importedItems = 100_000
    /// The longest title, in characters; and in bytes, since one character may take many.
    public static let titleCharacters = 1_000
    public static let titleBytes = 4_000
    /// The longest notes.
    public static let notesBytes = 10_000
    /// The longest tag or context, and how many of each one to-do may have.
    public static let labelBytes = 100
    public static let labels = 50
    /// The longest project, dots and all.
    public static let projectBytes = 200
    /// The longest extra (todo.txt's `key:value`), key and value together, and how many one to-do may have.
    public static let extraBytes = 1_000
    public static let extras = 20
    /// The longest id a file may give.
    public static let idBytes = 64
    /// The longest annotation, and how many one to-do may have.
    public static let annotationBytes = 1_000
    public static let annotations = 100
    /// How many to-dos one to-do may depend on.
    public static let dependencies = 50
    /// The longest period of a recurrence, in its unit: `999d`, `999y`.
    public static let recurrenceCount = 999
    /// How many recurring to-dos one command may mark done, each making the next one.
    public static let recurrencesAtOnce = 1_000
    /// The most states a filter's `/pattern/` may make (`TodoPattern`): each character searched
    /// costs at most that many steps, so a search grows with the text and never faster.
    public static let patternStates = 1_000
    /// How deep a filter's parentheses may nest: `\( \( +a or +b \) due:today \)` is 2. Reading,
    /// keeping and applying a filter each go one step down a level, so the depth bounds the stack.
    public static let filterDepth = 50
}

extension TodoLimits {
    /// The most days a report may cover: a calendar's months, a burndown's days or weeks.
    public static let reportDays = 3_660

    /// Refuses a report of more days than `reportDays`.
    static func checkReport(from first: Day, through last: Day) throws(TodoFailure) {
        let days = last.ordinal - first.ordinal + 1
        guard days <= reportDays else {
            throw .overLimit(what: "a report from \(first) to \(last)", size: days, limit: reportDays, unit: "days")
        }
    }
}
