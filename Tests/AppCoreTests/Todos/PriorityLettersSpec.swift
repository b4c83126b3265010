import Essentials
import Foundation
import Testing

@testable import AppCore
@testable import Stores

/// Priorities as todo.txt has them, a letter from A to Z, each its own: typed, stored, sorted,
/// filtered and carried to and from todo.txt and Taskwarrior. Taskwarrior's H, M and L are A, B
/// and C, so the letters H, L and M must never be read as those three.
@Suite("Priorities A to Z")
struct PriorityLettersSpec {
    let core = TodosUnderTest()
    static let letterH = Priority.all[7]

    func priority(_ letter: Character) -> Priority? { Priority(letter: letter) }

    @Test func typedNamesAreTaskwarriorsThreeOrALetterAndBracketsKeepALetterItself() {
        #expect(Priority(name: "H") == .high && Priority(name: "high") == .high && Priority(name: "l") == .low)
        #expect(Priority(name: "(H)") == Self.letterH && Priority(name: "(h)") == Self.letterH)
        #expect(Priority(name: "d") == priority("D") && Priority(name: "Z") == priority("Z"))
        #expect(Priority(name: "a") == .high && Priority(name: "(C)") == .low)
        for refused in ["", "zz", "(HH)", "(1)", "1", "ä", "()", "(H"] {
            #expect(Priority(name: refused) == nil, "\(refused)")
        }
        // Each priority is typed back as itself.
        #expect(Priority.all.allSatisfy { Priority(name: $0.typed) == $0 })
        #expect(Priority.all.map(\.letter) == Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    }

    @Test func aLineStartingAsTodoTxtsSetsThePriorityAndReadsEachWordAfterIt() throws {
        let words = try TodoWords.read(["(B) call mum @phone +family"], editing: false, now: noon, timeZone: .utc)
        #expect(words.title == "call mum")
        #expect(words.changes == [.priority(.medium), .addContext("phone"), .addTag("family")])
        let apart = try TodoWords.read(["(K)", "call", "mum"], editing: false, now: noon, timeZone: .utc)
        #expect(apart.title == "call mum" && apart.changes == [.priority(priority("K"))])
    }

    @Test func aLineStartingAsTodoTxtsWithTheDayItWasMadeIsRefusedNotTitled() {
        #expect(
            throws: TodoWords.Failure(
                description: "2026-11-01 after (B) is the day a todo.txt line was made, which is not set here: "
                    + "import the line (todo import -), or write the title after --")
        ) {
            try TodoWords.read(["(B) 2026-11-01 call mum"], editing: false, now: noon, timeZone: .utc)
        }
    }

    @Test func aLineStartingAsTodoTxtsAndAPriWordOfAnotherLetterAreRefused() throws {
        #expect(
            throws: TodoWords.Failure(
                description: "the priority is given twice, as (B) and by a pri: word: give it once")
        ) {
            try TodoWords.read(["(B) call pri:C"], editing: false, now: noon, timeZone: .utc)
        }
        let same = try TodoWords.read(["(B) call", "pri:B"], editing: false, now: noon, timeZone: .utc)
        #expect(same.title == "call" && same.changes == [.priority(.medium), .priority(.medium)])
    }

    @Test(arguments: [["(b) call"], ["(B)call"], ["call", "(B)"], ["--", "(B) call"], ["(1) call"]])
    func anythingElseThatLooksLikeAPriorityStaysTheTitles(_ arguments: [String]) throws {
        let words = try TodoWords.read(arguments, editing: false, now: noon, timeZone: .utc)
        #expect(words.changes.isEmpty)
        #expect(words.title == arguments.filter { $0 != "--" }.joined(separator: " "))
    }

    @Test func aStoreAndJSONKeepTheLetterHApartFromHigh() throws {
        let item = try TodoItem(id: TodoID("0123456789"), title: "x", priority: Self.letterH, created: noon)
        var writer = BinaryFieldWriter()
        writer.nested { StoredItem(item).write(fields: &$0) }
        var reader = BinaryFieldReader(BinaryReader(writer.bodyBytes))
        #expect(try reader.nested { try StoredItem(fields: &$0) }.item.priority == Self.letterH)
        let json = try ValueCoding.makeEncoder().encode(item)
        #expect(String(decoding: json, as: UTF8.self).contains(#""priority":"H""#))
        #expect(try ValueCoding.makeDecoder().decode(TodoItem.self, from: json).priority == Self.letterH)
        // The first three keep the names they were always stored and exported by.
        #expect([Priority.high, .medium, .low, Self.letterH].map(\.name) == ["high", "medium", "low", "H"])
    }

    @Test func whatVersionsBeforeLettersKeptReadsAsTheLetter() throws {
        let older = try TodoItem(
            id: TodoID("0123456789"), title: "x", priority: .low, extras: ["priority": "D", "size": "l"], created: noon)
        let read = older.readingKeptPriorityLetter()
        #expect(read.priority == priority("D") && read.extras == ["size": "l"])
        // Only that form: the letter with another priority, or in lower case, is left as it is.
        for (kept, priority) in [("D", Priority.high), ("d", .low), ("C", .low), ("DD", .low)] {
            let other = try TodoItem(
                id: TodoID("0123456789"), title: "x", priority: priority, extras: ["priority": kept], created: noon)
            #expect(other.readingKeptPriorityLetter() == other, "\(kept) \(priority)")
        }
        let json = Data(
            #"{"id":"0123456789","title":"x","created":"2026-11-22T12:00:00.000Z","priority":"low","extras":{"priority":"Q"}}"#
                .utf8)
        let decoded = try ValueCoding.makeDecoder().decode(TodoItem.self, from: json)
        #expect(decoded.priority == priority("Q") && decoded.extras.isEmpty)
    }

    @Test func lettersSortInOrderAndAFilterPicksOneLetterAlone() throws {
        for line in ["(Z) z", "none", "(D) d", "(H) h", "(A) a", "(C) c"] {
            _ = core.todo(.add(draft: try draft(line)))
        }
        guard case .listed(let sorted, _, _) = core.todo(.list(query: TodoQuery(order: .priority))) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        #expect(sorted.map(\.title) == ["a", "c", "d", "h", "z", "none"])
        let picked = { (priority: Priority?) throws -> [String] in
            guard case .listed(let items, _, _) = core.todo(.list(query: TodoQuery(filter: .priority(priority)))) else {
                throw TodoTestError.unexpected(core.received().last)
            }
            return items.map(\.title)
        }
        #expect(try picked(.low) == ["c"])
        #expect(try picked(Self.letterH) == ["h"])
        #expect(try picked(.high) == ["a"])
    }

    @Test func todoTxtAndTaskwarriorCarryEveryLetterThereAndBack() throws {
        let lines = "(A) a id:p1\n(C) c id:p2\n(D) d id:p3\n(H) h id:p4\n(L) l id:p5\n(M) m id:p6\n(Z) z id:p7\n"
        _ = core.todo(.importItems(text: lines, format: .todotxt))
        guard case .exported(let tasks) = core.todo(.export(format: .taskwarrior)),
            case .exported(let text) = core.todo(.export(format: .todotxt))
        else { throw TodoTestError.unexpected(core.received().last) }
        #expect(text.split(separator: "\n").map { $0.prefix(3) } == ["(A)", "(C)", "(D)", "(H)", "(L)", "(M)", "(Z)"])
        let written = try JSONSerialization.jsonObject(with: Data(tasks.utf8)) as? [[String: Any]] ?? []
        #expect(written.map { $0["priority"] as? String } == ["H", "L", "D", "h", "l", "m", "Z"])
        let fresh = TodosUnderTest()
        guard case .imported(let items, _, _) = fresh.todo(.importItems(text: tasks, format: .taskwarrior)) else {
            throw TodoTestError.unexpected(fresh.received().last)
        }
        #expect(items.map { $0.priority?.letter } == ["A", "C", "D", "H", "L", "M", "Z"])
        #expect(items.allSatisfy { $0.extras["priority"] == nil })
    }

    private func draft(_ line: String) throws -> TodoDraft {
        let words = try TodoWords.read([line], editing: false, now: noon, timeZone: .utc)
        return TodoDraft(title: words.title ?? "", words.changes)
    }
}
