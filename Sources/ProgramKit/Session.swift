import AppCore
import Essentials
import Headless
import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A program's link to the AppCore: opens the store, injects chance and time, sends commands and
/// collects the answers.
public struct Session {
    public let seed: UInt64
    let store: Store<AppState>
    /// The store's name in messages: its file, or its URL without the password.
    private let place: String
    private let random: RandomSource
    private let clock: TimeSource
    private let recording: Recording?

    public init(
        options: CommonOptions, seed: UInt64 = 0, environment: [String: String] = ProcessEnvironment.variables
    ) throws {
        self.seed = seed
        (store, place) = try options.storage.open(environment: environment)
        random = .seeded(seed)
        let clock = try options.clock(environment: environment)
        guard let file = options.record ?? environment["APPCORE_RECORD"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            self.clock = clock
            recording = nil
            return
        }
        // A recorded run lives in one moment, so that its replay gives the very same messages.
        let moment = clock.now()
        self.clock = TimeSource(timeZone: clock.timeZone) { moment }
        // A store's URL is recorded without its password, as the store says it everywhere.
        let name =
            ([URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent]
            + CommandLine.arguments.dropFirst().map(Self.withoutPassword)).joined(separator: " ")
        // A recording starts from the whole state, so every part of it must read.
        let start = store.state()
        try Self.reading(place) { try start.loadEverything() }
        recording = Recording(
            recorder: ScenarioRecorder(file: file), name: name, seed: seed, now: moment, start: start)
    }

    /// Runs a read of the stored state: a part of it that cannot be read is a failure of the data,
    /// said as the store's other damage is.
    private static func reading(_ place: String, _ read: () throws -> Void) throws {
        do {
            try read()
        } catch let error as UnreadableSlice {
            throw ProgramFailure(StoreError.unreadable(path: place, reason: error.reason).description, exit: .data)
        }
    }

    /// An argument as a recording keeps it: a PostgreSQL URL, alone or as `--data=URL`, without
    /// its password.
    private static func withoutPassword(_ argument: String) -> String {
        guard let start = argument.firstRange(of: "postgres")?.lowerBound, argument.contains("://") else {
            return argument
        }
        return String(argument[..<start]) + PostgresLocation.redacted(String(argument[start...]))
    }

    /// The moment and time zone this session's core lives in.
    public var now: Date { clock.now() }
    public var timeZone: Zone { clock.timeZone }

    /// Sends one command and returns the answers that came out, in order.
    public func send(_ command: Command) throws -> [Answer] {
        var answers: [Answer] = []
        try send(command) { answers.append($0) }
        return answers
    }

    /// Sends one command and hands each answer to `receive` as it comes out: a long answer, such
    /// as a million rolls, is shown as it goes and never held whole.
    ///
    /// The store reads only the slice the command's feature works on, and before the command goes
    /// in: a slice that cannot be read is a failure of the data, said here.
    public func send(_ command: Command, receive: @escaping (Answer) -> Void) throws {
        try Self.reading(place) { try store.state().load(for: command) }
        recording?.record(sent: command)
        let core = createAppCore(store: store, random: random, clock: clock) { answer in
            recording?.record(answer: answer)
            receive(answer)
        }
        core(command)
    }
}

/// A session being recorded: the scenario's head is written with the first command, then each
/// command and each answer as it comes. A class, because every send of one session shares
/// whether that has happened yet.
private final class Recording {
    let recorder: ScenarioRecorder
    let name: String
    let seed: UInt64
    let now: Date
    let start: AppState
    private var begun = false
    private var failed = false

    init(recorder: ScenarioRecorder, name: String, seed: UInt64, now: Date, start: AppState) {
        (self.recorder, self.name, self.seed, self.now, self.start) = (recorder, name, seed, now, start)
    }

    func record(sent: Command) {
        writing {
            if !begun { try recorder.begin(name: name, seed: seed, now: now, start: start) }
            begun = true
            try recorder.record(sent: sent)
        }
    }

    func record(answer: Answer) {
        writing { try recorder.record(answer: answer) }
    }

    /// Writes to the recording; a failure is said once, and the run goes on unrecorded.
    private func writing(_ write: () throws -> Void) {
        guard !failed else { return }
        do {
            try write()
        } catch {
            failed = true
            StandardError.line(
                "Warning: could not record to \(TerminalText.escaped(recorder.file)): \(describe(error))")
        }
    }
}
