import Essentials
import Fractal

/// A store kept in one file of our own format at `path` (with a lock file beside it).
///
/// Each change is appended as a checksummed record and synced to the disk before `change`
/// returns; the file is rewritten from a snapshot once the changes outweigh a sixteenth of it. Several
/// processes may share the file: each catches up under the lock before it appends, waiting for
/// it as long as `patience` says.
public func createDiskStore<State: StoredState>(
    at path: String, initial: State, warn: @escaping StoreWarning = warnOnStandardError,
    patience: LockPatience = .standard
) throws -> Store<State> {
    try createDurableStore(
        journal: DiskJournal(path: path, initial: initial, warn: warn, patience: patience), initial: initial,
        warn: warn)
}
