/// What the contexts feature answers.
public enum TodoContextAnswer: Codable, Equatable, Sendable {
    /// The context was saved; `replaced` holds the words it had before, where it had any.
    case defined(context: TodoContext, replaced: [String]?)
    case deleted(name: String, wasInUse: Bool)
    /// This context is in use now; none where nil.
    case using(context: TodoContext?)
    case listed(contexts: [TodoContext], current: String?)
    /// The context in use, or none.
    case current(context: TodoContext?)
    case failed(reason: TodoContextFailure)
}
