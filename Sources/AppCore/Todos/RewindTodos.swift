import Essentials
import Fractal

/// Which way to rewind: back over the last command, or forward over the last one undone.
enum Rewind {
    case undo
    case redo
}

/// Undoes the last command, or redoes the last one undone: a command that touched several to-dos
/// goes back as one.
func createRewindTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<Rewind> {
    { direction in
        answering(output) {
            switch direction {
            case .undo:
                let label = try reading(store) { try $0.loadUndoable().last?.label }
                try keep(.undo(at: clock.now()), in: store)
                return .undid(label: label ?? "")
            case .redo:
                let label = try reading(store) { try $0.loadRedoable().last?.label }
                try keep(.redo(at: clock.now()), in: store)
                return .redid(label: label ?? "")
            }
        }
    }
}
