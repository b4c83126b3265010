import AppCore
import Testing

/// Contexts, built alone: each command held to exactly the changes it keeps and the answers it
/// gives. A name is one word, the words a filter, checked before anything is kept.
@Suite("Contexts feature, built alone")
struct TodoContextFeatureSpec {
    let contexts = FeatureUnderTest<TodoContextFeature>()
    let work = TodoContext(name: "work", words: ["project:work", "or", "+office"])

    @Test func aDefinedContextIsInUseOnlyOnceItIsPutInUse() throws {
        try contexts.send(.current, changes: [], answers: [.current(context: nil)])
        try contexts.send(
            .define(name: "work", words: work.words), changes: [.define(name: "work", words: work.words)],
            answers: [.defined(context: work, replaced: nil)])
        try contexts.send(.current, changes: [], answers: [.current(context: nil)])
        try contexts.send(.use(name: "work"), changes: [.use(name: "work")], answers: [.using(context: work)])
        try contexts.send(.current, changes: [], answers: [.current(context: work)])
        try contexts.send(.use(name: nil), changes: [.use(name: nil)], answers: [.using(context: nil)])
        try contexts.send(.current, changes: [], answers: [.current(context: nil)])
    }

    @Test func definingANameAgainReplacesItsWordsAndSaysWhatTheyWere() throws {
        _ = contexts.sent(.define(name: "work", words: work.words))
        _ = contexts.sent(.use(name: "work"))
        let office = TodoContext(name: "work", words: ["+office"])
        try contexts.send(
            .define(name: "work", words: ["+office"]), changes: [.define(name: "work", words: ["+office"])],
            answers: [.defined(context: office, replaced: work.words)])
        try contexts.send(.current, changes: [], answers: [.current(context: office)])
    }

    @Test func deletingTheContextInUsePutsNoneInUse() throws {
        _ = contexts.sent(.define(name: "work", words: work.words))
        _ = contexts.sent(.define(name: "home", words: ["+home"]))
        _ = contexts.sent(.use(name: "work"))
        try contexts.send(
            .delete(name: "work"), changes: [.delete(name: "work")], answers: [.deleted(name: "work", wasInUse: true)])
        try contexts.send(
            .list, changes: [],
            answers: [.listed(contexts: [TodoContext(name: "home", words: ["+home"])], current: nil)])
        try contexts.send(
            .delete(name: "home"), changes: [.delete(name: "home")], answers: [.deleted(name: "home", wasInUse: false)])
    }

    @Test func anUnknownNameIsRefusedNamingThoseThereAre() throws {
        try contexts.send(
            .use(name: "work"), changes: [], answers: [.failed(reason: .unknown(name: "work", known: []))])
        _ = contexts.sent(.define(name: "home", words: ["+home"]))
        _ = contexts.sent(.define(name: "away", words: ["+away"]))
        try contexts.send(
            .delete(name: "work"), changes: [],
            answers: [.failed(reason: .unknown(name: "work", known: ["away", "home"]))])
        #expect(TodoContextFailure.unknown(name: "work", known: ["away", "home"]).kind == .notFound)
    }

    @Test(arguments: [
        "", "none", "None", "use", "list", "define", "delete", "show", "help", "two words", "a/b", "+x",
        String(repeating: "w", count: 65),
        // Read as an option by `todo context NAME`: --help, -h.
        "-x", "--help", "-h", "-",
    ])
    func aNameThatIsNoOneWordOfOurOwnIsRefusedKeepingNothing(_ name: String) throws {
        try contexts.send(
            .define(name: name, words: ["+x"]), changes: [], answers: [.failed(reason: .badName(name: name))])
    }

    @Test func aNameOfThousandsOfCharactersIsSaidByItsStart() {
        let said = TodoContextFailure.badName(name: String(repeating: "w", count: 5_000)).description
        #expect(said.hasPrefix("“" + String(repeating: "w", count: 80) + "…” is no name for a context"))
        #expect(said.count < 300)
    }

    @Test func wordsThatMakeNoFilterOrTooManyAreRefusedKeepingNothing() throws {
        let (changes, answers) = contexts.sent(.define(name: "work", words: ["due:someday"]))
        #expect(changes.isEmpty)
        guard case .failed(.badFilter(let problem)) = answers.first else { throw ContextTestError.unexpected(answers) }
        #expect(problem.contains("someday"))
        try contexts.send(
            .define(name: "work", words: [" "]), changes: [],
            answers: [.failed(reason: .badFilter(problem: "no words were given"))])
        // Words of 2,009 characters in all, joined by spaces, are refused; of 1,999, kept.
        let tags = { (count: Int) in Array(repeating: "+abcdefgh", count: count) }
        let refused = contexts.sent(.define(name: "work", words: tags(201)))
        #expect(refused.changes.isEmpty)
        #expect(refused.answers.first?.failure?.description.contains("2009 characters") == true)
        #expect(
            contexts.sent(.define(name: "work", words: tags(200))).changes == [.define(name: "work", words: tags(200))])
    }

    @Test func wordsThatReadAsIdsAreRefusedKeepingNothing() throws {
        for words in [["xor"], ["+a", "or", "3f2a"], ["(", "+a", "or", "b", ")"]] {
            let (changes, answers) = contexts.sent(.define(name: "work", words: words))
            #expect(changes.isEmpty, "\(words)")
            #expect(answers.first?.failure?.description.contains("reads as a to-do's id") == true, "\(words)")
        }
    }

    /// What a context kept by an earlier version holds may make no filter now: applying it says
    /// so, naming the context, and never lists by a word it cannot read.
    @Test func aContextIsAppliedBesideTheListingsFilterOrSaysByNameWhyItCannot() throws {
        let work = TodoContext(name: "work", words: ["project:work"])
        #expect(try work.applied(to: nil, now: noon, timeZone: .utc) == .project("work"))
        #expect(try work.applied(to: .tag("a"), now: noon, timeZone: .utc) == .all([.project("work"), .tag("a")]))
        let typo = TodoContext(name: "f1", words: ["+a", "xor"])
        #expect(throws: TodoContextFailure.self) { try typo.applied(to: nil, now: noon, timeZone: .utc) }
        do {
            _ = try typo.applied(to: nil, now: noon, timeZone: .utc)
        } catch {
            #expect(error.description.hasPrefix("the context f1 in use makes no filter (a context's words must make"))
            #expect(error.description.hasSuffix("define it again, or `todo context none`"))
        }
    }

    @Test func aNameOfLettersDigitsAndMarksIsKeptAsTyped() throws {
        for name in ["Work-2", "été", "a.b_c", String(repeating: "w", count: 64)] {
            #expect(
                contexts.sent(.define(name: name, words: ["+x"])).changes == [.define(name: name, words: ["+x"])],
                "\(name)")
        }
    }
}

enum ContextTestError: Error {
    case unexpected([TodoContextAnswer])
}
