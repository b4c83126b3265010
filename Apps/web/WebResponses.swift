import AppCore
import HTTPTypes
import Hummingbird
import ProgramKit

/// The responses every route gives, each with the headers every response carries.
enum WebResponses {
    /// What every response says to the browser: no script but ours (no inline script, nothing from
    /// elsewhere), no framing by other sites, no guessing of types, no address sent to another site
    /// (`same-origin`, not `no-referrer`: under that, a browser says `Origin: null` of our own forms).
    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy:
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        .xContentTypeOptions: "nosniff",
        .named("Referrer-Policy"): "same-origin",
        .named("X-Frame-Options"): "DENY",
        .cacheControl: "no-store",
    ]

    static func html(_ page: Page, status: HTTPResponse.Status = .ok) -> Response {
        text(page.document(), type: "text/html; charset=utf-8", status: status)
    }

    static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers: HTTPFields = [.contentType: type]
        headers.append(contentsOf: securityHeaders)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try ValueCoding.makeEncoder().encode(value)
        return text(String(decoding: data, as: UTF8.self), type: "application/json", status: status)
    }

    /// After a form: the page to show next, fetched anew (post, redirect, get), so that reloading
    /// it does not post the form again.
    static func seeOther(_ location: String, headers more: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.location: location]
        headers.append(contentsOf: more)
        headers.append(contentsOf: securityHeaders)
        return Response(status: .seeOther, headers: headers)
    }

    /// A page that says what went wrong, in our words.
    static func problem(_ message: String, status: HTTPResponse.Status) -> Response {
        let page = Page(
            section: .todos, title: status.code == 404 ? "Not here" : "Cannot do that", source: nil,
            top: "<p><a href=\"/todos\">To-dos</a> · <a href=\"/dice\">Dice</a></p>", notice: message)
        return html(page, status: status)
    }

    /// The status a failure of a command gets: the request's fault, a missing thing, or the store's.
    static func status(of failure: ProgramFailure) -> HTTPResponse.Status {
        switch failure.exit {
        case .usage: .badRequest
        case .notFound: .notFound
        case .data: .unprocessableContent
        case .outcomeUnknown: .serviceUnavailable
        case .success, .output, .unavailable, .fault: .internalServerError
        }
    }
}

extension HTTPField.Name {
    /// A header's name written here, of letters and dashes, which HTTP takes as it is.
    static func named(_ name: String) -> Self {
        guard let made = Self(name) else { preconditionFailure("\(name) is no header name") }
        return made
    }
}
