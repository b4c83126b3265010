import Essentials

/// What a to-do's fields may hold, checked at the door so that no store keeps what it cannot show
/// safely, or what its exports cannot carry: no control or bidi characters, sizes within
/// `TodoLimits`, and tags, contexts, extras and ids that stay one todo.txt word.
extension TodoItem {
    static func checked(title: String) throws(TodoFailure) -> String {
        let trimmed = title.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .emptyTitle }
        guard trimmed.count <= titleLimit else { throw .titleTooLong(length: trimmed.count, limit: titleLimit) }
        guard !trimmed.contains(where: \.isNewline) else { throw .titleHasLineBreak }
        try refuseControls(in: trimmed, field: "the title")
        try refuseOver(TodoLimits.titleBytes, trimmed.utf8.count, "the title", unit: "bytes")
        return trimmed
    }

    /// Notes may run over several lines, and hold tabs; no other control character.
    static func checked(notes: String) throws(TodoFailure) -> String {
        try refuseOver(TodoLimits.notesBytes, notes.utf8.count, "the notes", unit: "bytes")
        if let bad = notes.unicodeScalars.first(where: { $0.isControlOrBidi && $0 != "\n" }) {
            throw .controlCharacter(field: "the notes", character: bad.codePoint)
        }
        return notes
    }

    /// Tags or contexts, trimmed, sorted and without repeats; `joining` those an item has already.
    static func checked(labels: [String], kind: String, joining kept: [String] = []) throws(TodoFailure) -> [String] {
        let cleaned = labels.map { $0.trimmingWhitespace() }
        for label in cleaned {
            if label.isEmpty || label.contains(where: \.isWhitespace) { throw .badTag(tag: label) }
            try refuseControls(in: label, field: "a \(kind)")
            try refuseOver(TodoLimits.labelBytes, label.utf8.count, "a \(kind)", unit: "bytes")
        }
        let all = Array(Set(kept + cleaned)).sorted()
        try refuseOver(TodoLimits.labels, all.count, "\(kind)s on one to-do", unit: nil)
        return all
    }

    /// Extras are todo.txt's `key:value` words: each must read back as the same pair, so neither
    /// part may be empty or hold a space, the key no colon, and the key may not be one that
    /// todo.txt reads as something else (`due`, `pri`, `id`, a `+tag` or an `@context`, behind
    /// backslashes or not, or a key ending in a backslash, which is a title's word escaped).
    static func checked(extras: [String: String]) throws(TodoFailure) -> [String: String] {
        try refuseOver(TodoLimits.extras, extras.count, "extras on one to-do", unit: nil)
        for (key, value) in extras {
            let pair = "\(key):\(value)"
            try refuseControls(in: pair, field: "an extra")
            try refuseOver(TodoLimits.extraBytes, pair.utf8.count, "an extra", unit: "bytes")
            let problem: String? =
                if key.isEmpty || value.isEmpty {
                    "neither its key nor its value may be empty"
                } else if pair.contains(where: \.isWhitespace) {
                    "it is one word, with no spaces"
                } else if key.contains(":") {
                    "its key cannot hold a colon"
                } else if ["due", "pri", "id"].contains(key) || key.drop(while: { $0 == "\\" }).hasPrefix("+")
                    || key.drop(while: { $0 == "\\" }).hasPrefix("@") || key.hasSuffix("\\")
                {
                    "todo.txt reads \(key): as something else"
                } else if pair.contains("://") || TodoTxt.isNumber(key[...]) {
                    "todo.txt reads \(pair) as text"
                } else { nil }
            if let problem { throw .badExtra(extra: pair, problem: problem) }
        }
        return extras
    }

    /// A project is a name of one line, trimmed, of at most `TodoLimits.projectBytes`; it may hold
    /// spaces, as Taskwarrior's may. A dot parts it into a project and those under it.
    static func checked(project: String?) throws(TodoFailure) -> String? {
        guard let project else { return nil }
        let trimmed = project.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .emptyProject }
        try refuseControls(in: trimmed, field: "a project")
        try refuseOver(TodoLimits.projectBytes, trimmed.utf8.count, "a project", unit: "bytes")
        return trimmed
    }

    /// The ids of the to-dos it waits on: each one word, sorted, without repeats, at most
    /// `TodoLimits.dependencies`. Whether each names a to-do, not this one, and makes no cycle, the
    /// to-dos as a whole say (`TodoState`).
    static func checked(dependencies: [String]) throws(TodoFailure) -> [String] {
        for id in dependencies { _ = try checked(id: TodoID(id)) }
        let all = Array(Set(dependencies)).sorted()
        try refuseOver(TodoLimits.dependencies, all.count, "to-dos one to-do depends on", unit: nil)
        return all
    }

    /// Each annotation one line of text, trimmed, not empty, of at most `TodoLimits.annotationBytes`;
    /// at most `TodoLimits.annotations` of them.
    static func checked(annotations: Annotations) throws(TodoFailure) -> Annotations {
        try refuseOver(TodoLimits.annotations, annotations.all.count, "annotations on one to-do", unit: nil)
        var checked: [Annotation] = []
        for annotation in annotations.all {
            let text = annotation.description.trimmingWhitespace()
            guard !text.isEmpty else { throw .emptyAnnotation }
            guard !text.contains(where: \.isNewline) else { throw .annotationHasLineBreak }
            try refuseControls(in: text, field: "an annotation")
            try refuseOver(TodoLimits.annotationBytes, text.utf8.count, "an annotation", unit: "bytes")
            checked.append(Annotation(entry: annotation.entry, description: text))
        }
        return Annotations(checked)
    }

    /// Time spent is never less than none.
    static func checked(secondsSpent: Int) throws(TodoFailure) -> Int {
        guard secondsSpent >= 0 else { throw .negativeTimeSpent(seconds: secondsSpent) }
        return secondsSpent
    }

    /// An id is one word, of at most `TodoLimits.idBytes`.
    static func checked(id: TodoID) throws(TodoFailure) -> TodoID {
        try refuseControls(in: id.value, field: "an id")
        guard !id.value.isEmpty, !id.value.contains(where: \.isWhitespace),
            id.value.utf8.count <= TodoLimits.idBytes
        else { throw .badID(id: id.value, limit: TodoLimits.idBytes) }
        return id
    }

    private static func refuseControls(in text: String, field: String) throws(TodoFailure) {
        if let bad = text.firstControlOrBidi { throw .controlCharacter(field: field, character: bad.codePoint) }
    }

    private static func refuseOver(_ limit: Int, _ size: Int, _ what: String, unit: String?) throws(TodoFailure) {
        guard size <= limit else { throw .overLimit(what: what, size: size, limit: limit, unit: unit) }
    }
}
