import AppCore
import ArgumentParser
import Hummingbird
import Logging
import ProgramKit

#if canImport(Glibc)
    import Glibc
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `web`: the same core in a browser. One core for the server's whole life, its commands sent
/// through the same typed send as every other program's; pages made on the server, forms that
/// post, and a small script of ours that keeps each open page live.
@main
struct WebProgram: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Serve the to-do list, the dice table, coin, 8-Ball and the deck as pages in a browser.",
        discussion: """
            Pages are made on the server and work without JavaScript: every button is a form that \
            posts. A small script of ours keeps each open page live: a change made by any program \
            or any other browser shows within a second, and what someone is typing stays.

            Pages: /todos (add with the words `todo add` reads, done, edit, delete, undo, redo, \
            filter, the journal), /dice (roll, history, the exact distribution as a chart), /coin \
            (flip, flip until a sequence, the 8-Ball), /deck (draw, shuffle, what is left).

            The same commands as data: POST /api/commands takes one command in the scenario \
            format's JSON ({"coin": {"flip": {"count": 3}}}) and answers with its answers' JSON; \
            GET /api/todos, /api/dice, /api/coin, /api/eightball and /api/deck give what is there now.

            Safe in front of a team: it listens on 127.0.0.1 unless told otherwise, and anywhere \
            else only with a token (--token, $APPCORE_WEB_TOKEN, else one made and printed once). \
            A browser gives it once as ?token=…, a script as `Authorization: Bearer …`. Every form \
            carries a code that pages of other sites cannot read, and pages forbid inline script. \
            Limits: \(WebLimits.bodyBytes / 1024) KiB a request body, \(WebLimits.connections) \
            connections at once, \(WebLimits.connectionsPerAddress) of them from one client (an IPv4 \
            address, an IPv6 /64), \(WebLimits.liveViewers) live pages, \(WebLimits.requestSeconds) s \
            to send a request whole.

            Examples:
              web                                   # http://127.0.0.1:8080/
              web --listen 127.0.0.1:0              # any free port, printed at start
              web --store postgres --data postgresql:///team --listen 0.0.0.0:8080
              curl -s localhost:8080/api/commands -H 'Content-Type: application/json' \\
                   -d '{"coin": {"flip": {"count": 3}}}'

            Ends cleanly on Ctrl-C or SIGTERM, once the command under way is done (a command is never \
            cut in half). Exit status: 0 stopped when asked, 64 a mistyped command line, 65 a store that cannot be opened, 69 an address \
            that cannot be listened on.
            """,
        version: ProgramVersion.current
    )

    @Option(
        help: ArgumentHelp(
            "Where to listen, HOST:PORT. Port 0 takes any free port.", discussion: "Default: 127.0.0.1:8080."),
        transform: ListenAddress.init(parsing:))
    var listen = ListenAddress.loopback

    @Option(
        help: ArgumentHelp(
            "The token every request must carry; required to listen beyond this machine.",
            discussion: "Default: $APPCORE_WEB_TOKEN; else none on 127.0.0.1, and one made and printed elsewhere."))
    var token: String?

    @OptionGroup var chance: SeedOption

    @Option(
        help: ArgumentHelp(
            "Pin the clock to this moment, such as 2026-11-22T12:00:00Z, for tests.",
            discussion: "Default: $APPCORE_NOW, else the system clock."))
    var now: String?

    @Option(help: "Append every command the server runs to a scenario file.", completion: .file())
    var record: String?

    @OptionGroup(title: "Storage") var storage: StoreOptions

    static func main() async { await mainSayingErrorsInOneLine() }

    mutating func run() async throws { try await serve() }

    /// Opens the store, builds the one core, and serves until told to stop.
    func serve() async throws {
        var options = CommonOptions()
        (options.json, options.verbose, options.now, options.record) = (false, false, now, record)
        options.storage = storage
        let seed = chance.resolve()
        let (access, core): (WebAccess, WebCore)
        // Other users of the machine read a command line (ps): the token given on it is blanked
        // there, as a password in --data is, and the server goes on with its own copy.
        if let token, ArgumentBlanking.blank(secret: token) {
            StandardError.line(
                "Warning: the token given in --token was blanked out of this program's command line, which other "
                    + "users may see (ps); keep it off the command line with APPCORE_WEB_TOKEN")
        }
        do {
            access = try WebAccess(listening: listen, token: token ?? ProcessEnvironment.current["APPCORE_WEB_TOKEN"])
            core = try WebCore(options: options, seed: seed)
        } catch let failure as ProgramFailure {
            report(failure)
            throw ExitCode(failure.exit.rawValue)
        }
        let feed = LiveFeed()
        core.observeChanges { feed.changed() }
        let heartbeat = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(WebLimits.heartbeatSeconds))
                feed.beat()
            }
        }
        defer { heartbeat.cancel() }
        let listen = self.listen
        var logger = Logger(label: "web")
        logger.logLevel = .critical
        let addresses = ConnectionsByAddress(most: WebLimits.connectionsPerAddress)
        let app = Application(
            router: WebRoutes.router(core: core, feed: feed, access: access),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [
                        ConnectionGuard(addresses: addresses, requestSeconds: WebLimits.requestSeconds)
                    ],
                    idleTimeout: .seconds(WebLimits.idleSeconds))),
            configuration: .init(
                address: .hostname(listen.host, port: listen.port), serverName: nil,
                availableConnectionsDelegate: ConnectionLimit(most: WebLimits.connections)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? listen.port
                let address = listen.url(port: port)
                StandardError.line("Serving \(address) (Ctrl-C to stop)")
                StandardError.line("Chance from seed \(seed): start with --seed \(seed) to replay it")
                if let made = access.madeToken {
                    StandardError.line(
                        "Open \(address)?token=\(made) once in each browser; scripts send it as a bearer token")
                }
            },
            logger: logger)
        do {
            try await app.runService()
        } catch {
            StandardError.line("Error: cannot listen on \(listen): \(Self.reason(error))")
            throw ExitCode(ProgramExit.unavailable.rawValue)
        }
    }

    /// Why an address cannot be listened on, in the system's words for its error number.
    private static func reason(_ error: any Error) -> String {
        let text = "\(error)"
        guard let start = text.firstRange(of: "errno: ")?.upperBound,
            let number = Int32(text[start...].prefix { $0.isASCIIDigit })
        else { return "the system refused it" }
        switch number {
        case EADDRINUSE: return "another program listens there"
        case EADDRNOTAVAIL: return "that address is not one of this machine's"
        case EACCES: return "a port below 1024 needs the administrator"
        default: return String(cString: strerror(number))
        }
    }
}
