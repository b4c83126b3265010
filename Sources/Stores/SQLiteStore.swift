import Essentials
import Fractal

/// A store kept in an SQLite database at `path`, through the system's libsqlite3.
///
/// Each change is one row, committed in WAL mode with `synchronous = FULL` before `change`
/// returns; the snapshot row is rewritten once the changes outweigh a sixteenth of it. Several processes
/// may share the database: each catches up inside `BEGIN IMMEDIATE` before it writes, waiting
/// for the lock as long as `patience` says.
public func createSQLiteStore<State: StoredState>(
    at path: String, initial: State, warn: @escaping StoreWarning = warnOnStandardError,
    patience: LockPatience = .standard
) throws -> Store<State> {
    try createDurableStore(
        journal: SQLiteJournal(path: path, initial: initial, warn: warn, patience: patience), initial: initial,
        warn: warn)
}
