import AppCore

/// The projects and tags of the open to-dos (inside the context in use), each with how many there
/// are and a link that lists them: the page's way to pick by project or tag without typing one.
/// Each link's filter is written as the box reads it, so that it picks what `todo list` picks.
enum TodoFacets {
    /// The links, drawn from what `todo projects` and `todo tags` count; nothing where no open
    /// to-do has a project or a tag.
    static func links(projects: [ProjectCount], tags: [TagCount], view: TodoListView) -> HTML {
        func link(_ filter: String, _ shown: String, _ count: Int) -> HTML {
            var picked = view
            (picked.filter, picked.page) = (filter, 1)
            let current: HTML = view.filter == filter ? " aria-current=\"true\"" : ""
            return "<a href=\"\(picked.address())\"\(current)>\(shown)</a> <span class=\"count\">\(count)</span>"
        }
        let named = projects.filter { $0.project != nil && $0.open > 0 }
        let projectLinks = named.map { count -> HTML in
            let project = count.project ?? ""
            // A project of several words is one word of the filter only in quotes, of a kind it
            // does not hold.
            let quote = project.contains("'") ? "\"" : "'"
            let word =
                project.contains(where: \.isWhitespace) ? quote + "project:\(project)" + quote : "project:\(project)"
            return link(word, project, count.open)
        }
        let tagLinks = tags.filter { $0.count > 0 }.map { link("+\($0.tag)", "+\($0.tag)", $0.count) }
        var groups: [HTML] = []
        if !projectLinks.isEmpty {
            groups.append("<li><h2>Projects</h2> \(HTML(projectLinks, separator: " · "))</li>")
        }
        if !tagLinks.isEmpty { groups.append("<li><h2>Tags</h2> \(HTML(tagLinks, separator: " · "))</li>") }
        guard !groups.isEmpty else { return "" }
        return "<nav class=\"facets\" aria-label=\"Projects and tags\"><ul>\(HTML(groups))</ul></nav>"
    }
}
