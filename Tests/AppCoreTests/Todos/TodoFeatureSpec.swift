import AppCore
import Essentials
import Foundation
import Testing

/// The to-do feature, built alone: a command in, its last answer out.
extension ModuleUnderTest where State == TodoState, In == TodoCommand, Out == TodoAnswer {
    func todo(_ command: TodoCommand) -> TodoAnswer? {
        send(command)
        return received().last
    }

    @discardableResult
    func add(_ title: String, due: Day? = nil, tags: [String] = []) throws -> TodoItem {
        guard case .added(let item, _) = todo(.add(draft: TodoDraft(title: title, [.due(due), .tags(tags)]))) else {
            throw TodoTestError.unexpected(received().last)
        }
        return item
    }

    var todos: TodoState { get throws { try store.state() } }
}

@Suite("To-do feature, built alone")
struct TodoFeatureSpec {
    let core = TodosUnderTest()

    /// A to-do with every field set.
    static func full() throws -> TodoItem {
        try TodoItem(
            id: TodoID("0123456789"), title: "file taxes", notes: "the green folder", due: Day(iso: "2027-02-28"),
            priority: .high, tags: ["admin", "money"], contexts: ["desk"], extras: ["size": "l"],
            created: Date(milliseconds: 1_795_000_000_000))
    }

    /// The to-do feature, holding `full()` alone.
    static func holdingFull() throws -> FeatureUnderTest<TodoFeature> {
        FeatureUnderTest<TodoFeature>(
            starting: try TodoState().alter(
                .perform(TodoBatch(label: "add", at: noon, edits: [.add(full(), as: .added)]))))
    }

    @Test func addingKeepsTheItemWithAnIdFromTheSeedAndTheTime() throws {
        let todos = FeatureUnderTest<TodoFeature>(seed: 7)
        let item = try TodoItem(
            id: TodoID.draw(from: .seeded(7)), title: "buy milk", tags: ["errands"], created: noon)
        try todos.send(
            .add(draft: TodoDraft(title: "buy milk", [.addTag("errands")])),
            changes: [.perform(TodoBatch(label: "add \"buy milk\"", at: noon, edits: [.add(item, as: .added)]))],
            answers: [.added(item: item, abbreviation: 4)])
    }

    @Test func editingChangesOnlyWhatItNames() throws {
        let (todos, full) = (try Self.holdingFull(), try Self.full())
        let id = full.id
        try todos.send(
            .edit(reference: "0123", changes: [.title("file the taxes")]),
            changes: [
                .perform(TodoBatch(label: "edit 0123", at: noon, edits: [.alter(id, [.title("file the taxes")])]))
            ],
            answers: [.changed(items: [try full.alter(.title("file the taxes"))], abbreviation: 4)])
    }

    @Test func markingDoneChangesTheCompletionAloneAndUndoTakesItBack() throws {
        let (todos, full) = (try Self.holdingFull(), try Self.full())
        let id = full.id
        try todos.send(
            .complete(references: ["0123456789"]),
            changes: [.perform(TodoBatch(label: "done 0123456789", at: noon, edits: [.alter(id, [.completed(noon)])]))],
            answers: [.changed(items: [try full.alter(.completed(noon))], abbreviation: 4)])
        try todos.send(.undo, changes: [.undo(at: noon)], answers: [.undid(label: "done 0123456789")])
        #expect(try todos.state.items[id] == full)
    }

    @Test func deletingTakesTheToDoOutAndAnswersWithItAsItWas() throws {
        let (todos, full) = (try Self.holdingFull(), try Self.full())
        try todos.send(
            .delete(references: ["0123"]),
            changes: [.perform(TodoBatch(label: "delete 0123", at: noon, edits: [.delete(full.id)]))],
            answers: [.deleted(items: [full], abbreviation: 4)])
        #expect(try todos.state.items.isEmpty)
    }

    @Test func anEmptyTitleIsRefusedAndNothingIsKept() throws {
        #expect(core.todo(.add(draft: TodoDraft(title: "  "))) == .failed(reason: .emptyTitle))
        #expect(try core.store.state() == TodoState())
    }

    @Test func aPrefixOfAnIdNamesTheItem() throws {
        let item = try core.add("buy milk")
        guard case .changed(let items, _) = core.todo(.complete(references: [String(item.id.value.prefix(4))])) else {
            Issue.record("expected a change, got \(core.received())")
            return
        }
        #expect(items.map(\.id) == [item.id])
        #expect(try core.todos.items[item.id]?.completed == noon)
    }

    @Test func aPrefixSeveralIdsShareIsAmbiguousAndNamesThemInTheOrderMade() throws {
        let lines = ["ab12000003", "ab12000001", "cd00000000", "ab12000002"].map { "call \($0) id:\($0)" }
        _ = core.todo(.importItems(text: lines.joined(separator: "\n"), format: .todotxt))
        let before = try core.store.state()
        #expect(
            core.todo(.complete(references: ["ab12"]))
                == .failed(
                    reason: .ambiguous(
                        reference: "ab12", matches: [TodoID("ab12000003"), TodoID("ab12000001"), TodoID("ab12000002")]))
        )
        #expect(core.todo(.complete(references: ["ab13"])) == .failed(reason: .notFound(reference: "ab13")))
        #expect(try core.store.state() == before)
        #expect(try core.todos.resolve("AB12000001") == TodoID("ab12000001"))
        #expect(try core.todos.resolve("cd00") == TodoID("cd00000000"))
    }

    /// A line number or another tool's small id is refused, never taken as the start of an id.
    @Test func aStartShorterThanTheIdsShownIsRefusedAndNothingIsKept() throws {
        let lines = (1...5).map { "call \($0) id:\($0)000000000" }
        _ = core.todo(.importItems(text: lines.joined(separator: "\n"), format: .todotxt))
        let before = try core.store.state()
        for reference in ["1", "10", "100"] {
            #expect(
                core.todo(.complete(references: [reference]))
                    == .failed(reason: .referenceTooShort(reference: reference, shortest: 4)))
        }
        #expect(try core.store.state() == before)
        #expect(try core.todos.resolve("1000") == TodoID("1000000000"))
    }

    @Test func anAmbiguousPrefixCountsEveryIdItNamesAndShowsTheFirstFive() throws {
        let ids = (1...7).map { "ab1200000\($0)" }
        _ = core.todo(.importItems(text: ids.map { "call \($0) id:\($0)" }.joined(separator: "\n"), format: .todotxt))
        let answer = core.todo(.complete(references: ["ab12"]))
        guard case .failed(let reason) = answer else {
            Issue.record("\(answer)")
            return
        }
        #expect(reason == .ambiguous(reference: "ab12", matches: ids.map { TodoID($0) }))
        #expect(
            reason.description
                == "ab12 names 7 to-dos (ab12000001, ab12000002, ab12000003, ab12000004, ab12000005 and 2 more): "
                + "type more of the id")
    }

    @Test func anImportOfManyKeepsEveryIdApartByItsShortForm() throws {
        let lines = (0..<300).map { "item \($0)" }
        _ = core.todo(.importItems(text: lines.joined(separator: "\n"), format: .todotxt))
        let todos = try core.todos
        let reread = try ValueCoding.makeDecoder().decode(TodoState.self, from: ValueCoding.makeEncoder().encode(todos))
        #expect(todos.items.count == 300)
        #expect(todos.abbreviation == reread.abbreviation)
        for id in todos.items.keys {
            #expect(try todos.resolve(String(id.value.prefix(todos.abbreviation))) == id)
        }
    }

    @Test func anUnknownIdIsNotFoundAndChangesNothing() throws {
        try core.add("buy milk")
        let before = try core.store.state()
        #expect(core.todo(.complete(references: ["zzzz"])) == .failed(reason: .notFound(reference: "zzzz")))
        #expect(try core.store.state() == before)
    }

    @Test func forkingAddsACopyWithANewId() throws {
        let item = try core.add("buy milk")
        guard
            case .forked(let copy, let original, _) = core.todo(
                .fork(reference: item.id.value, changes: [.title("buy bread")]))
        else {
            Issue.record("expected a fork, got \(core.received())")
            return
        }
        #expect(original == item.id)
        #expect(copy.id != item.id && copy.title == "buy bread")
        #expect(try core.todos.items.count == 2)
        #expect(try core.todos.items[item.id] == item)
    }

    @Test func deletingRemovesAndUndoBringsBack() throws {
        let item = try core.add("buy milk")
        _ = core.todo(.delete(references: [item.id.value]))
        #expect(try core.todos.items.isEmpty)
        #expect(core.todo(.undo) == .undid(label: "delete \(item.id.value)"))
        #expect(try core.todos.items[item.id] == item)
    }

    /// Each journal line of a command repeats its label: one that names many to-dos names the
    /// first eight and counts the rest, so that the journal grows with the to-dos, not their square.
    @Test func aCommandOfManyToDosNamesTheFirstEightInItsLabel() throws {
        let items = try (1...20).map { try core.add("task \($0)") }
        let ids = items.map(\.id.value)
        _ = core.todo(.delete(references: ids))

        #expect(try core.todos.items.isEmpty)
        let label = "delete \(ids.prefix(8).joined(separator: " ")) and 12 more"
        #expect(core.todo(.undo) == .undid(label: label))
        #expect(try core.todos.items.count == 20)
        guard case .journal(let entries) = core.todo(.showJournal) else {
            Issue.record("expected the journal")
            return
        }
        #expect(entries.filter { $0.action == .deleted }.map(\.command) == Array(repeating: label, count: 20))
        _ = core.todo(.complete(references: Array(ids.prefix(8))))
        #expect(
            core.todo(.undo) == .undid(label: "done \(ids.prefix(8).joined(separator: " "))"), "eight are all named")
    }

    @Test func aCommandThatTouchedSeveralItemsUndoesAsOne() throws {
        let first = try core.add("one")
        let second = try core.add("two")
        _ = core.todo(.complete(references: [first.id.value, second.id.value]))
        _ = core.todo(.undo)
        #expect(try core.todos.items.values.allSatisfy { !$0.isCompleted })
        #expect(try core.todos.items.count == 2)
        _ = core.todo(.redo)
        #expect(try core.todos.items.values.allSatisfy { $0.isCompleted })
    }

    @Test func undoingAnAddRemovesItAndRedoPutsItBack() throws {
        let item = try core.add("buy milk")
        _ = core.todo(.undo)
        #expect(try core.todos.items.isEmpty)
        _ = core.todo(.redo)
        #expect(try core.todos.items[item.id] == item)
    }

    @Test func aNewCommandForgetsWhatCouldBeRedone() throws {
        try core.add("one")
        _ = core.todo(.undo)
        try core.add("two")
        #expect(core.todo(.redo) == .failed(reason: .nothingToRedo))
    }

    @Test func withNothingToUndoUndoSaysSo() throws {
        #expect(core.todo(.undo) == .failed(reason: .nothingToUndo))
        #expect(try core.store.state() == TodoState())
    }

    @Test func theJournalRecordsEveryChangeWithItsTime() throws {
        let item = try core.add("buy milk")
        _ = core.todo(.complete(references: [item.id.value]))
        _ = core.todo(.undo)
        guard case .journal(let entries) = core.todo(.showJournal) else {
            Issue.record("expected the journal")
            return
        }
        #expect(entries.map(\.action) == [.added, .completed, .undone])
        #expect(entries.allSatisfy { $0.id == item.id && $0.at == noon })
    }

    @Test func listingShowsOpenItemsByDefaultAndFiltersAndSorts() throws {
        let late = try core.add("late", due: Day(iso: "2026-12-20"), tags: ["work"])
        let soon = try core.add("soon", due: Day(iso: "2026-11-25"))
        let done = try core.add("done")
        _ = core.todo(.complete(references: [done.id.value]))
        func listed(_ query: TodoQuery) -> [TodoID] {
            guard case .listed(let items, _, _) = core.todo(.list(query: query)) else { return [] }
            return items.map(\.id)
        }
        #expect(listed(TodoQuery()) == [late.id, soon.id])
        #expect(listed(TodoQuery(status: .done)) == [done.id])
        #expect(listed(TodoQuery(status: .all)) == [late.id, soon.id, done.id])
        #expect(listed(TodoQuery(tag: "work")) == [late.id])
        #expect(listed(TodoQuery(dueBefore: Day(iso: "2026-12-01"))) == [soon.id])
        #expect(listed(TodoQuery(search: "LAT")) == [late.id])
        #expect(listed(TodoQuery(order: .due)) == [soon.id, late.id])
    }

    /// A search ignores case as a full case folding does, also where one letter is two in the
    /// other case (ß and SS, the ligature ﬁ and FI) or a letter has two lower cases (σ and ς).
    @Test func searchIgnoresCaseAcrossLettersThatChangeLength() throws {
        let street = try core.add("Straße bauen")
        let taxes = try core.add("ﬁle taxes")
        let road = try core.add("ΟΔΟΣ")
        let school = try core.add("ÉCOLE")
        func found(_ search: String) -> [TodoID] {
            guard case .listed(let items, _, _) = core.todo(.list(query: TodoQuery(search: search))) else { return [] }
            return items.map(\.id)
        }
        #expect(found("STRASSE") == [street.id])
        #expect(found("strasse") == [street.id])
        #expect(found("straße") == [street.id])
        #expect(found("FILE") == [taxes.id])
        #expect(found("οδος") == [road.id])
        #expect(found("école") == [school.id])
    }

    @Test func theIdAbbreviationTellsEveryItemApart() throws {
        for index in 0..<50 { try core.add("item \(index)") }
        let abbreviation = try core.todos.abbreviation
        let prefixes = Set(try core.todos.items.keys.map { $0.value.prefix(abbreviation) })
        #expect(abbreviation >= 4)
        #expect(prefixes.count == 50)
    }

    @Test func aTodoTxtRoundTripGivesBackTheSameItems() throws {
        let milk = try core.add("buy milk", due: Day(iso: "2026-12-01"), tags: ["errands"])
        _ = core.todo(.edit(reference: milk.id.value, changes: [.priority(.high), .contexts(["shop"])]))
        let call = try core.add("call mum")
        _ = core.todo(.complete(references: [call.id.value]))
        guard case .exported(let text) = core.todo(.export(format: .todotxt)) else {
            Issue.record("expected an export")
            return
        }
        let fresh = TodosUnderTest()
        _ = fresh.todo(.importItems(text: text, format: .todotxt))
        let before = Array(try core.todos.items.values)
        let after = Array(try fresh.todos.items.values)
        #expect(after.map(\.id) == before.map(\.id))
        #expect(after.map(\.title) == before.map(\.title))
        #expect(after.map(\.priority) == before.map(\.priority))
        #expect(after.map(\.due) == before.map(\.due))
        #expect(after.map(\.tags) == before.map(\.tags))
        #expect(after.map(\.contexts) == before.map(\.contexts))
        #expect(after.map(\.isCompleted) == before.map(\.isCompleted))
    }

    /// The items of a fresh store that imported this one's todo.txt export.
    func importedFromTodoTxtExport() throws -> [TodoItem] {
        guard case .exported(let text) = core.todo(.export(format: .todotxt)) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        let fresh = TodosUnderTest()
        guard case .imported = fresh.todo(.importItems(text: text, format: .todotxt)) else {
            throw TodoTestError.unexpected(fresh.received().last)
        }
        return Array(try fresh.todos.items.values)
    }

    /// Whatever title `add` takes comes back from todo.txt as it was, open or done, with its tags,
    /// context, due day and priority: a title's word that todo.txt would read as a tag or a context
    /// travels behind a backslash, one it would read as a `key:value` with a backslash before its
    /// colon.
    @Test(
        arguments: [
            "call Bob at 10:30", "read John 3:16 and 1:1", "email @bob", "+1 for this", "due:friday is a word",
            "id:7 of 9", "pri:A or not", "a:b:c", #"\+x and \\@y and \k:v"#, #"a\b:c a\:b \:c \o/ \"#,
            "see http://example.org", ":+1: + @ : x: :y", "x marks the spot", "(A) first", "2026-01-01 party",
            "x 2026-01-01 (B) 2026-01-02 all of it", "two  spaces,   three and\ta tab", "a  10:30  @b  c",
        ], [false, true])
    func aTitleComesBackFromTodoTxtAsItWas(_ title: String, done: Bool) throws {
        let draft = TodoDraft(
            title: title, [.due(Day(iso: "2026-12-01")), .priority(.high), .tags(["errands"]), .contexts(["shop"])])
        guard case .added(let item, _) = core.todo(.add(draft: draft)) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        if done { _ = core.todo(.complete(references: [item.id.value])) }
        let before = try #require(core.todos.items[item.id])
        let after = try #require(try importedFromTodoTxtExport().first)
        #expect(after.title == title)
        #expect(after.id == before.id && after.tags == before.tags && after.contexts == before.contexts)
        #expect(after.due == before.due && after.priority == before.priority)
        #expect(after.isCompleted == done && after.extras.isEmpty)
    }

    /// Every word of up to four of the letters todo.txt's rules turn on, alone and between others,
    /// comes back from todo.txt as the title's word.
    @Test func everyWordOfTheMarkLettersComesBackAsTheTitlesWord() throws {
        var words = [""]
        for _ in 1...4 { words = words + words.flatMap { word in ["\\", "+", "@", ":", "/", "a"].map { word + $0 } } }
        let titles = Set(words.filter { !$0.isEmpty }.flatMap { [$0, "say \($0) now"] }).sorted()
        for title in titles { try core.add(title) }
        let imported = try importedFromTodoTxtExport()
        #expect(imported.map(\.title).sorted() == titles)
        #expect(imported.allSatisfy { $0.tags.isEmpty && $0.contexts.isEmpty && $0.extras.isEmpty && $0.due == nil })
    }

    /// Extras, which todo.txt and JSON imports bring, come back from todo.txt as they were, even
    /// with a backslash in them; one that would read as a title's word is refused at the door.
    @Test func extrasComeBackFromTodoTxtAsTheyWere() throws {
        let extras = #"{"store": "corner", "\\u0020k": "v", "a\\b": "c\\"}"#
        let json = #"[{"title": "call Bob", "extras": "# + extras + #"}]"#
        guard case .imported(let items, _, _) = core.todo(.importItems(text: json, format: .json)) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        #expect(items.first?.extras == ["store": "corner", #"\u0020k"#: "v", #"a\b"#: #"c\"#])
        #expect(try importedFromTodoTxtExport().map(\.extras) == items.map(\.extras))
        let escaped = core.todo(.importItems(text: #"[{"title": "t", "extras": {"a\\": "b"}}]"#, format: .json))
        guard case .failed(.unreadableImport) = escaped else { throw TodoTestError.unexpected(escaped) }
        let time = core.todo(.importItems(text: #"[{"title": "t", "extras": {"10": "30"}}]"#, format: .json))
        guard case .failed(.unreadableImport) = time else { throw TodoTestError.unexpected(time) }
    }

    /// A line that earlier versions wrote, or another tool, reads as it always did: a bare
    /// `key:value` is an extra, but for a key of digits (10:30 is a time, the title's); a word with
    /// a backslash where a title's word gets one is the title's. A line without the day it was
    /// made says so in the extra `created`.
    @Test func aTodoTxtLineReadsItsTagsContextsAndExtrasAsBefore() throws {
        let line = #"call Bob at 10:30 +home @phone store:corner \\+x 10\:30 \u0020k:v due:2026-12-01 id:ab12"#
        guard case .imported(let items, _, _) = core.todo(.importItems(text: line, format: .todotxt)) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        let item = try #require(items.first)
        #expect(item.title == #"call Bob at 10:30 \+x 10:30"#)
        #expect(item.extras == ["created": "none", "store": "corner", #"\u0020k"#: "v"])
        #expect(item.tags == ["home"] && item.contexts == ["phone"])
        #expect(item.due == Day(iso: "2026-12-01") && item.id == TodoID("ab12"))
    }

    /// Words of the title next to each other keep the spaces between them; a tag, context or
    /// `key:value` between two of them is taken out with its spaces, leaving one.
    @Test func aTodoTxtTitleKeepsItsSpacesButNotThoseAroundMetadata() throws {
        let line = "2026-11-01  call  Bob +home  at   ten  due:2026-12-01  sharp"
        guard case .imported(let items, _, _) = core.todo(.importItems(text: line, format: .todotxt)) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        #expect(items.map(\.title) == ["call  Bob at   ten sharp"])
    }

    /// A file with Windows line ends (CR LF) reads as one to-do a line, and names the right line.
    @Test func aTodoTxtFileWithCRLFLineEndsReadsLineByLine() throws {
        let text = "(A) one +home\r\nx 2026-11-20 two due:2026-12-01\r\n\r\nthree\r\n"
        guard case .imported(let items, _, _) = core.todo(.importItems(text: text, format: .todotxt)) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        #expect(items.map(\.title) == ["one", "two", "three"])
        #expect(items[0].priority == .high && items[0].tags == ["home"])
        #expect(items[1].isCompleted && items[1].due == Day(iso: "2026-12-01"))
        let bad = core.todo(.importItems(text: "fine\r\nx 2026-11-20 due:someday\r\n", format: .todotxt))
        guard case .failed(.unreadableImport(_, let line, _)) = bad else {
            throw TodoTestError.unexpected(bad)
        }
        #expect(line == 2)
    }

    /// A record another program wrote may leave out when a to-do was made, which the import then
    /// gives it, and when it was done, which is then when it was made; a moment it gives is kept,
    /// the first of 1970 too.
    @Test func aJSONRecordThatLeavesOutItsMomentsTakesTheImportsAndIsDoneWhenItWasMade() throws {
        let json = #"""
            [{"title": "a", "completed": true},
             {"title": "b", "created": "1970-01-01T00:00:00.000Z"},
             {"title": "c", "created": "2026-01-02T03:04:05.000Z", "completed": true}]
            """#
        guard case .imported(let items, _, _) = core.todo(.importItems(text: json, format: .json)) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        #expect(items.map(\.created) == [noon, Date(milliseconds: 0), Date(milliseconds: 1_767_323_045_000)])
        #expect(items.map(\.completed) == [noon, nil, Date(milliseconds: 1_767_323_045_000)])
    }

    @Test func aJSONRoundTripGivesBackExactlyTheSameItems() throws {
        try core.add("buy milk", due: Day(iso: "2026-12-01"), tags: ["errands"])
        try core.add("call mum")
        guard case .exported(let text) = core.todo(.export(format: .json)) else {
            Issue.record("expected an export")
            return
        }
        let fresh = TodosUnderTest()
        _ = fresh.todo(.importItems(text: text, format: .json))
        #expect(try fresh.todos.items == core.todos.items)
    }

    @Test func aTaskwarriorExportImports() throws {
        let export = """
            [{"id":1,"description":"Buy milk","entry":"20261120T101500Z","modified":"20261120T101500Z",
              "status":"pending","uuid":"0f9d8a3e-1111-4c1b-9a55-000000000001","due":"20261201T000000Z",
              "priority":"H","project":"home","tags":["errands","shop"],"urgency":8.2},
             {"id":0,"description":"Call mum","end":"20261121T090000Z","entry":"20261119T080000Z",
              "status":"completed","uuid":"0f9d8a3e-1111-4c1b-9a55-000000000002"},
             {"description":"Gone","entry":"20261119T080000Z","status":"deleted","uuid":"x"}]
            """
        guard case .imported(let items, _, _) = core.todo(.importItems(text: export, format: .taskwarrior)) else {
            Issue.record("expected an import, got \(core.received())")
            return
        }
        #expect(items.map(\.title) == ["Buy milk", "Call mum"])
        #expect(items[0].due == Day(iso: "2026-12-01") && items[0].priority == .high)
        #expect(items[0].tags == ["errands", "shop"] && items[0].project == "home")
        #expect(items[1].isCompleted && !items[0].isCompleted)
    }

    @Test func aMalformedImportImportsNothing() throws {
        try core.add("keep me")
        let before = try core.store.state()
        let answer = core.todo(.importItems(text: "(A) fine\nx 2026-11-20 due:someday\n", format: .todotxt))
        guard case .failed(.unreadableImport(_, let line, _)) = answer else {
            Issue.record("expected a refusal, got \(String(describing: answer))")
            return
        }
        #expect(line == 2)
        #expect(try core.store.state() == before)
    }
}

enum TodoTestError: Error {
    case unexpected(TodoAnswer?)
}
