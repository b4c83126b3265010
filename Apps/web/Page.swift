/// What every page has: its head, the sections to go to, a notice where something went wrong,
/// and the part the live script replaces when the store changes (`id="live"`); forms stay
/// outside it, so what someone is typing stays.
struct Page: Sendable {
    enum Section: String, CaseIterable, Sendable {
        case todos, dice, coin, deck

        var title: String {
            switch self {
            case .todos: "To-dos"
            case .dice: "Dice"
            case .coin: "Coin & 8-Ball"
            case .deck: "Deck"
            }
        }
    }

    let section: Section
    let title: String
    /// Where the live script fetches this page's live part anew (an address that shows it by GET),
    /// or none for a page with no live part, such as an error's.
    var source: String? = "/todos"
    /// The forms and what a command just answered: stays as it is when the store changes.
    var top: HTML = ""
    /// What is in the store now: made again and replaced when the store changes.
    var live: HTML = ""
    /// What went wrong, in our words.
    var notice: String?
    /// What a command just did, with a way to take it back: `Deleted “buy milk”. Undo`.
    var said: HTML?
    /// Whether the list's keys (`KeysScript`) work on the page.
    var keys = false

    func document() -> String {
        let navigation = Section.allCases.map { section -> HTML in
            let current: HTML = section == self.section ? " aria-current=\"page\"" : ""
            return "<a href=\"/\(section.rawValue)\"\(current)>\(section.title)</a>"
        }
        var script: HTML = source == nil ? "" : "<script src=\"/static/live.js\" defer></script>"
        if keys { script = "\(script)<script src=\"/static/keys.js\" defer></script>" }
        let liveBlock: HTML =
            source.map { "<div id=\"live\" data-source=\"\($0)\" aria-live=\"polite\">\(live)</div>" } ?? ""
        let warning: HTML =
            notice.map { "<p class=\"notice\" role=\"alert\">\($0)</p>" }
            ?? said.map { "<div class=\"said row\" role=\"status\">\($0)</div>" } ?? ""
        let page: HTML = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · AppCore</title>
            <link rel="stylesheet" href="/static/app.css">
            \(script)
            </head>
            <body>
            <nav>\(HTML(navigation, separator: " "))</nav>
            <main>
            <h1>\(title)</h1>
            \(warning)\(top)
            \(liveBlock)
            </main>
            </body>
            </html>

            """
        return page.text
    }
}

/// A form that posts to this server, with the code that tells it from a page of another site.
struct PostForm {
    let action: String
    let code: String

    /// The form, its button showing `button`; `named` is what the button is called to one who
    /// cannot see the row it stands in (`Done: buy milk`), where the word alone would not say.
    func callAsFunction(_ fields: HTML = "", button: String, className: String = "", named: String? = nil) -> HTML {
        let kind: HTML = className.isEmpty ? "" : " class=\"\(className)\""
        let name: HTML = named.map { " aria-label=\"\($0)\"" } ?? ""
        return """
            <form method="post" action="\(action)"\(kind)><input type="hidden" name="form" value="\(code)">\
            \(fields)<button type="submit"\(name)>\(button)</button></form>
            """
    }
}
