import AppCore
import Foundation
import Testing

@Suite("TodoItem")
struct TodoItemSpec {
    let item: TodoItem

    init() throws {
        item = try TodoItem(
            id: TodoID("a1b2c3d4e5"), title: "buy milk", notes: "semi-skimmed", due: Day(iso: "2026-12-01"),
            priority: .medium, tags: ["errands"], contexts: ["shop"], extras: ["store": "corner"], created: noon)
    }

    func expectUnchanged(_ changed: TodoItem, except changedFields: Set<String>) {
        if !changedFields.contains("title") { #expect(changed.title == item.title) }
        if !changedFields.contains("notes") { #expect(changed.notes == item.notes) }
        if !changedFields.contains("due") { #expect(changed.due == item.due) }
        if !changedFields.contains("priority") { #expect(changed.priority == item.priority) }
        if !changedFields.contains("tags") { #expect(changed.tags == item.tags) }
        if !changedFields.contains("contexts") { #expect(changed.contexts == item.contexts) }
        if !changedFields.contains("completed") { #expect(changed.completed == item.completed) }
        if !changedFields.contains("project") { #expect(changed.project == item.project) }
        if !changedFields.contains("dueTime") { #expect(changed.dueTime == item.dueTime) }
        if !changedFields.contains("wait") { #expect(changed.wait == item.wait) }
        if !changedFields.contains("scheduled") { #expect(changed.scheduled == item.scheduled) }
        if !changedFields.contains("until") { #expect(changed.until == item.until) }
        if !changedFields.contains("started") { #expect(changed.started == item.started) }
        if !changedFields.contains("secondsSpent") { #expect(changed.secondsSpent == item.secondsSpent) }
        #expect(changed.id == item.id)
        #expect(changed.created == item.created)
        #expect(changed.extras == item.extras)
    }

    @Test func changingTheTitleChangesOnlyTheTitle() throws {
        let changed = try item.alter(.title("buy beer"))
        #expect(changed.title == "buy beer")
        expectUnchanged(changed, except: ["title"])
        #expect(item.title == "buy milk")
    }

    @Test func changingTheDueDayChangesOnlyTheDueDay() throws {
        let changed = try item.alter(.due(nil))
        #expect(changed.due == nil)
        expectUnchanged(changed, except: ["due"])
    }

    @Test func completingRecordsWhenAndChangesNothingElse() throws {
        let done = try item.alter(.completed(noon))
        #expect(done.isCompleted && done.completed == noon)
        expectUnchanged(done, except: ["completed"])
        #expect(try done.alter(.completed(nil)) == item)
    }

    @Test func tagsStaySortedAndWithoutRepeats() throws {
        let changed = try item.alter(.addTag("home"), .addTag("errands"), .addTag("aa"))
        #expect(changed.tags == ["aa", "errands", "home"])
        expectUnchanged(changed, except: ["tags"])
        #expect(try changed.alter(.removeTag("home")).tags == ["aa", "errands"])
    }

    @Test func contextsAreAddedAndTakenOffAndStaySortedWithoutRepeats() throws {
        let changed = try item.alter(.addContext("town"), .addContext("shop"), .addContext("car"))
        #expect(changed.contexts == ["car", "shop", "town"])
        expectUnchanged(changed, except: ["contexts"])
        #expect(try changed.alter(.removeContext("shop"), .removeContext("none")).contexts == ["car", "town"])
        #expect(throws: TodoFailure.badTag(tag: "two words")) { try item.alter(.addContext("two words")) }
    }

    @Test func eachNewAttributeChangesOnlyItself() throws {
        let moment = noon.addingTimeInterval(86_400)
        let changes: [(String, TodoItem.Change)] = [
            ("project", .project("home.kitchen")), ("dueTime", .dueTime(TimeOfDay(hour: 9, minute: 30))),
            ("wait", .wait(moment)), ("scheduled", .scheduled(moment)), ("until", .until(moment)),
            ("started", .started(moment)), ("secondsSpent", .secondsSpent(60)),
        ]
        for (field, change) in changes {
            let changed = try item.alter(change)
            #expect(changed != item, "\(field)")
            expectUnchanged(changed, except: [field])
        }
    }

    @Test func aProjectIsTrimmedAndHoldsSpacesButNeverNothingOrControls() throws {
        #expect(try item.alter(.project("  Home Repair ")).project == "Home Repair")
        #expect(throws: TodoFailure.emptyProject) { try item.alter(.project("  ")) }
        #expect(throws: TodoFailure.self) { try item.alter(.project("work\u{1B}[2J")) }
        #expect(throws: TodoFailure.self) { try item.alter(.project(String(repeating: "a", count: 201))) }
        #expect(throws: TodoFailure.negativeTimeSpent(seconds: -1)) { try item.alter(.secondsSpent(-1)) }
    }

    @Test func aProjectHoldsTheProjectsUnderItAndNoOtherWhoseNameStartsTheSame() throws {
        let reports = try item.alter(.project("work.reports"))
        #expect(reports.isIn(project: "work"))
        #expect(reports.isIn(project: "work.reports"))
        #expect(!reports.isIn(project: "work.reports.q4"))
        #expect(!reports.isIn(project: "wor"))
        #expect(!(try item.alter(.project("workshop"))).isIn(project: "work"))
        #expect(!item.isIn(project: "work"))
    }

    @Test func waitingAndExpiringAreToldByTheMomentAndEndWithDone() throws {
        let (before, after) = (noon.addingTimeInterval(-1), noon.addingTimeInterval(1))
        let waiting = try item.alter(.wait(after))
        #expect(waiting.isWaiting(at: noon) && !waiting.isWaiting(at: after))
        let expiring = try item.alter(.until(after))
        #expect(!expiring.hasExpired(at: noon) && expiring.hasExpired(at: after))
        let done = try waiting.alter(.until(before), .completed(noon))
        #expect(!done.isWaiting(at: noon) && !done.hasExpired(at: noon))
    }

    @Test func changesApplyInOrder() throws {
        let changed = try item.alter(.priority(.high), .priority(nil), .notes("none"))
        #expect(changed.priority == nil)
        #expect(changed.notes == "none")
        expectUnchanged(changed, except: ["priority", "notes"])
    }

    @Test(arguments: ["", "   ", "a\nb"])
    func aTitleThatIsNoTitleIsAnErrorNotANoOp(_ title: String) {
        #expect(throws: TodoFailure.self) { try item.alter(.title(title)) }
    }

    /// An extra todo.txt would read as something else is refused: it could not come back as itself.
    @Test(arguments: ["due", "+x", "@x", #"\+x"#, #"\\@x"#, #"a\"#, "a b", "a:b", "10"])
    func anExtraTodoTxtReadsOtherwiseIsRefused(_ key: String) {
        #expect(throws: TodoFailure.self) {
            try TodoItem(id: TodoID("a1b2c3d4e5"), title: "t", extras: [key: "v"], created: noon)
        }
    }

    @Test func anExtraWithABackslashInsideOrInFrontOfAWordIsKept() throws {
        let extras = [#"\u0020k"#: "v", #"a\b"#: #"c\"#, "10a": "30"]
        #expect(try TodoItem(id: TodoID("a1b2c3d4e5"), title: "t", extras: extras, created: noon).extras == extras)
    }

    @Test func aTagWithASpaceIsRefused() {
        #expect(throws: TodoFailure.badTag(tag: "two words")) { try item.alter(.addTag("two words")) }
    }

    @Test func forkingGivesANewIdentityAndKeepsEverythingElse() throws {
        let later = noon.addingTimeInterval(60)
        let copy = try item.fork(id: TodoID("ffffffffff"), at: later)
        #expect(copy.id == TodoID("ffffffffff"))
        #expect(copy.created == later)
        #expect(copy.title == item.title && copy.due == item.due && copy.tags == item.tags)
        #expect(copy.notes == item.notes && copy.priority == item.priority && copy.extras == item.extras)
    }

    @Test func forkingWithChangesAppliesThemToTheCopyOnly() throws {
        let copy = try item.fork(id: TodoID("ffffffffff"), at: noon, [.title("buy bread")])
        #expect(copy.title == "buy bread")
        #expect(item.title == "buy milk")
    }
}
