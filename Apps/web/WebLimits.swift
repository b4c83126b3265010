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
    /// The most dice the results of one roll may show, each a value in memory and some 90
    /// bytes of JSON: about 9 MB. `dice` rolls and shows more, streaming them.
    static let diceShownPerCommand = 100_000

    /// Why the API refuses `command` at the door, if it does: a roll, a tally or a search repeated
    /// more often than one answer holds, or a roll showing more dice. A roll's `Nx` repeats count
    /// too (`100x 1d6`).
    static func refusal(of command: Command) -> String? {
        let shown: Bool
        let cost: DiceLineCost?
        switch command.command(of: DiceFeature.self) {
        // A tally keeps totals alone; a roll shows every die.
        case .roll(let expression, let times, _)?: (shown, cost) = (true, DiceLineCost(of: expression, times: times))
        case .tally(let expression, let times)?: (shown, cost) = (false, DiceLineCost(of: expression, times: times))
        default:
            if case .flipUntil(_, let times)? = command.command(of: CoinFeature.self), times > resultsPerCommand {
                return refusal(times, "searches", resultsPerCommand)
            }
            return nil
        }
        if let cost, cost.results > resultsPerCommand {
            return refusal(cost.results, "dice results", resultsPerCommand)
        }
        if let cost, shown, cost.dice > diceShownPerCommand {
            return refusal(cost.dice, "dice shown", diceShownPerCommand)
        }
        return nil
    }

    private static func refusal(_ count: Int, _ what: String, _ limit: Int) -> String {
        "this command asks for \(count) \(what); the web program answers at most \(limit) "
            + "a command (the dice and coin programs stream more)"
    }
}
