import AppCore
import Headless
import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A program's link to the AppCore: opens the store, builds the core once for the program's whole
/// run, injects chance and time, sends commands and hands their answers back, each in its
/// feature's own words.
public struct Session {
    public let seed: UInt64
    let store: Store<AppState>
    private let core: Core<AppState>
    /// The features this session has sent to, each connected once.
    private let connections = Connections()
    /// The store's name in messages: its file, or its URL without the password.
    private let place: String
    private let clock: TimeSource
    private let recording: Recording?

    public init(
        options: CommonOptions, seed: UInt64 = 0, environment: ProcessEnvironment = .current
    ) throws {
        try self.init(settings: options.settings, seed: seed, environment: environment)
    }

    public init(
        settings: CommonSettings, seed: UInt64 = 0, environment: ProcessEnvironment = .current
    ) throws {
        self.seed = seed
        let (opened, place) = try settings.storage.open(environment: environment)
        // A change kept in memory is gone when the program ends: nothing to say was kept.
        (store, self.place) = (place == "memory" ? opened : KeptChanges.noting(opened), place)
        OpenUntilExit.hold(opened)
        let clock = try settings.clock(environment: environment)
        if let file = settings.record ?? environment["APPCORE_RECORD"].flatMap({ $0.isEmpty ? nil : $0 }) {
            // A recorded run lives in one moment, so that its replay gives the very same messages.
            let moment = clock.now()
            self.clock = TimeSource(timeZone: clock.timeZone) { moment }
            // A store's URL is recorded without its password, as the store says it everywhere.
            let name =
                ([URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent]
                + CommandLine.arguments.dropFirst().map(Self.withoutPassword)).joined(separator: " ")
            // A recording starts from the whole state, so every part of it must read.
            let store = store
            let start = try Self.reading(place) { try ValueCoding.makeEncoder().encode(try store.state()) }
            recording = Recording(
                recorder: ScenarioRecorder(file: file), name: name, seed: seed, now: moment,
                start: String(decoding: start, as: UTF8.self))
        } else {
            self.clock = clock
            recording = nil
        }
        core = createAppCore(store: store, random: .seeded(seed), clock: self.clock)
    }

    /// Runs a read of the stored state: a part of it that cannot be read is a failure of the data,
    /// said as the store's other damage is.
    private static func reading<Value>(_ place: String, _ read: () throws -> Value) throws -> Value {
        do {
            return try read()
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

    /// Sends `command` to `feature` and hands each answer to `receive` as it comes out: a long
    /// answer, such as a million rolls, is shown as it goes and never held whole. An answer that
    /// says the command failed becomes the program's failure, here, for every feature; so does the
    /// first error `receive` throws, after which the rest of the answers are let go.
    public func send<Owner: Feature>(
        _ command: Owner.Command, to feature: Owner.Type, receive: (Owner.Answer) throws -> Void
    ) throws where Owner.Answer: FailingAnswer, Owner.Environment == AppEnvironment {
        recording?.record(sent: Command(feature, command))
        var problem: (any Error)?
        let (input, outbox) = connections.connection(to: feature, in: core)
        withoutActuallyEscaping(receive) { receive in
            outbox.receiver = { answer in
                recording?.record(answer: Answer(feature, answer))
                guard problem == nil else { return }
                do {
                    if let failure = answer.failure { throw programFailure(failure) }
                    try receive(answer)
                } catch {
                    problem = error
                }
            }
            input(command)
            outbox.receiver = nil
        }
        if let problem { throw problem }
    }

    /// Sends `command` to `feature` and returns its answer: for the commands that answer once.
    public func send<Owner: Feature>(_ command: Owner.Command, to feature: Owner.Type) throws -> Owner.Answer
    where Owner.Answer: FailingAnswer, Owner.Environment == AppEnvironment {
        var answers: [Owner.Answer] = []
        try send(command, to: feature) { answers.append($0) }
        guard let answer = answers.first else {
            throw ProgramFailure("the \(Owner.name) feature did not answer", exit: .data)
        }
        return answer
    }

    /// Sends a command named by its feature, as scenarios and the web program's API send them, and
    /// returns every answer it gave, failures among them: whoever sent it as data reads them as data.
    public func send(_ command: Command) -> [Answer] {
        recording?.record(sent: command)
        var answers: [Answer] = []
        let (input, outbox) = connections.namedConnection(in: core)
        outbox.receiver = { answer in
            recording?.record(answer: answer)
            answers.append(answer)
        }
        input(command)
        outbox.receiver = nil
        return answers
    }

    /// Calls `observer` after every change the store keeps, made by this program or any other: for
    /// a program that lives long and shows what is there now (`watch`, the web program's live pages).
    public func observeChanges(_ observer: @escaping @Sendable () -> Void) {
        store.updated(observer)
    }

    /// A feature's failure as the program says it: a store that cannot be read, named.
    private func programFailure(_ failure: any AppFailure) -> ProgramFailure {
        guard failure.kind == .unreadable else { return ProgramFailure(failure) }
        return ProgramFailure(StoreError.unreadable(path: place, reason: failure.description).description, exit: .data)
    }
}

/// The features a session has sent to, each connected to the core once, with the outbox its
/// answers go to: whoever sends to it then receives them. A class, because every send of one
/// session shares the connections.
private final class Connections {
    private var made: [ObjectIdentifier: Any] = [:]

    func connection<Owner: Feature>(to feature: Owner.Type, in core: Core<AppState>)
        -> (Input<Owner.Command>, Outbox<Owner.Answer>) where Owner.Environment == AppEnvironment
    {
        connection(keyedBy: ObjectIdentifier(feature)) { outbox in core.connect(feature) { outbox.receiver?($0) } }
    }

    /// The connection kept under `key`, made by `connect` the first time.
    func connection<Command, Answer>(
        keyedBy key: ObjectIdentifier, _ connect: (Outbox<Answer>) -> Input<Command>
    ) -> (Input<Command>, Outbox<Answer>) {
        if let made = made[key] as? (Input<Command>, Outbox<Answer>) { return made }
        let outbox = Outbox<Answer>()
        let connection = (connect(outbox), outbox)
        made[key] = connection
        return connection
    }
}

extension Connections {
    /// The whole core's input, commands named by their feature, connected once.
    func namedConnection(in core: Core<AppState>) -> (Input<Command>, Outbox<Answer>) {
        connection(keyedBy: ObjectIdentifier(AppState.self)) { outbox in core.connect { outbox.receiver?($0) } }
    }
}

/// Where a feature's answers go while a command sent to it is under way.
private final class Outbox<Answer> {
    var receiver: Output<Answer>?
}

/// A session being recorded: the scenario's head is written with the first command, then each
/// command and each answer as it comes. A class, because every send of one session shares
/// whether that has happened yet.
private final class Recording {
    let recorder: ScenarioRecorder
    let name: String
    let seed: UInt64
    let now: Date
    /// The state the session started from, as JSON.
    let start: String
    private var begun = false
    private var failed = false

    init(recorder: ScenarioRecorder, name: String, seed: UInt64, now: Date, start: String) {
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
