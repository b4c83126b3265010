import Fractal
import Stores
import Synchronization

/// The warnings a store said, kept for a test to read. A class, because the store's warning
/// closure and the test share the one list.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])

    var said: [String] { lines.withLock { $0 } }

    var warn: StoreWarning {
        { line in self.lines.withLock { $0.append(line) } }
    }
}
