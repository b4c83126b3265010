import AppCore
import ArgumentParser
import Foundation

/// Which store a program's AppCore keeps its state in.
public enum StoreKind: String, CaseIterable, ExpressibleByArgument, Sendable {
    case memory
}

/// `--store` and `--data`, with `APPCORE_STORE` and `APPCORE_DATA` as defaults.
public struct StoreOptions: ParsableArguments {
    @Option(
        help:
            "Where state is kept: \(StoreKind.allCases.map(\.rawValue).joined(separator: ", ")). Default: $APPCORE_STORE, else memory."
    )
    public var store: StoreKind?

    public init() {}

    /// Opens the chosen store.
    public func open(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> AppStore {
        let kind = try store ?? environment["APPCORE_STORE"].map(parseKind) ?? .memory
        switch kind {
        case .memory: return createMemoryStore(initial: AppState.initial)
        }
    }

    private func parseKind(_ text: String) throws -> StoreKind {
        guard let kind = StoreKind(rawValue: text) else {
            let choices = StoreKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ProgramFailure("APPCORE_STORE is \"\(text)\"; it must be one of \(choices)", exit: .usage)
        }
        return kind
    }
}
