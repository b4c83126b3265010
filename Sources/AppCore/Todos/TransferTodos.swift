import Fractal

/// Brings to-dos in from a file's text as one command, and writes them out.
public struct TransferTodos: UseCase {
    public enum Request {
        case importItems(text: String, format: TodoFormat)
        case export(format: TodoFormat)
    }

    public enum Response {
        case imported([TodoItem], abbreviation: Int)
        case exported(String)
        case failed(TodoFailure)
    }

    /// The most to-dos one import may bring.
    public static let importLimit = 100_000

    let store: AppStore
    let random: RandomSource
    let clock: TimeSource
    let respond: Output<Response>

    public func request(_ request: Request) {
        do {
            switch request {
            case .importItems(let text, let format):
                let read: [ImportedTodo] =
                    switch format {
                    case .json: try JSONTodos.read(text)
                    case .todotxt: try TodoTxt.read(text, timeZone: clock.timeZone)
                    case .taskwarrior: try TaskwarriorTodos.read(text, timeZone: clock.timeZone)
                    }
                guard read.count <= Self.importLimit else {
                    throw TodoFailure.tooMany(count: read.count, limit: Self.importLimit)
                }
                let items = try makeItems(read)
                let after = try perform(
                    TodoCommand(
                        label: "import \(items.count) \(format.rawValue)", at: clock.now(),
                        edits: items.map { .add($0, as: .imported) }), on: store)
                respond(.imported(items, abbreviation: after.abbreviation))
            case .export(let format):
                let items = Array(store.state().todos.items.values)
                switch format {
                case .json: respond(.exported(try JSONTodos.write(items)))
                case .todotxt: respond(.exported(TodoTxt.write(items, timeZone: clock.timeZone)))
                case .taskwarrior:
                    throw TodoFailure.unreadableImport(
                        format: "Taskwarrior", line: nil,
                        problem: "Taskwarrior is for import only; export json or todotxt")
                }
            }
        } catch let failure as TodoFailure {
            respond(.failed(failure))
        } catch {
            respond(.failed(.notStored(reason: "\(error)")))
        }
    }

    /// Items for what was read: the file's own id where it gives one that is free, else a new one.
    private func makeItems(_ read: [ImportedTodo]) throws(TodoFailure) -> [TodoItem] {
        let existing = store.state().todos.items
        var taken = Set(existing.keys)
        var items: [TodoItem] = []
        let now = clock.now()
        for (index, todo) in read.enumerated() {
            var id = todo.id.map { TodoID($0.lowercased()) }
            if id.map({ taken.contains($0) || $0.value.isEmpty }) ?? true {
                repeat { id = TodoID.draw(from: random) } while id.map(taken.contains) ?? false
            }
            guard let id else { continue }
            taken.insert(id)
            do {
                items.append(
                    try TodoItem(
                        id: id, title: todo.title, notes: todo.notes, due: todo.due, priority: todo.priority,
                        tags: todo.tags, contexts: todo.contexts, extras: todo.extras, created: todo.created ?? now,
                        completed: todo.completed))
            } catch {
                throw .unreadableImport(format: "import", line: index + 1, problem: error.description)
            }
        }
        return items
    }
}
