import Essentials
import Fractal

/// The contexts feature: filters of the to-dos saved by name, one of them in use, which every
/// listing and report of the to-dos applies (Taskwarrior's `task context`).
public func createTodoContextFeature(
    store: Store<TodoContexts>, clock: TimeSource, output: @escaping Output<TodoContextAnswer>
) -> Input<TodoContextCommand> {
    let define = createDefineContext(store: store, clock: clock, output: output)
    let delete = createDeleteContext(store: store, output: output)
    let use = createUseContext(store: store, output: output)
    let show = createShowContexts(store: store, output: output)
    return { command in
        switch command {
        case .define(let name, let words): define((name, words))
        case .delete(let name): delete(name)
        case .use(let name): use(name)
        case .list: show(true)
        case .current: show(false)
        }
    }
}

/// The contexts as the core registers them.
public enum TodoContextFeature: Feature {
    public typealias State = TodoContexts
    public static let name = "todoContext"

    public static func create(
        store: Store<TodoContexts>, environment: AppEnvironment, output: @escaping Output<TodoContextAnswer>
    ) -> Input<TodoContextCommand> {
        createTodoContextFeature(store: store, clock: environment.clock, output: output)
    }

    public static let sampleCommands: [TodoContextCommand] = [
        .current, .define(name: "work", words: ["project:work", "or", "+office"]),
        .define(name: "work", words: ["+office"]),
        .define(name: "home", words: ["-work", "due.before:eow"]), .define(name: "none", words: ["+x"]),
        .define(name: "bad", words: ["due:someday"]), .define(name: "empty", words: []), .use(name: "work"), .current,
        .list, .use(name: "gone"), .delete(name: "work"), .delete(name: "work"), .use(name: "home"), .use(name: nil),
    ]
}

extension TodoContextAnswer: FailingAnswer {
    public var failure: (any AppFailure)? { if case .failed(let reason) = self { reason } else { nil } }
}

extension Named where Whole == AppState, Kind == Commands {
    /// A command to the contexts feature, as the core's commands read: `.todoContext(…)`.
    public static func todoContext(_ command: TodoContextCommand) -> Self { Self(TodoContextFeature.self, command) }
}

extension Named where Whole == AppState, Kind == Answers {
    /// An answer of the contexts feature, as the core's answers read: `.todoContext(…)`.
    public static func todoContext(_ answer: TodoContextAnswer) -> Self { Self(TodoContextFeature.self, answer) }
}
