import Essentials
import Fractal

/// A store kept in a PostgreSQL database, through the system's libpq: `url` is where
/// (`postgresql://user@host/database`, libpq's `PGHOST` and other variables filling in what it
/// leaves out), `name` which of the stores kept there (else the URL's `store` parameter, else
/// `appcore`).
///
/// Each change is one row, committed before `change` returns; the snapshot is rewritten once
/// the changes outweigh a sixteenth of it. Any number of processes, on any number of machines,
/// may share the store: each locks the store's row before it writes, and catches up first.
public func createPostgresStore<State: StoredState>(
    url: String, name: String? = nil, initial: State, warn: @escaping StoreWarning = warnOnStandardError
) throws -> Store<State> {
    let location = try PostgresLocation(url: url, name: name)
    return try createDurableStore(
        journal: PostgresJournal(location: location, initial: initial), initial: initial, warn: warn)
}
