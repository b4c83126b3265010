import AppCore

/// The detail page's form that edits a to-do in place: a box for each of its title, project,
/// tags, contexts, due day and priority, filled with what it has. Each box also posts, hidden,
/// what it was filled with, and a box sent as it was filled changes nothing: what another window
/// or program changed meanwhile stays. A box changed sets its field: emptied, it clears it; the
/// tags and contexts taken out of their box are taken off and those put in are added, each as a
/// change of its own. Values are read as `todo edit` reads them (`due` takes `fri 17:30`). A box
/// not sent at all, and the fields without a box (wait, recur, …), stay as they are.
enum TodoEditForm {
    /// The names of the boxes, as the form posts them.
    static let fields = ["title", "project", "tags", "contexts", "due", "priority"]

    /// What each box is filled with for `item`, by name.
    static func values(of item: TodoItem) -> [String: String] {
        [
            "title": item.title, "project": item.project ?? "", "tags": item.tags.joined(separator: " "),
            "contexts": item.contexts.joined(separator: " "),
            "due": item.due.map { "\($0)" + (item.dueTime.map { " \($0)" } ?? "") } ?? "",
            "priority": item.priority?.typed ?? "",
        ]
    }

    /// The form, its boxes filled with what `item` has, or with what was `typed` in them where
    /// the form was refused (what they were filled with before kept as it was sent).
    static func form(_ item: TodoItem, post: PostForm, typed: FormFields? = nil) -> HTML {
        let filled = values(of: item)
        let hints = [
            "title": "", "project": "work.reports", "tags": "errands home", "contexts": "phone town",
            "due": "2026-12-24, fri 17:30, +3d", "priority": "H, M, L, or A to Z",
        ]
        let boxes = fields.map { name -> HTML in
            let shown = typed?[name] ?? filled[name] ?? ""
            let was = typed?["was-" + name] ?? filled[name] ?? ""
            let required: HTML = name == "title" ? " required" : ""
            return """
                <label>\(name) <input name="\(name)" value="\(shown)" placeholder="\(hints[name] ?? "")" \
                autocomplete="off"\(required)></label><input type="hidden" name="was-\(name)" value="\(was)">
                """
        }
        return post(HTML(boxes, separator: ""), button: "Save", className: "edit")
    }

    /// The changes the form asks of `item`: a new title, the words `todo edit` reads for the
    /// project, due day and priority, and the tags and contexts added and taken off. A box is
    /// compared with what it was filled with (with what `item` has, where that was not sent).
    static func changes(_ form: FormFields, of item: TodoItem) -> (
        title: String?, words: [String], labels: [TodoItem.Change]
    ) {
        let filled = values(of: item)
        func changed(_ name: String) -> (was: String, now: String)? {
            guard let now = form[name]?.trimmingWhitespace() else { return nil }
            let was = (form["was-" + name] ?? filled[name] ?? "").trimmingWhitespace()
            return now == was ? nil : (was, now)
        }
        func words(_ text: String, mark: Character) -> [String] {
            text.split(whereSeparator: \.isWhitespace).map { String($0.first == mark ? $0.dropFirst() : $0) }
                .filter { !$0.isEmpty }
        }
        func labels(
            _ name: String, mark: Character, add: (String) -> TodoItem.Change, remove: (String) -> TodoItem.Change
        )
            -> [TodoItem.Change]
        {
            guard let (was, now) = changed(name) else { return [] }
            let (before, after) = (words(was, mark: mark), words(now, mark: mark))
            return before.filter { !after.contains($0) }.map(remove) + after.filter { !before.contains($0) }.map(add)
        }
        let attributes = [("project", "project:"), ("due", "due:"), ("priority", "pri:")]
        return (
            changed("title")?.now,
            attributes.compactMap { name, word in changed(name).map { word + $0.now } },
            labels("tags", mark: "+", add: TodoItem.Change.addTag, remove: TodoItem.Change.removeTag)
                + labels("contexts", mark: "@", add: TodoItem.Change.addContext, remove: TodoItem.Change.removeContext)
        )
    }
}
