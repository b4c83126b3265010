import Foundation
import Fractal

/// Edits, completes, reopens, forks and deletes to-dos: one command each, undone as one.
public struct ChangeTodos: UseCase {
    public enum Request {
        case edit(reference: String, changes: [TodoItem.Change])
        case complete(references: [String])
        case reopen(references: [String])
        case fork(reference: String, changes: [TodoItem.Change])
        case delete(references: [String])
    }

    public enum Response {
        case changed([TodoItem], abbreviation: Int)
        case forked(TodoItem, from: TodoID, abbreviation: Int)
        case deleted([TodoItem], abbreviation: Int)
        case failed(TodoFailure)
    }

    let store: AppStore
    let random: RandomSource
    let clock: TimeSource
    let respond: Output<Response>

    public func request(_ request: Request) {
        do {
            let now = clock.now()
            switch request {
            case .edit(let reference, let changes):
                let id = try store.state().todos.resolve(reference)
                try change([id], "edit \(reference)", now) { .alter($0, changes) }
            case .complete(let references):
                let ids = try resolve(references)
                try change(ids, "done \(references.joined(separator: " "))", now) { .alter($0, [.completed(now)]) }
            case .reopen(let references):
                let ids = try resolve(references)
                try change(ids, "reopen \(references.joined(separator: " "))", now) { .alter($0, [.completed(nil)]) }
            case .fork(let reference, let changes):
                let todos = store.state().todos
                let original = try todos.resolve(reference)
                guard let item = todos.items[original] else { throw TodoFailure.notFound(reference: reference) }
                let copy = try item.fork(id: TodoID.draw(from: random), at: now, changes)
                let after = try perform(
                    TodoCommand(label: "fork \(reference)", at: now, edits: [.add(copy, as: .forked)]), on: store)
                respond(.forked(copy, from: original, abbreviation: after.abbreviation))
            case .delete(let references):
                let ids = try resolve(references)
                let todos = store.state().todos
                let gone = ids.compactMap { todos.items[$0] }
                let after = try perform(
                    TodoCommand(
                        label: "delete \(references.joined(separator: " "))", at: now, edits: ids.map { .delete($0) }),
                    on: store)
                respond(.deleted(gone, abbreviation: max(after.abbreviation, todos.abbreviation)))
            }
        } catch let failure as TodoFailure {
            respond(.failed(failure))
        } catch {
            respond(.failed(.notStored(reason: "\(error)")))
        }
    }

    private func resolve(_ references: [String]) throws(TodoFailure) -> [TodoID] {
        let todos = store.state().todos
        var ids: [TodoID] = []
        for reference in references {
            let id = try todos.resolve(reference)
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    private func change(_ ids: [TodoID], _ label: String, _ now: Date, _ edit: (TodoID) -> TodoEdit) throws(TodoFailure)
    {
        let after = try perform(TodoCommand(label: label, at: now, edits: ids.map(edit)), on: store)
        respond(.changed(ids.compactMap { after.items[$0] }, abbreviation: after.abbreviation))
    }
}
