import AppCore
import Hummingbird
import ProgramKit
import ServiceLifecycle

/// Every address the server answers, each a thin step from a request to one command of the core
/// and from its answers to a page.
enum WebRoutes {
    static func router(core: WebCore, feed: LiveFeed, access: WebAccess) -> Router<BasicRequestContext> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: WebGuard(access: access))
        let code = access.formCode

        router.get("/") { _, _ in WebResponses.seeOther("/todos") }
        router.get("/static/app.css") { _, _ in WebResponses.text(WebAssets.styles, type: "text/css; charset=utf-8") }
        router.get("/static/live.js") { _, _ in
            WebResponses.text(WebAssets.liveScript, type: "text/javascript; charset=utf-8")
        }
        router.get("/static/keys.js") { _, _ in
            WebResponses.text(KeysScript.source, type: "text/javascript; charset=utf-8")
        }
        router.get("/events") { _, _ in try events(feed) }

        // To-dos
        router.get("/todos") { request, _ in
            let query = FormFields(query: request.uri.query)
            // A filter may search every to-do's notes: a link on another site's page is shown the
            // list with its filter in the box, not applied, as the dice page leaves a chart unweighed.
            let page = try await TodoPages.list(
                core: core, code: code, view: TodoListView(query: query),
                applying: WebAccess.isAskedByThisServersPages(request))
            return WebResponses.html(page)
        }
        router.get("/todos/journal") { _, _ in WebResponses.html(try await TodoPages.journal(core: core)) }
        router.get("/todos/:id") { _, context in
            WebResponses.html(
                try await TodoPages.detail(core: core, code: code, reference: try context.parameters.require("id")))
        }
        router.post("/todos/add") { request, _ in
            let form = try await fields(request, access)
            let typed = form.text("words")
            do {
                let words = try await TodoPages.words(typed, editing: false, core: core)
                _ = try await core.send(
                    .add(draft: TodoDraft(title: words.title ?? "", words.changes)), to: TodoFeature.self)
                return WebResponses.seeOther("/todos")
            } catch let failure as ProgramFailure {
                let page = try await TodoPages.list(
                    core: core, code: code, typed: typed, notice: failure.description)
                return WebResponses.html(page, status: WebResponses.status(of: failure))
            }
        }
        for (path, command) in [("/todos/undo", TodoCommand.undo), ("/todos/redo", .redo)] {
            router.post(RouterPath(path)) { request, _ in
                _ = try await fields(request, access)
                do {
                    _ = try await core.send(command, to: TodoFeature.self)
                    return WebResponses.seeOther("/todos")
                } catch let failure as ProgramFailure {
                    let page = try await TodoPages.list(
                        core: core, code: code, notice: failure.description)
                    return WebResponses.html(page, status: WebResponses.status(of: failure))
                }
            }
        }
        // The banner of the context in use leaves it, as `todo context none` does.
        router.post("/todos/context/none") { request, _ in
            _ = try await fields(request, access)
            _ = try await core.send(.use(name: nil), to: TodoContextFeature.self)
            return WebResponses.seeOther("/todos")
        }
        router.post("/todos/:id/:action") { request, context in
            let form = try await fields(request, access)
            let id = try context.parameters.require("id")
            let action = try context.parameters.require("action")
            if action == "edit" { return try await edit(id, form.text("words"), core: core, code: code) }
            if action == "update" { return try await update(id, form, core: core, code: code) }
            if action == "annotate" || action == "denotate" {
                let text = form.text("annotation")
                return try await annotate(id, text, taking: action == "denotate", core: core, code: code)
            }
            guard let command = TodoPages.command(action, reference: id) else {
                throw HTTPError(.notFound)
            }
            let answer = try await core.send(command, to: TodoFeature.self)
            if action == "delete", case .deleted(let items, _) = answer, let item = items.first {
                return WebResponses.seeOther(URLText.address("/todos", [("deleted", item.id.value)]))
            }
            return WebResponses.seeOther(request.headers[.referer].flatMap(localPath) ?? "/todos")
        }

        // Dice
        router.get("/dice") { request, _ in
            let expression = FormFields(query: request.uri.query).text("expression")
            let charted = WebAccess.isAskedByThisServersPages(request)
            return WebResponses.html(
                try await DicePage.page(core: core, code: code, expression: expression, charted: charted))
        }
        router.post("/dice/roll") { request, _ in
            let expression = try await fields(request, access).text("expression")
            do {
                let answers = try await core.sendAll(.roll(expression: expression, times: 1), to: DiceFeature.self)
                let rolls = answers.compactMap { answer in if case .rolled(let roll) = answer { roll } else { nil } }
                return WebResponses.html(
                    try await DicePage.page(core: core, code: code, expression: expression, rolled: rolls))
            } catch let failure as ProgramFailure {
                let page = try await DicePage.page(
                    core: core, code: code, expression: expression, notice: failure.description)
                return WebResponses.html(page, status: WebResponses.status(of: failure))
            }
        }

        // Coin and 8-Ball
        router.get("/coin") { _, _ in WebResponses.html(try await CoinPage.page(core: core, code: code)) }
        router.post("/coin/:action") { request, context in
            let form = try await fields(request, access)
            do {
                let outcome: CoinPage.Outcome
                switch try context.parameters.require("action") {
                case "flip":
                    guard let count = Int(form.text("count")) else {
                        throw ProgramFailure(
                            "how many coins is a whole number, not \(form.text("count"))", exit: .usage)
                    }
                    let answer = try await core.send(.flip(count: count), to: CoinFeature.self)
                    guard case .flipped(let toss) = answer else { throw ProgramFailure.unexpected(answer) }
                    outcome = .flipped(toss)
                case "until":
                    let answer = try await core.send(
                        .flipUntil(sequence: form.text("sequence"), times: 1), to: CoinFeature.self)
                    guard case .sequenceFound(let search) = answer else { throw ProgramFailure.unexpected(answer) }
                    outcome = .found(search)
                case "ask":
                    let answer = try await core.send(.ask(question: form.text("question")), to: EightBallFeature.self)
                    guard case .answered(let reading) = answer else { throw ProgramFailure.unexpected(answer) }
                    outcome = .answered(reading)
                default:
                    throw HTTPError(.notFound)
                }
                return WebResponses.html(try await CoinPage.page(core: core, code: code, outcome: outcome))
            } catch let failure as ProgramFailure {
                let page = try await CoinPage.page(core: core, code: code, typed: form, notice: failure.description)
                return WebResponses.html(page, status: WebResponses.status(of: failure))
            }
        }

        // Deck
        router.get("/deck") { _, _ in WebResponses.html(try await DeckPage.page(core: core, code: code)) }
        router.post("/deck/:action") { request, context in
            let form = try await fields(request, access)
            do {
                switch try context.parameters.require("action") {
                case "draw":
                    guard let count = Int(form.text("count")) else {
                        throw ProgramFailure(
                            "how many cards is a whole number, not \(form.text("count"))", exit: .usage)
                    }
                    let answer = try await core.send(.draw(count: count), to: DeckFeature.self)
                    guard case .drew(let cards, _) = answer else { throw ProgramFailure.unexpected(answer) }
                    return WebResponses.html(try await DeckPage.page(core: core, code: code, drew: cards))
                case "shuffle":
                    _ = try await core.send(.shuffle(jokers: form["jokers"] != nil), to: DeckFeature.self)
                    return WebResponses.seeOther("/deck")
                default:
                    throw HTTPError(.notFound)
                }
            } catch let failure as ProgramFailure {
                let page = try await DeckPage.page(core: core, code: code, typed: form, notice: failure.description)
                return WebResponses.html(page, status: WebResponses.status(of: failure))
            }
        }

        WebAPI.register(on: router, core: core)
        return router
    }

    /// A to-do changed by the words `todo edit` reads; refused words keep the box as typed.
    private static func edit(_ id: String, _ typed: String, core: WebCore, code: String) async throws -> Response {
        do {
            let words = try await TodoPages.words(typed, editing: true, core: core)
            let changes = (words.title.map { [TodoItem.Change.title($0)] } ?? []) + words.changes
            guard !changes.isEmpty else {
                throw ProgramFailure("say what to change: a new title, +tag, due:fri, …", exit: .usage)
            }
            _ = try await core.send(.edit(reference: id, changes: changes), to: TodoFeature.self)
            return WebResponses.seeOther("/todos/\(URLText.escaped(id))")
        } catch let failure as ProgramFailure {
            let page = try await TodoPages.detail(
                core: core, code: code, reference: id, typed: typed, notice: failure.description)
            return WebResponses.html(page, status: WebResponses.status(of: failure))
        }
    }

    /// A to-do edited in place (`TodoEditForm`): each field whose box was changed set to what it
    /// holds; a form that changes nothing sends nothing.
    private static func update(_ id: String, _ form: FormFields, core: WebCore, code: String) async throws -> Response {
        let answer = try await core.send(.show(reference: id), to: TodoFeature.self)
        guard case .shown(let item, _, _) = answer else { throw ProgramFailure.unexpected(answer) }
        let page = "/todos/\(URLText.escaped(item.id.value))"
        do {
            let asked = TodoEditForm.changes(form, of: item)
            let read = try await TodoPages.words(asked.words, core: core)
            let changes = (asked.title.map { [TodoItem.Change.title($0)] } ?? []) + read.changes + asked.labels
            guard !changes.isEmpty else { return WebResponses.seeOther(page) }
            _ = try await core.send(.edit(reference: item.id.value, changes: changes), to: TodoFeature.self)
            return WebResponses.seeOther(page)
        } catch let failure as ProgramFailure {
            let page = try await TodoPages.detail(
                core: core, code: code, reference: id, edited: form, notice: failure.description)
            return WebResponses.html(page, status: WebResponses.status(of: failure))
        }
    }

    /// An annotation added to a to-do, or taken off it, as `todo annotate` and `denotate` do.
    private static func annotate(
        _ id: String, _ text: String, taking: Bool, core: WebCore, code: String
    ) async throws -> Response {
        do {
            let command: TodoCommand =
                taking ? .denotate(references: [id], text: text) : .annotate(references: [id], text: text)
            _ = try await core.send(command, to: TodoFeature.self)
            return WebResponses.seeOther("/todos/\(URLText.escaped(id))")
        } catch let failure as ProgramFailure {
            let page = try await TodoPages.detail(
                core: core, code: code, reference: id, annotating: taking ? "" : text, notice: failure.description)
            return WebResponses.html(page, status: WebResponses.status(of: failure))
        }
    }

    /// A form's fields, read up to the limit, once it is known to be one of this server's forms.
    static func fields(_ request: Request, _ access: WebAccess) async throws -> FormFields {
        let body = try await request.body.collect(upTo: WebLimits.bodyBytes)
        let form = FormFields(urlEncoded: Array(buffer: body))
        guard let given = form["form"], WebAccess.same(given, access.formCode) else {
            throw HTTPError(
                .forbidden,
                message: "This form is not one this server gave out (or it was given out before the server restarted): "
                    + "reload the page and send it again.")
        }
        return form
    }

    /// The path of an address on this server, to go back to after a button; none for another site's.
    private static func localPath(_ referer: String) -> String? {
        guard let scheme = referer.firstRange(of: "://") else { return nil }
        let rest = referer[scheme.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let path = String(rest[slash...])
        return path.hasPrefix("/todos") || path.hasPrefix("/dice") ? path : nil
    }

    /// The live stream a page listens to: the number of the store's newest change now, then at each
    /// change, and again now and then so that a connection left idle is not cut on the way.
    private static func events(_ feed: LiveFeed) throws -> Response {
        guard let changes = feed.listen() else {
            throw HTTPError(
                .serviceUnavailable, message: "More pages are live than this server keeps (\(WebLimits.liveViewers)).")
        }
        var headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
        headers.append(contentsOf: WebResponses.securityHeaders.filter { $0.name != .cacheControl })
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 1000\nevent: change\ndata: \(feed.version)\n\n"))
                for await version in changes.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: "event: change\ndata: \(version)\n\n"))
                }
                try await writer.finish(nil)
            })
    }
}
