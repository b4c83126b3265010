import Essentials
import Fractal

/// One step in the life of what a program stores: a rename or a split of stored fields, which a
/// store written before it needs to be reshaped for.
///
/// A state lists its steps, oldest first, in `StoredState.migrations`; a store says how many it
/// has had (its schema). Opening a store that has had fewer reads its snapshot and changes as
/// `StoredValue`s, runs each step it has not had, in order, and reads the result as usual; the
/// first change then writes the store anew in the newest schema, so each step runs once. A store
/// that has had more steps than the program knows is refused as newer, never misread.
///
/// Adding a slice or an optional field needs no step: what a stored state lacks takes its fresh
/// value (see `Slice`).
public struct Migration: Sendable {
    /// What the step does, for errors: `"coins renamed flips"`.
    public let name: String
    /// Reshapes a whole stored state, as the step before left it.
    public let state: @Sendable (inout StoredValue) throws -> Void
    /// Reshapes one kept change, as the step before left it.
    public let change: @Sendable (inout StoredValue) throws -> Void

    public init(
        _ name: String, state: @escaping @Sendable (inout StoredValue) throws -> Void,
        change: @escaping @Sendable (inout StoredValue) throws -> Void
    ) {
        self.name = name
        self.state = state
        self.change = change
    }
}

/// A state a durable store keeps: a `Changeable` value that lists the steps that reshaped what
/// it stores, oldest first.
public protocol StoredState: Changeable {
    static var migrations: [Migration] { get }
    /// How a store writes and reads the state's changes in its binary form: field by field, where
    /// they read and write their own fields (`BinaryFieldDecodable`); through `Codable` where nil.
    /// Settled as the program is built, not looked up as it runs: a look-up goes through every
    /// conformance the program has, about 200,000 instructions the first time a run asks.
    static var changeFields: ChangeFields<Change>? { get }
    /// Whether a durable store writes its snapshot anew right after `change`, rather than once the
    /// changes outweigh it: a change that every program opening the store would replay at great
    /// cost (an undo, which reads the whole undo history) is cheaper taken into a snapshot once.
    static func isWorthASnapshot(_ change: Change) -> Bool
}

extension StoredState {
    /// No steps: a state that never renamed or split what it stores.
    public static var migrations: [Migration] { [] }

    /// Changes kept through `Codable`.
    public static var changeFields: ChangeFields<Change>? { nil }

    /// No change is: snapshots are written once the changes outweigh them.
    public static func isWorthASnapshot(_ change: Change) -> Bool { false }
}

extension StoredState where Change: BinaryFieldDecodable & BinaryFieldEncodable {
    /// Changes that read and write their own fields.
    public static var changeFields: ChangeFields<Change>? { ChangeFields() }
}

/// How a batch of changes is written and read field by field (`StoredState.changeFields`).
public struct ChangeFields<Change> {
    let write: ([Change]) throws -> [UInt8]
    let read: (inout BinaryReader) throws -> [Change]
    /// Reads one change, from its fields.
    let readOne: (inout BinaryFieldReader) throws -> Change
}

extension ChangeFields where Change: BinaryFieldDecodable & BinaryFieldEncodable {
    init() {
        write = { try BinaryFieldWriter.bytes(of: $0) }
        read = { try BinaryFieldReader.elements(of: &$0) { try Change(fields: &$0) } }
        readOne = { try Change(fields: &$0) }
    }
}

/// The version a store says it was written in: the store's own format (how its records are
/// kept) and the schema of the state in it (how many of the state's migrations it has had).
struct StoredVersion: Equatable, CustomStringConvertible {
    let format: Int
    let schema: Int

    init(format: Int, schema: Int) {
        (self.format, self.schema) = (format, schema)
    }

    /// Both in the one number a store keeps (the disk header's, SQLite's `user_version`), the
    /// schema in the high 16 bits. A program that knows no schema reads a migrated store's number
    /// as a format newer than its own, and refuses the store rather than misread it.
    init(number: Int) {
        // Read as the 32 bits it is kept in, so that no number a damaged file holds is negative.
        let bits = UInt32(truncatingIfNeeded: number)
        (format, schema) = (Int(bits & 0xFFFF), Int(bits >> 16))
    }

    var number: Int { schema << 16 | format }

    /// `format version 2`, and after how many migrations where there were any.
    var description: String {
        "format version \(format)" + (schema == 0 ? "" : " after \(schema) migration\(schema == 1 ? "" : "s")")
    }
}
