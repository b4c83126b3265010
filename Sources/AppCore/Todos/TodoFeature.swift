import Essentials
import Fractal

/// The to-do feature: adds, changes, forks, deletes, undoes and redoes to-dos, lists them,
/// keeps the journal, and moves them in and out of files.
public func createTodoFeature(
    store: Store<TodoState>, random: RandomSource, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoCommand> {
    let add = createAddTodo(store: store, random: random, clock: clock, output: output)
    let edit = createEditTodo(store: store, clock: clock, output: output)
    let mark = createMarkTodos(store: store, clock: clock, output: output)
    let fork = createForkTodo(store: store, random: random, clock: clock, output: output)
    let delete = createDeleteTodos(store: store, clock: clock, output: output)
    let rewind = createRewindTodos(store: store, clock: clock, output: output)
    let importItems = createImportTodos(store: store, random: random, clock: clock, output: output)
    let export = createExportTodos(store: store, clock: clock, output: output)
    let list = createListTodos(store: store, output: output)
    let show = createShowTodo(store: store, output: output)
    let showJournal = createShowJournal(store: store, output: output)
    return { command in
        switch command {
        case .add(let draft): add(draft)
        case .edit(let reference, let changes): edit((reference, changes))
        case .complete(let references): mark((references, true))
        case .reopen(let references): mark((references, false))
        case .fork(let reference, let changes): fork((reference, changes))
        case .delete(let references): delete(references)
        case .importItems(let text, let format): importItems((text, format))
        case .undo: rewind(.undo)
        case .redo: rewind(.redo)
        case .list(let query): list(query)
        case .show(let reference): show(reference)
        case .showJournal: showJournal(())
        case .export(let format): export(format)
        }
    }
}
