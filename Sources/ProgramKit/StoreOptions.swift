import AppCore
import ArgumentParser

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which store a program's AppCore keeps its state in.
public enum StoreKind: String, CaseIterable, ExpressibleByArgument, Sendable {
    case memory
    case disk
    case sqlite

    /// The file name used in the data folder when no `--data` is given.
    var defaultFileName: String? {
        switch self {
        case .memory: nil
        case .disk: "appcore.store"
        case .sqlite: "appcore.sqlite"
        }
    }
}

/// `--store` and `--data`, with `APPCORE_STORE` and `APPCORE_DATA` as defaults.
public struct StoreOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Where state is kept.",
            discussion: "Default: $APPCORE_STORE, else sqlite."))
    public var store: StoreKind?

    @Option(
        help: ArgumentHelp(
            "The file the disk or sqlite store keeps its data in.",
            discussion: "Default: $APPCORE_DATA, else a file in $XDG_DATA_HOME/appcore (else ~/.local/share/appcore)."),
        completion: .file())
    public var data: String?

    public init() {}

    /// Opens the chosen store, creating its folder and file when they are not there yet.
    public func open(environment: [String: String] = ProcessEnvironment.variables) throws -> Store<AppState> {
        StandardStreams.reserveClosed()
        let kind = try store ?? environment["APPCORE_STORE"].map(Self.kind(named:)) ?? .sqlite
        guard let fileName = kind.defaultFileName else {
            if data != nil { throw ProgramFailure("--data has no effect with --store memory", exit: .usage) }
            return createMemoryStore(initial: AppState.initial)
        }
        let path = try data ?? environment["APPCORE_DATA"] ?? Self.defaultFolder(environment) + "/\(fileName)"
        do {
            switch kind {
            case .memory: return createMemoryStore(initial: AppState.initial)
            case .disk: return try createDiskStore(at: path, initial: AppState.initial)
            case .sqlite: return try createSQLiteStore(at: path, initial: AppState.initial)
            }
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

    /// `$XDG_DATA_HOME/appcore`, else `~/.local/share/appcore`, made if it is not there.
    private static func defaultFolder(_ environment: [String: String]) throws -> String {
        let base =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share").path
        let folder = base + "/appcore"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ProgramFailure("cannot make the data folder \(folder): \(describe(error))", exit: .data)
        }
        return folder
    }
}
