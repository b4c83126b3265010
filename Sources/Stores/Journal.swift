import Essentials
import Fractal

/// Where a durable store keeps its state: a snapshot and the changes made since.
///
/// A journal is used only under its store's lock, and each of its methods but `exclusively`,
/// `shared` and `opening` is called only inside one of those, which hold the lock that other
/// processes respect too.
protocol Journal<State>: SendableMetatype {
    associatedtype State: StoredState

    /// The store's name in messages: its file, or its URL without the password.
    var path: String { get }

    /// Runs `body` while no other process may read or write.
    func exclusively<Result>(_ body: () throws -> Result) throws -> Result
    /// Runs `body` while no other process may write.
    func shared<Result>(_ body: () throws -> Result) throws -> Result
    /// Runs the store's first `load`, as it opens: `exclusively`, unless a journal reads it
    /// without a lock.
    func opening<Result>(_ body: () throws -> Result) throws -> Result

    /// Reads the whole state: the snapshot, then every change kept since.
    func load() throws -> State
    /// Brings `state`, as last read or written here, up to what other writers have added since;
    /// returns whether it read anything, so that the store tells its observers. A state read
    /// again whole counts, though it may hold what it held.
    @discardableResult
    func catchUp(_ state: inout State) throws -> Bool
    /// Keeps a batch of changes, already applied to reach `state`; returns once it is durable.
    /// Housekeeping is left to `replace`, once `isCompactionDue` says so.
    func append(_ changes: [State.Change], reaching state: State) throws
    /// Whether the changes kept since the snapshot now outweigh it (see `CompactionPolicy`).
    var isCompactionDue: Bool { get }
    /// Keeps `state` as the whole content, dropping every change before it. Returns the state read
    /// back as now kept, where the journal keeps parts apart, so that the next snapshot names
    /// again each part nothing changed since rather than keeping a copy; nil where `state` is
    /// what it keeps.
    func replace(with state: State) throws -> State?
    /// Makes the next `catchUp` read everything again, after a write that may have half failed.
    func forget()
    /// Removes every file the journal keeps.
    func destroy() throws
    /// How a watching thread learns that another process may have written.
    var watch: JournalWatch { get }
}

extension Journal {
    func opening<Result>(_ body: () throws -> Result) throws -> Result {
        try exclusively(body)
    }
}

/// When a journal rewrites its snapshot: once the changes kept since the last one outweigh a
/// sixteenth of it. Every program start reads all of those changes, each a record of its own,
/// read, checked and applied one by one, so they are kept few. A change still costs the same
/// however large the state grows: each rewrite is paid for by the changes that came before it.
enum CompactionPolicy {
    static let smallestLog = 4 * 1024

    /// `snapshotBytes` is worked out only once the changes outweigh `smallestLog`: after most
    /// changes, never.
    static func shouldCompact(changeBytes: Int, snapshotBytes: @autoclosure () -> Int) -> Bool {
        changeBytes > smallestLog && changeBytes > snapshotBytes() / 16
    }
}
