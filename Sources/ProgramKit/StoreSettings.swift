import AppCore
import Stores

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--store` and `--data` as a line gave them, before `APPCORE_STORE` and `APPCORE_DATA` fill in
/// what it did not: a plain value, which a quick line makes without the parser's option types
/// (`QuickLine`), as `StoreOptions.settings` gives what the parser read.
public struct StoreSettings: Equatable, Sendable {
    public var store: StoreKind?
    public var data: String?

    public init(store: StoreKind? = nil, data: String? = nil) {
        (self.store, self.data) = (store, data)
    }

    /// Opens the chosen store, creating its folder and file when they are not there yet; `place`
    /// names it in messages (a file's path, or a URL without its password).
    public func open(environment: ProcessEnvironment = .current) throws -> (
        store: Store<AppState>, place: String
    ) {
        StandardStreams.reserveClosed()
        // Every URL given on the command line, whichever store it was meant for, and however often.
        if ArgumentBlanking.blankPasswordsInURLs() {
            StandardError.line(
                "Warning: the password given in --data was blanked out of this program's command line, which "
                    + "other users may see (ps); keep it off the command line with APPCORE_DATA, ~/.pgpass or "
                    + "PGPASSWORD")
        }
        let kind = try store ?? environment["APPCORE_STORE"].map(Self.kind(named:)) ?? .sqlite
        switch kind {
        case .memory:
            if data != nil { throw ProgramFailure("--data has no effect with --store memory", exit: .usage) }
            return (createMemoryStore(initial: AppState.initial), "memory")
        case .postgres:
            return try openPostgres(environment: environment)
        case .disk, .sqlite:
            let fileName = kind == .disk ? "appcore.store" : "appcore.sqlite"
            let path =
                try data ?? environment["APPCORE_DATA"].flatMap { $0.isEmpty ? nil : $0 }
                ?? Self.defaultFolder(environment) + "/\(fileName)"
            if path.hasPrefix("postgresql://") || path.hasPrefix("postgres://") {
                let source = data == nil ? "APPCORE_DATA" : "--data"
                throw ProgramFailure(
                    "\(source) is a PostgreSQL URL, for --store postgres (or APPCORE_STORE=postgres), not a file of "
                        + "the \(kind.rawValue) store", exit: .usage)
            }
            let patience = try Self.lockPatience(environment)
            do {
                let store =
                    kind == .disk
                    ? try createDiskStore(at: path, initial: AppState.initial, patience: patience)
                    : try createSQLiteStore(at: path, initial: AppState.initial, patience: patience)
                return (store, path)
            } catch let error as StoreError {
                throw ProgramFailure(error.description, exit: .data)
            }
        }
    }

    /// The store on the PostgreSQL server `--data` or `APPCORE_DATA` names by URL. A failure
    /// says the URL without its password, as every message of the store does.
    private func openPostgres(environment: ProcessEnvironment) throws -> (store: Store<AppState>, place: String) {
        let url = data ?? environment["APPCORE_DATA"].flatMap { $0.isEmpty ? nil : $0 } ?? "postgresql://"
        guard url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") else {
            let source = data == nil ? "APPCORE_DATA" : "--data"
            throw ProgramFailure(
                "\(source) must be a URL such as postgresql://host/database with --store postgres", exit: .usage)
        }
        do {
            return (try createPostgresStore(url: url, initial: AppState.initial), PostgresLocation.redacted(url))
        } catch let error as PostgresAddressError {
            throw ProgramFailure(error.description, exit: .usage)
        } catch let error as StoreError {
            throw ProgramFailure(error.description, exit: .data)
        }
    }

    private static func kind(named name: String) throws -> StoreKind {
        guard let kind = StoreKind(rawValue: name) else {
            let choices = StoreKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ProgramFailure("APPCORE_STORE is \"\(name)\"; it must be one of \(choices)", exit: .usage)
        }
        return kind
    }

    /// How long to wait for a lock another program holds: `APPCORE_LOCK_WAIT` seconds, or
    /// `forever`; 30 seconds without it.
    private static func lockPatience(_ environment: ProcessEnvironment) throws -> LockPatience {
        guard let text = environment["APPCORE_LOCK_WAIT"], !text.isEmpty else { return .standard }
        if text == "forever" { return LockPatience(giveUpAfter: nil) }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
            throw ProgramFailure(
                "APPCORE_LOCK_WAIT is \"\(text)\"; it must be a number of seconds, or forever", exit: .usage)
        }
        return LockPatience(giveUpAfter: seconds)
    }

    /// `$XDG_DATA_HOME/appcore`, else `~/.local/share/appcore`, made if it is not there: the
    /// folder the programs make is their user's alone (0700), whatever the umask.
    private static func defaultFolder(_ environment: ProcessEnvironment) throws -> String {
        let base =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share").path
        let folder = base + "/appcore"
        // Almost always there, or only it missing: one call, not one a folder on the way.
        if mkdir(folder, 0o700) == 0 { return folder }
        if errno == EEXIST {
            try refuseUnlessOwn(folder)
            return folder
        }
        // Each folder made on the way is its user's alone too, as XDG asks: one that others could
        // write would let them put another folder in place of the data folder.
        var made = base.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            // A `String` of the part, appended as one: appending the `Substring` itself goes
            // through the generic `append(contentsOf:)`, 0.25 M instructions a program.
            made += "/"
            made += String(part)
            if mkdir(made, 0o700) != 0 && errno != EEXIST {
                throw ProgramFailure(
                    "cannot make the data folder \(folder): \(String(cString: strerror(errno)))", exit: .data)
            }
        }
        return folder
    }

    /// A data folder found there is the user's own, or refused: another user who may write the
    /// folder above it (a shared XDG_DATA_HOME, as /tmp is) could have put one there, or a link to
    /// one of theirs, to read or change what the programs keep. A link of the user's own to a
    /// folder of their own is theirs.
    private static func refuseUnlessOwn(_ folder: String) throws {
        var link = stat()
        var found = stat()
        // What a link leads to is looked at only for a link: every program starts here.
        guard lstat(folder, &link) == 0, link.st_mode & S_IFMT != S_IFLNK || stat(folder, &found) == 0 else {
            throw ProgramFailure(
                "cannot read the data folder \(folder): \(String(cString: strerror(errno)))", exit: .data)
        }
        if link.st_mode & S_IFMT != S_IFLNK { found = link }
        let user = geteuid()
        let problem: String? =
            if link.st_uid != user {
                "belongs to another user (uid \(link.st_uid))"
            } else if found.st_mode & S_IFMT != S_IFDIR {
                "is no folder"
            } else if found.st_uid != user {
                "leads to a folder of another user (uid \(found.st_uid))"
            } else if found.st_mode & 0o022 != 0 {
                "may be written by other users (chmod 700 it)"
            } else { nil }
        if let problem {
            throw ProgramFailure(
                "the data folder \(folder) \(problem): nothing is kept where another user may read or replace it; "
                    + "set XDG_DATA_HOME to a folder of your own, or give --data",
                exit: .data)
        }
    }
}
