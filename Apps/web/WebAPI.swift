import AppCore
import Headless
import Hummingbird
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The same vocabulary as data: a command in the scenario format's JSON in, its answers' JSON out,
/// and what is there now for each feature.
enum WebAPI {
    static func register(on router: Router<BasicRequestContext>, core: WebCore) {
        router.post("/api/commands") { request, _ in
            let mediaType = request.headers[.contentType]?.split(separator: ";").first?.trimmingWhitespace()
                .lowercased()
            guard mediaType == "application/json" else {
                throw HTTPError(
                    .unsupportedMediaType, message: "A command is JSON: send it with Content-Type: application/json.")
            }
            let body = try await request.body.collect(upTo: WebLimits.bodyBytes)
            let command: Command
            do {
                command = try ValueCoding.makeDecoder().decode(Command.self, from: Data(Array(buffer: body)))
            } catch {
                let bytes = Array(buffer: body)
                let text = String(decoding: bytes, as: UTF8.self)
                let reason = ScenarioParser.unknownCommand(in: text) ?? Self.reason(error, in: bytes)
                throw HTTPError(
                    .badRequest,
                    message: "This is not a command the AppCore knows: \(reason). Write one as the scenarios do, "
                        + "{\"coin\": {\"flip\": {\"count\": 3}}}; `headless commands` lists them all.")
            }
            if let refusal = WebLimits.refusal(of: command) {
                throw HTTPError(.unprocessableContent, message: "This command is too large: \(refusal).")
            }
            let answers = try await core.send(command)
            let failed = answers.contains(where: failed)
            return try WebResponses.json(answers, status: failed ? .unprocessableContent : .ok)
        }
        router.get("/api/todos") { request, _ in
            let show = TodoQuery.Status(rawValue: FormFields(query: request.uri.query).text("show")) ?? .open
            return try await answers(Command(TodoFeature.self, .list(query: TodoQuery(status: show))), core)
        }
        router.get("/api/dice") { _, _ in try await answers(Command(DiceFeature.self, .showHistory), core) }
        router.get("/api/coin") { _, _ in try await answers(Command(CoinFeature.self, .showHistory), core) }
        router.get("/api/eightball") { _, _ in try await answers(Command(EightBallFeature.self, .showHistory), core) }
        router.get("/api/deck") { _, _ in try await answers(Command(DeckFeature.self, .show), core) }
    }

    /// How deep JSON is read: one level deeper, the reader refuses it as though it were no JSON.
    static let jsonDepth = 512

    /// What is wrong with a body that is not a command, said without the decoder's own words.
    private static func reason(_ error: any Error, in body: [UInt8]) -> String {
        let depth = nesting(of: body)
        if depth > jsonDepth { return "its JSON nests \(depth) levels deep, and is read to \(jsonDepth)" }
        guard let error = error as? DecodingError else { return "it is not JSON" }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return context.debugDescription.contains("names exactly one feature")
                || context.debugDescription.contains("is no feature")
                ? context.debugDescription : "it is not JSON"
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "it is not one command as JSON" : "\(path) is not what that command takes"
        @unknown default:
            return "it is not one command as JSON"
        }
    }

    /// The deepest its arrays and objects nest, brackets within strings not counted.
    static func nesting(of body: [UInt8]) -> Int {
        var (depth, deepest, inString, escaped) = (0, 0, false, false)
        for byte in body {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: continue
            }
        }
        return deepest
    }

    /// Whether an answer says its command failed.
    private static func failed(_ answer: Answer) -> Bool {
        (answer.content as? any FailingAnswer)?.failure != nil
    }

    private static func answers(_ command: Command, _ core: WebCore) async throws -> Response {
        let answers = try await core.send(command)
        return try WebResponses.json(answers, status: answers.contains(where: failed) ? .unprocessableContent : .ok)
    }
}
