/// What a benchmark's setup makes once and its iterations then share: a class, because the setup
/// hook, every iteration and the teardown must see the one same value. Unchecked, because the
/// runner calls them one after another, never at once, and the value (a core, a store) is used as
/// it would be by a program: from one thread at a time.
final class Fixture<Value>: @unchecked Sendable {
    private var stored: Value?

    func set(_ value: Value) {
        stored = value
    }

    /// The value the setup made; a benchmark without its setup is a programming error.
    var value: Value {
        guard let stored else { preconditionFailure("the benchmark's setup did not run") }
        return stored
    }
}
