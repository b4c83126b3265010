import Hummingbird
import ProgramKit

/// Stands before every route: lets in only those with the token, keeps a token given in the
/// address as a cookie, refuses posts from other sites, and turns every error into a page in our
/// own words (never a stack trace, never a store's password: messages name stores as the
/// programs do, without it).
struct WebGuard<Context: RequestContext>: RouterMiddleware {
    let access: WebAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        switch access.verdict(on: request) {
        case .refused(let status, let message):
            return answer(request, message, status: status)
        case .remember(let location):
            let cookie = "\(WebAccess.cookieName)=\(access.token ?? ""); Path=/; HttpOnly; SameSite=Strict"
            return WebResponses.seeOther(location.isEmpty ? "/" : location, headers: [.setCookie: cookie])
        case .admitted:
            do {
                return try await next(request, context)
            } catch let failure as ProgramFailure {
                return answer(request, failure.description, status: WebResponses.status(of: failure))
            } catch let error as any HTTPResponseError {
                let message =
                    switch error.status.code {
                    case 404: "There is no page at \(request.uri.path)."
                    case 405: "\(request.uri.path) does not take \(request.method.rawValue)."
                    case 413:
                        "The request is larger than \(WebLimits.bodyBytes / 1024) KiB, the most this server takes."
                    default: (error as? HTTPError)?.body ?? error.status.reasonPhrase
                    }
                return answer(request, message, status: error.status)
            } catch {
                return answer(request, "the server could not answer: \(describe(error))", status: .internalServerError)
            }
        }
    }

    /// A problem as JSON for the API, as a page for a browser.
    private func answer(_ request: Request, _ message: String, status: HTTPResponse.Status) -> Response {
        if request.uri.path.hasPrefix("/api/") {
            return (try? WebResponses.json(["error": message], status: status))
                ?? WebResponses.text(message, type: "text/plain; charset=utf-8", status: status)
        }
        return WebResponses.problem(message, status: status)
    }
}
