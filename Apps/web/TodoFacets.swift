import AppCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The projects and tags of the open to-dos (inside the context in use), each with how many there
/// are and a link that lists them: the page's way to pick by project or tag without typing one.
/// Each link's filter is written as the box reads it, so that it picks what `todo list` picks.
enum TodoFacets {
    /// The links, drawn from what `todo projects` and `todo tags` count; nothing where no open
    /// to-do has a project or a tag.
    static func links(
        projects: [ProjectCount], tags: [TagCount], view: TodoListView, now: Date, zone: Zone
    ) -> HTML {
        /// A link that lists the open to-dos `filter` picks, as counted; where the words would not
        /// read back as `meant` (a tag `a)`, a project holding both kinds of quote), the name and
        /// count alone, never a link that lists something else.
        func link(_ filter: String, meaning meant: TodoFilter, _ shown: String, _ count: Int) -> HTML {
            let counted: HTML = "<span class=\"count\">\(count)</span>"
            guard (try? TodoFilterWords.read(TypedWords.split(filter), now: now, timeZone: zone)) == meant else {
                return "\(shown) \(counted)"
            }
            var picked = TodoListView()
            (picked.filter, picked.order) = (filter, view.order)
            let current: HTML = view.filter == filter ? " aria-current=\"true\"" : ""
            return "<a href=\"\(picked.address())\"\(current)>\(shown)</a> \(counted)"
        }
        let named = projects.filter { $0.project != nil && $0.open > 0 }
        let projectLinks = named.map { count -> HTML in
            let project = count.project ?? ""
            return link(quoted("project:\(project)"), meaning: .project(project), project, count.open)
        }
        let tagLinks = tags.filter { $0.count > 0 }.map {
            link(quoted("+\($0.tag)"), meaning: .tag($0.tag), "+\($0.tag)", $0.count)
        }
        var groups: [HTML] = []
        if !projectLinks.isEmpty {
            groups.append("<li><h2>Projects</h2> \(HTML(projectLinks, separator: " · "))</li>")
        }
        if !tagLinks.isEmpty { groups.append("<li><h2>Tags</h2> \(HTML(tagLinks, separator: " · "))</li>") }
        guard !groups.isEmpty else { return "" }
        return "<nav class=\"facets\" aria-label=\"Projects and tags\"><ul>\(HTML(groups))</ul></nav>"
    }

    /// A word as the filter box reads it whole: in quotes of a kind it does not hold, where it
    /// holds a space or a quote.
    private static func quoted(_ word: String) -> String {
        guard word.contains(where: { $0.isWhitespace || $0 == "'" || $0 == "\"" }) else { return word }
        let quote = word.contains("'") ? "\"" : "'"
        return quote + word + quote
    }
}
