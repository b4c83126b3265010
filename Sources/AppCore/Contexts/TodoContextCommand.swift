/// What the contexts feature is asked to do, as `todo context …` asks it.
public enum TodoContextCommand: Codable, Equatable, Sendable {
    /// Save `words`, a filter of the to-dos, as the context `name`.
    case define(name: String, words: [String])
    case delete(name: String)
    /// Put the context `name` in use; nil puts none in use (`todo context none`).
    case use(name: String?)
    /// Every context, and which is in use.
    case list
    /// The context in use, if any: what every listing asks before it lists.
    case current
}
