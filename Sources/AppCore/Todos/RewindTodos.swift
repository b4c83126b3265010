import Fractal

/// Undoes the last command, or redoes the last one undone: a command that touched several to-dos
/// goes back as one.
public struct RewindTodos: UseCase {
    public enum Request {
        case undo
        case redo
    }

    public enum Response {
        case undid(label: String)
        case redid(label: String)
        case failed(TodoFailure)
    }

    let store: AppStore
    let clock: TimeSource
    let respond: Output<Response>

    public func request(_ request: Request) {
        do {
            switch request {
            case .undo: respond(.undid(label: try rewind(.undo(at: clock.now()), on: store)))
            case .redo: respond(.redid(label: try rewind(.redo(at: clock.now()), on: store)))
            }
        } catch {
            respond(.failed(error))
        }
    }
}
