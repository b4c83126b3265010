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
    /// A connection that sends nothing for this long is closed: a client that opens connections
    /// and never finishes a request cannot hold them all.
    static let idleSeconds: Int64 = 30
    /// A comment sent to every live page this often, so that a proxy keeps its connection open.
    static let heartbeatSeconds = 15
}
