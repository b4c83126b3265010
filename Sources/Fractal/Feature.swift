/// A feature as a core composes it: the slice of the state it owns, the commands it takes and the
/// answers it gives, each in its own words, and how it is built. A feature is a module of the one
/// shape: built from a store of its own state, what the core gives every feature (`Environment`)
/// and an output of its answers, it returns the input of its commands (`create`). It can be built
/// and specified alone, on its own memory store.
///
/// A feature's type names it; its folder holds everything else. A composition registers it once
/// (see `Composition`).
public protocol Feature: SendableMetatype {
    associatedtype State: Changeable & Fresh
    associatedtype Command: Codable & Equatable & Sendable
    associatedtype Answer: Codable & Equatable & Sendable
    /// What the core builds each of its features with beside the store: chance and time, say.
    associatedtype Environment

    /// The name its messages go by: `{"coin": {"flip": {"count": 3}}}`.
    static var name: String { get }

    /// The feature, on `store`, answering to `output`.
    static func create(store: Store<State>, environment: Environment, output: @escaping Output<Answer>)
        -> Input<Command>

    /// Commands that, sent in order to the feature alone, on a fresh store, bring about each of its
    /// answers, changes and states: what `headless commands` lists, and what one specification
    /// sends through every coding and every store, for every feature a composition registers, so
    /// that a coding forgotten fails a test rather than a user's store.
    static var sampleCommands: [Command] { get }
}
