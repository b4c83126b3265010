import AppCore
import Synchronization

/// The stores a program opened, held until the process ends. A program's state is freed by the
/// kernel at exit, at once; let go of by the last session that used it, it was taken apart object
/// by object first: every to-do, string and page a command read, and the store's connection
/// closed, which nothing needs (every change is durable when its `change` returns, and the log
/// stays for the next program). One list for the whole process, as standard output is.
enum OpenUntilExit {
    private static let stores = Mutex<[Store<AppState>]>([])

    static func hold(_ store: Store<AppState>) {
        stores.withLock { $0.append(store) }
    }
}
