import Fractal

/// Writes every to-do out as a file's text, in the order they were made.
func createExportTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoFormat> {
    { format in
        answering(output) {
            let items = Array(store.state().items.values)
            switch format {
            case .json: return .exported(text: try JSONTodos.write(items))
            case .todotxt: return .exported(text: TodoTxt.write(items, timeZone: clock.timeZone))
            case .taskwarrior:
                throw TodoFailure.unreadableImport(
                    format: "Taskwarrior", line: nil, problem: "Taskwarrior is for import only; export json or todotxt")
            }
        }
    }
}
