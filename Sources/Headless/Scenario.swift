import AppCore
import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A scripted session against the AppCore: settings that make it replayable, then steps.
public struct Scenario: Sendable {
    public struct Step: Sendable, Equatable {
        public enum Action: Sendable, Equatable {
            /// A command into the core.
            case send(Command)
            /// The next answer out must be this one.
            case expect(Answer)
            /// The state, or the part at `path`, must be this JSON value.
            case expectState(path: [String], value: JSONValue)
        }

        public let action: Action
        /// Where the step was written, for reports.
        public let line: Int

        public init(action: Action, line: Int) {
            self.action = action
            self.line = line
        }
    }

    public var name: String
    public var file: String
    public var line: Int
    public var seed: UInt64 = 0
    public var now: Date = Date(milliseconds: 0)
    /// The store the scenario asks for, unless the run chooses one.
    public var store: StoreChoice = .memory
    /// With exhaustive checking, an answer that came out and was not expected fails the step.
    public var exhaustive = true
    /// The state to start from, as the scenario writes it (JSON), for a recorded session that
    /// began on a store already in use; nil for an empty store. Kept as written and read as the
    /// scenario runs (`startingState()`), so that a scenario holds no value laid out as the state
    /// is: a program that passes scenarios around without importing the AppCore is then not left
    /// with the state's old layout by an incremental build after a slice is added to it.
    public var start: String?
    public var steps: [Step] = []

    public init(name: String, file: String, line: Int) {
        self.name = name
        self.file = file
        self.line = line
    }

    /// The state the scenario starts from.
    public func startingState() throws -> AppState {
        guard let start else { return .initial }
        return try ValueCoding.makeDecoder().decode(AppState.self, from: Data(start.utf8))
    }
}

/// Which store a scenario runs on.
public enum StoreChoice: String, Sendable, CaseIterable {
    case memory, disk, sqlite
}
