import AppCore
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The to-do list in a browser: the same commands `todo` sends, the same words in the boxes.
enum TodoPages {
    /// Said where a link on another site's page names a filter: it stays in the box, not applied.
    static let filterNotApplied =
        "This filter came from a link on another site's page: press Filter to apply it."

    /// The list, filtered by the words `todo list` reads (`+errands due.before:eow`), in the
    /// context in use (`todo context`), which it says above the to-dos, with what is in the boxes
    /// kept where a command was refused.
    static func list(
        core: WebCore, code: String, view: TodoListView = TodoListView(), typed: String = "", notice: String? = nil,
        applying: Bool = true
    ) async throws -> Page {
        let (filter, show) = (view.filter, view.show)
        let (now, zone) = try await core.clock()
        let picked: TodoFilter?
        var notice = notice
        var refused = false
        do {
            if applying || filter.isEmpty {
                picked = try TodoFilterWords.read(TypedWords.split(filter), now: now, timeZone: zone)
            } else {
                (picked, notice) = (nil, notice ?? Self.filterNotApplied)
            }
        } catch {
            // A filter that cannot be read picks nothing, as `todo list` lists nothing for it.
            (picked, notice, refused) = (nil, notice ?? "Filter: \(error.description)", true)
        }
        let context = try await contextInUse(core: core)
        var (chosen, inContext) = (picked, TodoFilter?.none)
        do {
            chosen = try context?.applied(to: picked, now: now, timeZone: zone) ?? picked
            inContext = try context?.applied(to: nil, now: now, timeZone: zone)
        } catch {
            // Nothing is listed in a context that makes no filter; the banner's button leaves it.
            (notice, refused) = (notice ?? error.description, true)
        }
        // Open, the choice the page starts with, is `todo list` without a flag: all of them where
        // the filter names a status or ids.
        let asked = TodoQuery.Status(rawValue: show) ?? .open
        let status: TodoQuery.Status = asked == .open && chosen?.namesStatusOrIDs == true ? .all : asked
        let (listed, abbreviation) = try await ordered(
            TodoQuery(status: status, order: view.order == .due ? .due : .created, filter: chosen), view.order,
            core: core)
        let all = refused ? [] : listed
        let (range, page) = view.rows(among: all.count)
        let items = Array(all[range])
        let post = { (action: String) in PostForm(action: action, code: code) }
        let shows = TodoQuery.Status.listed.map { choice -> HTML in
            let chosen: HTML = choice == asked ? " selected" : ""
            return "<option value=\"\(choice.rawValue)\"\(chosen)>\(choice.rawValue)</option>"
        }
        let orders = TodoListView.Order.allCases.map { choice -> HTML in
            let chosen: HTML = choice == view.order ? " selected" : ""
            return "<option value=\"\(choice.rawValue)\"\(chosen)>\(choice.rawValue)</option>"
        }
        let box: HTML = """
            <input name="words" value="\(typed)" aria-label="New to-do" \
            placeholder="buy milk +errands @store project:home due:fri pri:H" autocomplete="off" required autofocus>
            """
        let top: HTML = """
            \(post("/todos/add")(box, button: "Add", className: "add"))
            <form method="get" action="/todos" class="filter"><input name="filter" value="\(filter)" \
            aria-label="Filter" placeholder="+errands project:home due.before:eow /milk/"><select name="show" \
            aria-label="Which">\(shows)</select><select name="sort" aria-label="Order">\(orders)</select>\
            <button type="submit">Filter</button></form>
            <div class="row">\(post("/todos/undo")(button: "Undo"))\(post("/todos/redo")(button: "Redo"))\
            <a href="/todos/journal">Journal</a></div>
            """
        let rows = items.map { row($0, abbreviation: abbreviation, now: now, zone: zone, code: code) }
        let said: HTML =
            context.map {
                "<div class=\"context row\"><p>\($0.line)</p>\(post("/todos/context/none")(button: "Show every to-do"))</div>"
            } ?? ""
        let facets = refused ? "" : try await Self.facets(inContext, view: view, now: now, zone: zone, core: core)
        let live: HTML =
            items.isEmpty
            ? "\(said)\(facets)<p class=\"empty\">Nothing to do.</p>"
            : """
            \(said)\(facets)<p class="count">\(counted(range, of: all.count))</p>
            <table class="todos"><tbody>\(rows)</tbody></table>\(pages(view, page: page, among: all.count, applying: applying))
            """
        // What the page lists, as its live updates ask for it again: without a filter not applied.
        let source = view.address(page: page, applying: applying)
        return Page(
            section: .todos, title: "To-dos", source: source, top: "\(top)\(keysSaid)", live: live, notice: notice,
            said: try await deletion(view.deleted, core: core, code: code), keys: true)
    }

    /// The list's keys, which `?` shows.
    private static let keysSaid: HTML = """
        <p id="keys" class="hint" hidden>Keys: <kbd>n</kbd> a new to-do, <kbd>/</kbd> the filter, \
        <kbd>j</kbd> and <kbd>k</kbd> down and up, <kbd>x</kbd> done (or back), <kbd>e</kbd> edit, \
        <kbd>Esc</kbd> leaves a box, <kbd>?</kbd> these.</p>
        """

    /// Says which to-do a Delete just took, with an Undo beside it, while the delete is still the
    /// last thing done to the to-dos (an Undo after anything else would take back that instead).
    private static func deletion(_ id: String, core: WebCore, code: String) async throws -> HTML? {
        guard !id.isEmpty else { return nil }
        let answer = try await core.send(.showJournal, to: TodoFeature.self)
        guard case .journal(let entries) = answer else { throw ProgramFailure.unexpected(answer) }
        guard let last = entries.last, last.action == .deleted, last.id.value == id else { return nil }
        let undo = PostForm(action: "/todos/undo", code: code)(
            button: "Undo", named: "Undo the delete of \(last.title)")
        return "<p>Deleted “\(last.title)”.</p>\(undo)"
    }

    /// The projects and tags of the open to-dos `filter` picks (the context's), as links.
    private static func facets(
        _ filter: TodoFilter?, view: TodoListView, now: Date, zone: Zone, core: WebCore
    ) async throws -> HTML {
        let query = TodoQuery(status: .open, order: .created, filter: filter)
        let projects = try await core.send(.projects(query: query), to: TodoFeature.self)
        guard case .projects(let projectCounts) = projects else { throw ProgramFailure.unexpected(projects) }
        let tags = try await core.send(.tags(query: query), to: TodoFeature.self)
        guard case .tags(let tagCounts) = tags else { throw ProgramFailure.unexpected(tags) }
        return TodoFacets.links(projects: projectCounts, tags: tagCounts, view: view, now: now, zone: zone)
    }

    /// The to-dos `query` picks, in `order`: ranked by urgency as `todo next` ranks them, or as the
    /// query sorts them.
    private static func ordered(
        _ query: TodoQuery, _ order: TodoListView.Order, core: WebCore
    ) async throws -> ([TodoItem], Int) {
        if order == .urgency {
            let answer = try await core.send(.next(query: query), to: TodoFeature.self)
            guard case .ranked(let ranked, let abbreviation) = answer else { throw ProgramFailure.unexpected(answer) }
            return (ranked.map(\.item), abbreviation)
        }
        let answer = try await core.send(.list(query: query), to: TodoFeature.self)
        guard case .listed(let items, let abbreviation, _) = answer else { throw ProgramFailure.unexpected(answer) }
        return (items, abbreviation)
    }

    /// How many the page shows: `12 to-dos`, or where they take more than a page, `51–100 of 1000 to-dos`.
    private static func counted(_ range: Range<Int>, of count: Int) -> String {
        let noun = count == 1 ? "to-do" : "to-dos"
        guard count > TodoListView.pageSize else { return "\(count) \(noun)" }
        return "\(range.lowerBound + 1)–\(range.upperBound) of \(count) \(noun)"
    }

    /// Links to the page before and after, where there are more than one.
    private static func pages(_ view: TodoListView, page: Int, among count: Int, applying: Bool) -> HTML {
        guard count > TodoListView.pageSize else { return "" }
        let last = (count + TodoListView.pageSize - 1) / TodoListView.pageSize
        let before: HTML =
            page > 1 ? "<a href=\"\(view.address(page: page - 1, applying: applying))\" rel=\"prev\">Previous</a>" : ""
        let after: HTML =
            page < last ? "<a href=\"\(view.address(page: page + 1, applying: applying))\" rel=\"next\">Next</a>" : ""
        return "<nav class=\"pages\" aria-label=\"Pages\">\(before) <span>page \(page) of \(last)</span> \(after)</nav>"
    }

    /// The context in use, if any.
    private static func contextInUse(core: WebCore) async throws -> TodoContext? {
        let answer = try await core.send(.current, to: TodoContextFeature.self)
        guard case .current(let context) = answer else { throw ProgramFailure.unexpected(answer) }
        return context
    }

    /// One to-do as a row: its short id (a link to it), what to do and its attributes, marked
    /// overdue, due today or active in words as well as in colour.
    static func row(_ item: TodoItem, abbreviation: Int, now: Date, zone: Zone, code: String) -> HTML {
        let id = item.id.value
        let short = String(id.prefix(abbreviation))
        let today = Day(now, in: zone)
        var marks: [HTML] = []
        var kinds: [String] = []
        if item.isCompleted {
            kinds.append("done")
        } else if let due = item.due {
            if due < today {
                (kinds, marks) = (kinds + ["overdue"], marks + ["<span class=\"mark overdue\">overdue</span>"])
            } else if due == today {
                (kinds, marks) = (kinds + ["today"], marks + ["<span class=\"mark today\">due today</span>"])
            }
        }
        if item.isActive {
            (kinds, marks) = (kinds + ["active"], marks + ["<span class=\"mark active\">active</span>"])
        }
        let post = { (action: String) in PostForm(action: "/todos/\(URLText.escaped(id))/\(action)", code: code) }
        let toggle =
            item.isCompleted
            ? post("reopen")(button: "Reopen", named: "Reopen: \(item.title)")
            : post("done")(button: "Done", named: "Done: \(item.title)")
        return """
            <tr class="\(kinds.joined(separator: " "))"><td class="id"><a href="/todos/\(URLText.escaped(id))">\(short)</a></td>\
            <td class="title">\(item.isCompleted ? "✓ " : "")\(item.title)</td>\
            <td class="about">\(marks)\(attributes(item))</td>\
            <td class="actions">\(toggle)\(post("delete")(button: "Delete", named: "Delete: \(item.title)"))</td></tr>
            """
    }

    /// Project, tags, contexts, due day and time, priority: as `todo add` takes them.
    static func attributes(_ item: TodoItem) -> HTML {
        var words: [String] = []
        if let project = item.project { words.append("project:\(project)") }
        words += item.tags.map { "+\($0)" } + item.contexts.map { "@\($0)" }
        if let due = item.due { words.append("due:\(due)" + (item.dueTime.map { " \($0)" } ?? "")) }
        if let priority = item.priority { words.append("pri:\(priority.typed)") }
        return HTML(words.map { "<span class=\"attribute\">\($0)</span>" }, separator: " ")
    }

    /// One to-do, whole, with a box for the words `todo edit` reads.
    static func detail(
        core: WebCore, code: String, reference: String, typed: String = "", edited: FormFields? = nil,
        annotating: String = "", notice: String? = nil
    ) async throws -> Page {
        let answer = try await core.send(.show(reference: reference), to: TodoFeature.self)
        guard case .shown(let item, let abbreviation, _) = answer else { throw ProgramFailure.unexpected(answer) }
        let (now, zone) = try await core.clock()
        let id = item.id.value
        var facts: [(String, String)] = [("id", id), ("title", item.title)]
        if !item.notes.isEmpty { facts.append(("notes", item.notes)) }
        if let project = item.project { facts.append(("project", project)) }
        if !item.tags.isEmpty { facts.append(("tags", item.tags.map { "+\($0)" }.joined(separator: " "))) }
        if !item.contexts.isEmpty { facts.append(("contexts", item.contexts.map { "@\($0)" }.joined(separator: " "))) }
        if let due = item.due { facts.append(("due", "\(due)" + (item.dueTime.map { " \($0)" } ?? ""))) }
        if let recur = item.recur { facts.append(("recur", recur.description)) }
        if !item.depends.isEmpty {
            facts.append(("depends", item.depends.map { String($0.prefix(abbreviation)) }.joined(separator: " ")))
        }
        if let priority = item.priority { facts.append(("priority", priority.name)) }
        for (name, moment) in [("wait", item.wait), ("scheduled", item.scheduled), ("until", item.until)] {
            if let moment { facts.append((name, LocalTime(timeZone: zone).string(from: moment))) }
        }
        facts.append(("created", LocalTime(timeZone: zone).string(from: item.created)))
        if let completed = item.completed { facts.append(("done", LocalTime(timeZone: zone).string(from: completed))) }
        if let started = item.started { facts.append(("started", LocalTime(timeZone: zone).string(from: started))) }
        let post = { (action: String) in PostForm(action: "/todos/\(URLText.escaped(id))/\(action)", code: code) }
        // Each annotation with a button of its own that takes it off, named for it.
        let annotations = item.annotations.all.map { annotation -> HTML in
            let field: HTML = "<input type=\"hidden\" name=\"annotation\" value=\"\(annotation.description)\">"
            let remove = post("denotate")(field, button: "Remove", named: "Remove: \(annotation.description)")
            let entry = LocalTime(timeZone: zone).string(from: annotation.entry)
            return "<dt>annotated</dt><dd>\(entry)  \(annotation.description) \(remove)</dd>"
        }
        for (key, value) in item.extras.sorted(by: { $0.key < $1.key }) { facts.append((key, value)) }
        let list = facts.map { fact -> HTML in "<dt>\(fact.0)</dt><dd>\(fact.1)</dd>" } + annotations
        let box: HTML = """
            <input name="words" value="\(typed)" aria-label="Change" \
            placeholder="new title +tag -tag due:fri due: pri:H" autocomplete="off" required>
            """
        let annotation: HTML = """
            <input name="annotation" value="\(annotating)" aria-label="Annotation" \
            placeholder="called, left a message" autocomplete="off" required>
            """
        let top: HTML = """
            \(TodoEditForm.form(item, post: post("update"), typed: edited))
            <p class="hint">A box emptied clears its field; tags and contexts are words apart, each a box's own.</p>
            \(post("edit")(box, button: "Change", className: "add"))
            \(post("annotate")(annotation, button: "Annotate", className: "add"))
            <p class="hint">Or the words <code>todo edit</code> reads: +tag and -tag, @context and -@context, \
            due:fri, an empty due: to clear it, any other words for a new title.</p>
            <div class="row">\(item.isCompleted ? post("reopen")(button: "Reopen") : post("done")(button: "Done"))\
            \(item.isActive ? post("stop")(button: "Stop") : post("start")(button: "Start"))\
            \(post("delete")(button: "Delete"))<a href="/todos">All to-dos</a></div>
            """
        let live: HTML = """
            <table class="todos"><tbody>\(row(item, abbreviation: abbreviation, now: now, zone: zone, code: code))</tbody></table>
            <dl>\(list)</dl>
            """
        return Page(
            section: .todos, title: "To-do \(String(id.prefix(abbreviation)))", source: "/todos/\(URLText.escaped(id))",
            top: top, live: live, notice: notice)
    }

    /// What was done to the to-dos, newest first.
    static func journal(core: WebCore) async throws -> Page {
        let answer = try await core.send(.showJournal, to: TodoFeature.self)
        guard case .journal(let entries) = answer else { throw ProgramFailure.unexpected(answer) }
        let (_, zone) = try await core.clock()
        let rows = entries.reversed().map { entry -> HTML in
            """
            <tr><td>\(LocalTime(timeZone: zone).string(from: entry.at))</td><td>\(entry.action.rawValue)</td>\
            <td class="id">\(entry.id.value)</td><td class="title">\(entry.title)</td>\
            <td class="command"><code>\(entry.command)</code></td></tr>
            """
        }
        let live: HTML =
            entries.isEmpty
            ? "<p class=\"empty\">Nothing was done yet.</p>" : "<table class=\"journal\"><tbody>\(rows)</tbody></table>"
        return Page(
            section: .todos, title: "Journal", source: "/todos/journal",
            top: "<p><a href=\"/todos\">All to-dos</a></p>", live: live)
    }

    /// The title and changes a box's words give, as `todo add` and `todo edit` read them, in the
    /// core's time; words that cannot be read are the request's fault.
    static func words(_ typed: String, editing: Bool, core: WebCore) async throws -> (
        title: String?, changes: [TodoItem.Change]
    ) {
        let (now, zone) = try await core.clock()
        return try read(TypedWords.split(typed), editing: editing, now: now, zone: zone)
    }

    /// The changes words already split give, as `todo edit` reads them: the edit form's.
    static func words(_ words: [String], core: WebCore) async throws -> (title: String?, changes: [TodoItem.Change]) {
        let (now, zone) = try await core.clock()
        return try read(words, editing: true, now: now, zone: zone)
    }

    private static func read(_ words: [String], editing: Bool, now: Date, zone: Zone) throws -> (
        title: String?, changes: [TodoItem.Change]
    ) {
        do {
            return try TodoWords.read(words, editing: editing, now: now, timeZone: zone)
        } catch {
            throw ProgramFailure(error.description, exit: .usage)
        }
    }

    /// The command a page's button sends, or none for a name no button has.
    static func command(_ action: String, reference: String) -> TodoCommand? {
        switch action {
        case "done": .complete(references: [reference])
        case "reopen": .reopen(references: [reference])
        case "start": .start(references: [reference])
        case "stop": .stop(references: [reference])
        case "delete": .delete(references: [reference])
        default: nil
        }
    }
}
