import AppCore

/// The detail page's form that edits a to-do in place: a box for each of its title, project,
/// tags, contexts, due day and priority, each filled with what the to-do has. What is sent is read
/// by the words `todo edit` reads (`project:`, `+tag`, `-tag`, `due:`, `pri:`), so a box emptied
/// clears its field, a tag taken out of the box is taken off, and a value is read as on the
/// command line (`due` takes `fri 17:30`). Fields without a box (wait, recur, …) stay as they are.
enum TodoEditForm {
    /// The names of the boxes, as the form posts them.
    static let fields = ["title", "project", "tags", "contexts", "due", "priority"]

    /// The form, its boxes filled with what `item` has, or with what was `typed` in them where
    /// the form was refused.
    static func form(_ item: TodoItem, post: PostForm, typed: FormFields? = nil) -> HTML {
        let kept = [
            item.title, item.project ?? "", item.tags.joined(separator: " "), item.contexts.joined(separator: " "),
            item.due.map { "\($0)" + (item.dueTime.map { " \($0)" } ?? "") } ?? "", item.priority?.typed ?? "",
        ]
        let values = typed.map { form in fields.map { form[$0] ?? "" } } ?? kept
        let hints = [
            "", "work.reports", "errands home", "phone town", "2026-12-24, fri 17:30, +3d", "H, M, L, or A to Z",
        ]
        let boxes = zip(fields, zip(values, hints)).map { name, filled -> HTML in
            let required: HTML = name == "title" ? " required" : ""
            return """
                <label>\(name) <input name="\(name)" value="\(filled.0)" placeholder="\(filled.1)" \
                autocomplete="off"\(required)></label>
                """
        }
        return post(HTML(boxes, separator: ""), button: "Save", className: "edit")
    }

    /// The title the form gives, and the words `todo edit` reads for the rest: each field set to
    /// what its box holds, the tags and contexts not in their box taken off.
    static func words(_ form: FormFields, editing item: TodoItem) -> (title: String, words: [String]) {
        func labels(_ name: String, mark: String) -> [String] {
            form.text(name).split(whereSeparator: \.isWhitespace).map { word in
                String(word.hasPrefix(mark) ? word.dropFirst(mark.count) : word)
            }
        }
        let (tags, contexts) = (labels("tags", mark: "+"), labels("contexts", mark: "@"))
        var words = ["project:" + form.text("project"), "due:" + form.text("due"), "pri:" + form.text("priority")]
        words += item.tags.filter { !tags.contains($0) }.map { "-" + $0 } + tags.map { "+" + $0 }
        words += item.contexts.filter { !contexts.contains($0) }.map { "-@" + $0 } + contexts.map { "@" + $0 }
        return (form.text("title"), words)
    }
}
