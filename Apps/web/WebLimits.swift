import AppCore

/// What one server takes at most, checked at the door: each is in README's table of limits.
enum WebLimits {
    /// A request's body: a form, or a command to the API. An import of a whole to-do file goes
    /// through `todo import`, not a page.
    static let bodyBytes = 256 * 1024
    /// Connections open at once; more wait in the listening queue until one closes.
    static let connections = 256
    /// Pages kept live at once (each holds a connection open); the next one is refused with 503
    /// and still works as a page that is reloaded by hand.
    static let liveViewers = 200
    /// Connections one client's address holds open at once, live pages among them; the next is
    /// closed as soon as it is made. A browser opens six to a server, and a live page holds one.
    static let connectionsPerAddress = 32
    /// A connection that sends nothing for this long is closed: a client that opens connections
    /// and never finishes a request cannot hold them all.
    static let idleSeconds: Int64 = 30
    /// A connection that has not sent a request whole this long after it opened, or after its
    /// last answer ended (its head or body sent a byte at a time, each resetting the idle timer),
    /// is closed.
    static let requestSeconds: Int64 = 15
    /// Every live page is told the newest change number this often: a proxy keeps its connection
    /// open, and a page closed meanwhile is found out (its write fails) and gives its place back.
    static let heartbeatSeconds = 5
}

extension WebLimits {
    /// The most results one command to the API may give: each is held in memory and sent as JSON,
    /// and every other command waits while they are made. `dice --times` streams a million.
    static let resultsPerCommand = 1_000

    /// Why the API refuses `command` at the door, if it does: a roll, a tally or a search repeated
    /// more often than one answer holds. A roll's `Nx` repeats count too (`100x 1d6`).
    static func refusal(of command: Command) -> String? {
        let asked: (String, Int)?
        switch command.command(of: DiceFeature.self) {
        case .roll(let expression, let times, _)?, .tally(let expression, let times)?:
            let (count, overflow) = times.multipliedReportingOverflow(by: repeats(in: expression))
            asked = ("dice results", overflow ? Int.max : count)
        default:
            if case .flipUntil(_, let times)? = command.command(of: CoinFeature.self) {
                asked = ("searches", times)
            } else {
                asked = nil
            }
        }
        guard let (what, count) = asked, count > resultsPerCommand else { return nil }
        return "this command asks for \(count) \(what); the web program answers at most \(resultsPerCommand) "
            + "a command (the dice and coin programs stream more)"
    }

    /// The product of every `Nx` in a dice line: never less than the results it gives.
    private static func repeats(in expression: String) -> Int {
        var product = 1
        var digits = ""
        for character in expression {
            if character.isASCIIDigit {
                digits.append(character)
            } else {
                if character == "x" || character == "X", let count = Int(digits) {
                    let (next, overflow) = product.multipliedReportingOverflow(by: max(count, 1))
                    product = overflow ? Int.max : next
                }
                digits = ""
            }
        }
        return product
    }
}
