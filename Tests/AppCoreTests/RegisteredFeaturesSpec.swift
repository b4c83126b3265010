import Essentials
import Foundation
import StoreTestSupport
import Testing

@testable import AppCore
@testable import Stores

/// The safety net under every feature the AppCore registers, now and later: each feature's sample
/// commands are sent to it alone, and every command, answer, change and state they bring about
/// goes through every coding the core has (the JSON of scenarios and recordings, a store's binary
/// form) and through every durable store, closed and opened again, and must come back the same. A
/// feature that registers but forgets a coding, or codes a case it cannot read back, fails here,
/// in `swift test`, never in a user's store.
@Suite("Every registered feature, through every coding and every store")
struct RegisteredFeaturesSpec {
    /// What each feature's samples brought about, a feature after another.
    static let samples: [FeatureSamples] = {
        var sampling = Sampling()
        AppState.register(&sampling)
        return sampling.samples
    }()

    @Test func everyFeatureIsRegisteredAndHasSamplesThatChangeAndAnswerSomething() {
        // Those stores hold, by their names, first; a feature added later comes after them.
        #expect(Self.samples.map(\.name).starts(with: ["coin", "eightBall", "dice", "todo", "deck"]))
        for feature in Self.samples {
            #expect(!feature.commands.isEmpty, "\(feature.name) has sample commands")
            #expect(!feature.answers.isEmpty, "\(feature.name)'s samples answer")
            #expect(!feature.changes.isEmpty, "\(feature.name)'s samples change its slice")
        }
    }

    /// Every type of the core's sources that conforms to `Feature` is registered in `AppState`:
    /// one declared and forgotten in `AppCore.swift` fails here by its name, not at run time.
    @Test func everyFeatureTypeOfTheCoreIsRegistered() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/AppCore").standardizedFileURL
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let declaration = #/(?:enum|struct|class)\s+(\w+)\s*:\s*(?:[\w.]+\s*,\s*)*Feature\b/#
        var declared: Set<String> = []
        for case let file as URL in files where file.pathExtension == "swift" {
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: declaration) {
                declared.insert(String(match.1))
            }
        }
        #expect(declared.count >= 5, "the core's sources are read from \(sources.path)")
        let registered = Set(Self.samples.map(\.typeName))
        for forgotten in declared.subtracting(registered).sorted() {
            Issue.record(
                "\(forgotten) is a Feature that AppState.register does not register (Sources/AppCore/AppCore.swift)")
        }
    }

    @Test func everySliceOfTheStateIsAFeaturesAndEveryNameIsOne() throws {
        let slices = Mirror(reflecting: AppState()).children.compactMap { $0.label?.dropFirst() }.map(String.init)
        let json = try ValueCoding.makeEncoder().encode(AppState())
        let stored = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let routes = Routes<AppState>.registered.all
        // A slice is stored under its own name: one no route stores is one left unregistered.
        for slice in slices where !routes.contains(where: { $0.stored == slice }) {
            Issue.record("AppState's slice \(slice) is no registered feature's: register it in AppState.register")
        }
        #expect(slices.count == routes.count, "every slice is a registered feature's")
        #expect(Set(stored.keys) == Set(routes.map(\.stored)), "every slice is stored under its registered name")
        #expect(Set(routes.map(\.stored)).count == routes.count, "no two slices share a stored name")
        #expect(Set(routes.map(\.name)).count == routes.count, "no two features share a name")
    }

    @Test func everyCommandAndAnswerComesBackFromJSONTheSame() throws {
        for feature in Self.samples {
            for command in feature.commands {
                #expect(try roundTrip(command) == command, "\(feature.name): \(command)")
            }
            for answer in feature.answers {
                #expect(try roundTrip(answer) == answer, "\(feature.name): \(answer)")
            }
        }
    }

    @Test func everyChangeComesBackFromJSONAndFromTheStoresBinaryFormTheSame() throws {
        for feature in Self.samples {
            for change in feature.changes {
                #expect(try roundTrip(change) == change, "\(feature.name): \(change)")
                var writer = BinaryFieldWriter()
                try writer.nested { try change.write(fields: &$0) }
                var reader = BinaryFieldReader(BinaryReader(writer.bodyBytes))
                #expect(
                    try reader.nested { try AppState.Change(fields: &$0) } == change,
                    "\(feature.name), in the binary form: \(change)")
            }
        }
    }

    @Test func aKeptChangeOfAFeatureThisVersionDoesNotKnowIsRefusedAsANewerVersions() throws {
        var writer = BinaryFieldWriter()
        writer.nested {
            $0.string("orrery")
            $0.strings(["tea", "coffee"])
        }
        var reader = BinaryFieldReader(BinaryReader(writer.bodyBytes))
        let error = #expect(throws: (any Error).self) { try reader.nested { try AppState.Change(fields: &$0) } }
        #expect("\(error.map { "\($0)" } ?? "")".contains("a newer version wrote it"))
        #expect("\(error.map { "\($0)" } ?? "")".contains("orrery"))
    }

    /// A slice of a name no feature registers, in the stores' binary form as in JSON, was written
    /// by a newer version: the state is refused, naming it, rather than the slice dropped at the
    /// next write.
    @Test func aStoredStateWithASliceNoFeatureRegistersIsRefusedInTheBinaryForm() throws {
        struct Newer: Encodable {
            let coins = CoinHistory()
            let tarot = ["the fool"]
        }
        let error = #expect(throws: DecodingError.self) {
            try BinaryDecoder.decode(AppState.self, from: try BinaryEncoder.encode(Newer()))
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("\"tarot\" is a part this program does not know"))
    }

    @Test func everyStateComesBackFromJSONAndFromTheStoresBinaryFormTheSame() throws {
        for feature in Self.samples {
            for state in feature.states {
                #expect(try roundTrip(state) == state, "\(feature.name), as JSON")
                let binary = try BinaryDecoder.decode(AppState.self, from: try BinaryEncoder.encode(state))
                #expect(binary == state, "\(feature.name), in the binary form")
            }
        }
    }

    @Test(.slow, arguments: DurableVariant.available)
    func everyChangeKeptAndEveryStateWrittenByADurableStoreComesBackWhenItOpensAgain(_ variant: DurableVariant)
        throws
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("registered-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for feature in Self.samples {
            // The changes, kept one by one, then read back by a store opened anew.
            let changed = folder.appendingPathComponent("\(feature.name)-changes").path
            let store = try variant.open(at: changed, initial: AppState.initial)
            for change in feature.changes { try store.change(change) }
            let expected = try #require(feature.states.last)
            #expect(try variant.open(at: changed, initial: AppState.initial).state() == expected, "\(feature.name)")
            try store.destroy()
            // Each state as a snapshot: written whole (`reset` to it), then read back.
            for (index, state) in feature.states.enumerated() {
                let written = folder.appendingPathComponent("\(feature.name)-state-\(index)").path
                let store = try variant.open(at: written, initial: state)
                try store.reset()
                #expect(try variant.open(at: written, initial: AppState.initial).state() == state, "\(feature.name)")
                try store.destroy()
            }
        }
    }

    private func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try ValueCoding.makeDecoder().decode(Value.self, from: ValueCoding.makeEncoder().encode(value))
    }
}

/// What one feature's sample commands brought about, sent in order to the feature alone: each
/// command and answer as the core's, and each change and state after it as the whole app's.
struct FeatureSamples: Sendable {
    let name: String
    /// The feature's type, as its declaration names it (`DeckFeature`).
    let typeName: String
    var commands: [Command] = []
    var answers: [Answer] = []
    var changes: [AppState.Change] = []
    var states: [AppState] = []
}

/// Sends each registered feature its samples.
private struct Sampling: FeatureRegistry {
    var samples: [FeatureSamples] = []

    mutating func add<Owner: Feature>(_ feature: Registration<AppState, Owner>)
    where Owner.Environment == AppEnvironment {
        let alone = FeatureUnderTest<Owner>(seed: 1, clock: .fixed(noon))
        var sampled = FeatureSamples(name: Owner.name, typeName: String(describing: Owner.self))
        for command in Owner.sampleCommands {
            let (changes, answers) = alone.sent(command)
            sampled.commands.append(Command(Owner.self, command))
            sampled.answers += answers.map { Answer(Owner.self, $0) }
            sampled.changes += changes.map(feature.embed)
            guard let state = try? alone.state else { continue }
            var whole = AppState()
            try? feature.slice.change(&whole) { $0 = Slice(wrappedValue: state) }
            sampled.states.append(whole)
        }
        samples.append(sampled)
    }
}
