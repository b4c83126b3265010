/// A recurring task of Taskwarrior's as the to-dos keep it, so that it goes back to Taskwarrior as
/// it came.
///
/// Taskwarrior keeps a recurring task as a template, of the status `recurring`, and the instances
/// it makes of it, each a task of its own (`parent`, the template's uuid; `imask`, which instance,
/// from 0). The template's `mask` holds a character an instance: `-` pending, `W` waiting, `+`
/// completed, `X` deleted. Here each instance is a to-do, with its own uuid, status and due day,
/// and keeps three extras: `parent`, `imask` and `template`, the template's `entry`, `due` and
/// `mask` (`20261101T090000Z,20261130T000000Z,+-`). Everything else a template holds, its
/// instances hold too (Taskwarrior copies it into each), so the export writes the template again
/// from its latest instance and those three, with the mask said anew: `+` for an instance done,
/// `X` for one deleted here.
enum TaskwarriorRecurrence {
    static let parentKey = "parent"
    static let indexKey = "imask"
    static let templateKey = "template"

    /// The extras that tie a to-do to its template, which the export writes as fields of their
    /// own, or not at all.
    static let keys: Set<String> = [parentKey, indexKey, templateKey]

    /// The moments a template does not share with its instances, and its mask, as Taskwarrior
    /// wrote them.
    struct Template: Equatable {
        var entry: String
        var due: String
        /// None where it was too long to keep as an extra (a daily task of some years): the
        /// export makes it again from the instances.
        var mask: String?

        init(entry: String, due: String, mask: String?) {
            (self.entry, self.due) = (entry, due)
            // An extra is at most `TodoLimits.extraBytes`, key and all.
            let room =
                TodoLimits.extraBytes - TaskwarriorRecurrence.templateKey.utf8.count - entry.utf8.count
                - due.utf8.count - 4
            self.mask = mask.flatMap { $0.utf8.count <= room && $0.allSatisfy(Self.maskCharacters.contains) ? $0 : nil }
        }

        init?(extra: String) {
            let parts = extra.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 || parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
            self.init(entry: parts[0], due: parts[1], mask: parts.count == 3 ? parts[2] : nil)
        }

        var extra: String {
            [entry, due].joined(separator: ",") + (mask.map { "," + $0 } ?? "")
        }

        static let maskCharacters: Set<Character> = ["-", "W", "+", "X"]
    }

    /// Whether it recurs, by a recurrence of ours or one kept as it came: an instance whose
    /// recurrence is taken off leaves its template's.
    static func recurs(_ item: TodoItem) -> Bool {
        item.recur != nil || item.extras["recur"] != nil
    }

    /// The template's uuid, for an instance.
    static func parent(of item: TodoItem) -> String? {
        item.extras[parentKey]
    }

    /// Which instance of its template it is, from 0.
    static func index(of item: TodoItem) -> Int? {
        item.extras[indexKey].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    static func template(of item: TodoItem) -> Template? {
        item.extras[templateKey].flatMap(Template.init(extra:))
    }

    /// The template's mask for `instances`, the to-dos of one parent: an instance done is `+`, an
    /// open one keeps what the mask said of it (`-` or `W`), or `-` where it said it was done or
    /// deleted and it is open again; a place with no to-do is `X`, deleted here, but where the mask
    /// said it was done or deleted there.
    static func mask(_ stored: String?, of instances: [TodoItem]) -> String {
        var byIndex: [Int: TodoItem] = [:]
        for item in instances { if let index = index(of: item) { byIndex[index] = item } }
        let said = Array(stored ?? "")
        let length = max(said.count, (byIndex.keys.max() ?? -1) + 1)
        return String(
            (0..<length).map { place -> Character in
                let before: Character? = place < said.count ? said[place] : nil
                guard let item = byIndex[place] else { return before == "+" ? "+" : "X" }
                if item.isCompleted { return "+" }
                return before == "W" || before == "-" ? before ?? "-" : "-"
            })
    }

    /// The index the next instance of a chain takes: after every one its mask names.
    static func nextIndex(of instances: [TodoItem]) -> Int {
        let stored = instances.compactMap(template(of:)).compactMap(\.mask).map(\.count).max() ?? 0
        return max(stored, (instances.compactMap(index(of:)).max() ?? -1) + 1)
    }
}
