import AppCore
import Testing

/// A feature built alone, as it would be in a program, on a memory store of its own state, with a
/// fixed seed and clock, in the style of an exhaustive test store: each command sent is held to
/// exactly the changes it kept, in order, exactly the answers it gave, and a state that is the
/// state before, altered by those changes and by nothing else.
///
/// A class: the store keeps each change into the log the specification reads.
final class FeatureUnderTest<Owner: Feature> where Owner.Environment == AppEnvironment {
    let store: Store<Owner.State>
    private let kept = Locked<[Owner.State.Change]>([])
    private var answers: [Owner.Answer] = []
    private var input: Input<Owner.Command> = { _ in }

    init(seed: UInt64 = 1, clock: TimeSource = .fixed(noon), starting initial: Owner.State = Owner.State()) {
        let memory = createMemoryStore(initial: initial)
        let kept = kept
        store = (
            state: memory.state,
            change: { change in
                try memory.change(change)
                kept.withLock { $0.append(change) }
            },
            reset: memory.reset, updated: memory.updated, destroy: memory.destroy
        )
        input = Owner.create(store: store, environment: AppEnvironment(random: .seeded(seed), clock: clock)) {
            [unowned self] in self.answers.append($0)
        }
    }

    /// The state now.
    var state: Owner.State {
        get throws { try store.state() }
    }

    /// Sends `command` and holds it to `changes`, `answers` and the state they make.
    func send(
        _ command: Owner.Command, changes expected: [Owner.State.Change], answers expectedAnswers: [Owner.Answer],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try store.state()
        let (changes, answers) = sent(command)
        #expect(changes == expected, "the changes kept", sourceLocation: sourceLocation)
        #expect(answers == expectedAnswers, "the answers", sourceLocation: sourceLocation)
        #expect(
            try store.state() == before.alter(expected), "the state: as it was, altered by those changes alone",
            sourceLocation: sourceLocation)
    }

    /// Sends `command`; what it kept and what it answered, for a specification that works out what
    /// to expect from them (a draw it cannot know beforehand).
    func sent(_ command: Owner.Command) -> (changes: [Owner.State.Change], answers: [Owner.Answer]) {
        kept.withLock { $0 = [] }
        answers = []
        input(command)
        return (kept.withLock { $0 }, answers)
    }
}
