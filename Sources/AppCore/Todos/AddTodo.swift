import Fractal

/// Makes a new to-do from a draft: an id from the injected random source, the time from the clock.
public struct AddTodo: UseCase {
    public enum Request {
        case add(TodoDraft)
    }

    public enum Response {
        case added(TodoItem, abbreviation: Int)
        case failed(TodoFailure)
    }

    let store: AppStore
    let random: RandomSource
    let clock: TimeSource
    let respond: Output<Response>

    public func request(_ request: Request) {
        switch request {
        case .add(let draft):
            do {
                let now = clock.now()
                let item = try TodoItem(
                    id: TodoID.draw(from: random), title: draft.title, notes: draft.notes, due: draft.due,
                    priority: draft.priority, tags: draft.tags, contexts: draft.contexts, created: now)
                let todos = try perform(
                    TodoCommand(label: "add \"\(item.title)\"", at: now, edits: [.add(item, as: .added)]), on: store)
                respond(.added(item, abbreviation: todos.abbreviation))
            } catch {
                respond(.failed(error))
            }
        }
    }
}
