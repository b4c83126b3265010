import Essentials
import Fractal

/// A journal that stops writing once a read has found its store damaged: the SQLite and the
/// PostgreSQL journals, whose reads and writes go through one connection.
protocol SoundnessCheck: AnyObject {
    /// False once a read found damage; never true again for this journal.
    var isSound: Bool { get set }
    /// The store, as messages name it.
    var path: String { get }
}

extension SoundnessCheck {
    /// Refuses a write to a store found damaged.
    func checkSound() throws {
        guard isSound else {
            throw StoreError.unreadable(path: path, reason: "it was found damaged, so it is not written to")
        }
    }

    /// Runs a read; once it finds damage, this program never writes to the store again.
    func checkingSoundness<Result>(_ read: () throws -> Result) throws -> Result {
        do {
            return try read()
        } catch let error as StoreError {
            if case .unreadable = error { isSound = false }
            throw error
        }
    }
}
