import Fractal
import StoreTestSupport
import Testing

@testable import Stores

/// The changes of the programs' states are kept field by field (`StoredState.changeFields`), and
/// every program replays those kept since the snapshot as it opens the store. Each store applies
/// a batch of one change as it reads it, with no list made of it (`RecordCoding.replay`): what it
/// reads is what was kept, and a change that no longer applies is said as such, not as one it
/// could not read.
@Suite("changes kept field by field, replayed")
struct FieldChangeReplaySpec {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test(arguments: DurableVariant.available)
    func everyChangeKeptSinceTheSnapshotIsReplayedInOrder(_ variant: DurableVariant) throws {
        let path = folder.path("store")
        let store = try variant.open(at: path, initial: Sum())
        for amount in [3, -1, 40] { try store.change(.add(amount)) }

        let reopened = try variant.open(at: path, initial: Sum()).state()

        #expect(reopened == Sum(total: 42, changes: 3))
    }

    @Test(arguments: DurableVariant.available)
    func aKeptChangeThatNoLongerAppliesIsRefusedNamingTheStore(_ variant: DurableVariant) throws {
        let path = folder.path("store")
        try variant.open(at: path, initial: Sum()).change(.add(-1))

        let error = #expect(throws: StoreError.self) { try variant.open(at: path, initial: NonNegativeSum()).state() }

        #expect(error?.reason.hasPrefix("a kept change no longer applies") == true, "\(String(describing: error))")
        #expect(error?.description.contains(path) == true)
        if variant.isFile { #expect(error?.description.hasPrefix("cannot read the store at \(path): ") == true) }
        #expect(try variant.open(at: path, initial: Sum()).state() == Sum(total: -1, changes: 1))
    }
}

/// A change of a sum, kept field by field.
private enum SumChange: Codable, Equatable, Sendable, BinaryFieldDecodable, BinaryFieldEncodable {
    case add(Int)

    init(fields: inout BinaryFieldReader) throws {
        self = .add(Int(try fields.int64()))
    }

    func write(fields: inout BinaryFieldWriter) {
        switch self {
        case .add(let amount): fields.int64(Int64(amount))
        }
    }
}

/// A sum of what was added, and of how many changes added it.
private struct Sum: StoredState {
    var total = 0
    var changes = 0

    mutating func apply(_ change: SumChange) throws {
        switch change {
        case .add(let amount): (total, changes) = (total + amount, changes + 1)
        }
    }
}

/// The same sum, stored alike, which refuses to go below zero.
private struct NonNegativeSum: StoredState {
    struct BelowZero: Error {}

    var total = 0
    var changes = 0

    mutating func apply(_ change: SumChange) throws {
        switch change {
        case .add(let amount):
            guard total + amount >= 0 else { throw BelowZero() }
            (total, changes) = (total + amount, changes + 1)
        }
    }
}
