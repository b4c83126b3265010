import Fractal

/// The to-do feature: adds, changes, forks, deletes, undoes and redoes to-dos, lists them,
/// keeps the journal, and moves them in and out of files.
public func createTodoFeature(
    store: AppStore, random: RandomSource, clock: TimeSource, output: @escaping Output<Message>
) -> Input<Message> {
    let answer: (TodoMessage) -> Void = { output(.todo($0)) }
    let adder = AddTodo(store: store, random: random, clock: clock) { response in
        switch response {
        case .added(let item, let abbreviation): answer(.added(item: item, abbreviation: abbreviation))
        case .failed(let reason): answer(.failed(reason: reason))
        }
    }
    let changer = ChangeTodos(store: store, random: random, clock: clock) { response in
        switch response {
        case .changed(let items, let abbreviation): answer(.changed(items: items, abbreviation: abbreviation))
        case .forked(let item, let original, let abbreviation):
            answer(.forked(item: item, from: original, abbreviation: abbreviation))
        case .deleted(let items, let abbreviation): answer(.deleted(items: items, abbreviation: abbreviation))
        case .failed(let reason): answer(.failed(reason: reason))
        }
    }
    let rewinder = RewindTodos(store: store, clock: clock) { response in
        switch response {
        case .undid(let label): answer(.undid(label: label))
        case .redid(let label): answer(.redid(label: label))
        case .failed(let reason): answer(.failed(reason: reason))
        }
    }
    let transfer = TransferTodos(store: store, random: random, clock: clock) { response in
        switch response {
        case .imported(let items, let abbreviation): answer(.imported(items: items, abbreviation: abbreviation))
        case .exported(let text): answer(.exported(text: text))
        case .failed(let reason): answer(.failed(reason: reason))
        }
    }
    return { message in
        guard case .todo(let command) = message else { return }
        switch command {
        case .add(let draft): adder.request(.add(draft))
        case .edit(let reference, let changes): changer.request(.edit(reference: reference, changes: changes))
        case .complete(let references): changer.request(.complete(references: references))
        case .reopen(let references): changer.request(.reopen(references: references))
        case .fork(let reference, let changes): changer.request(.fork(reference: reference, changes: changes))
        case .delete(let references): changer.request(.delete(references: references))
        case .undo: rewinder.request(.undo)
        case .redo: rewinder.request(.redo)
        case .importItems(let text, let format): transfer.request(.importItems(text: text, format: format))
        case .export(let format): transfer.request(.export(format: format))
        case .list(let query):
            let todos = store.state().todos
            let items = query.sorted(todos.items.values.filter(query.matches))
            answer(.listed(items: items, abbreviation: todos.abbreviation))
        case .show(let reference):
            let todos = store.state().todos
            do throws(TodoFailure) {
                let id = try todos.resolve(reference)
                if let item = todos.items[id] { answer(.shown(item: item, abbreviation: todos.abbreviation)) }
            } catch {
                answer(.failed(reason: error))
            }
        case .showJournal:
            answer(.journal(entries: Array(store.state().todos.journal)))
        case .added, .changed, .forked, .deleted, .imported, .undid, .redid, .listed, .shown, .journal, .exported,
            .failed:
            break  // answers are for the program, not for us
        }
    }
}
