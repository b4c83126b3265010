import Essentials
import Fractal

/// A store kept in an SQLite database at `path`, through the system's libsqlite3.
///
/// Each change is one row, committed in WAL mode with `synchronous = FULL` before `change`
/// returns; the snapshot row is rewritten once the changes outweigh a sixteenth of it. Several processes
/// may share the database: each catches up inside `BEGIN IMMEDIATE` before it writes, waiting
/// for the lock as long as `patience` says.
///
/// The snapshot keeps its large parts (pages of to-dos) in rows of their own, read when a command
/// first uses them. A part the snapshot no longer names is kept `retiredPartsKept` seconds more,
/// ten minutes unless said, for programs still reading the snapshot before.
public func createSQLiteStore<State: StoredState>(
    at path: String, initial: State, warn: @escaping StoreWarning = warnOnStandardError,
    patience: LockPatience = .standard, retiredPartsKept: Int64? = nil
) throws -> Store<State> {
    let journal = try SQLiteJournal(
        path: path, initial: initial, warn: warn, patience: patience,
        retiredPartsKept: retiredPartsKept ?? SQLiteParts.retiredFor)
    return try createDurableStore(journal: journal, initial: initial, warn: warn)
}
