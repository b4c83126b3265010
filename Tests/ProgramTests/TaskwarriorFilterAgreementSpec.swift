import Foundation
import Testing

/// Taskwarrior's virtual tags and searches of the description pick, in `todo`, the tasks `task`
/// picks on the same data: 120 tasks due on each of the 21 days around today and further off,
/// started, waiting, scheduled, expiring, annotated, blocked and done, imported into both, each
/// filter run through both and the titles compared. Both read the clock as it is, since `task`
/// cannot be given another; the days are made from it.
@Suite("todo's filters beside Taskwarrior's")
struct TaskwarriorFilterAgreementSpec {
    static let filters = [
        "+OVERDUE", "+DUE", "+TODAY", "+TOMORROW", "+YESTERDAY", "+WEEK", "+MONTH", "+QUARTER", "+YEAR", "+ACTIVE",
        "+WAITING", "+BLOCKED", "+UNBLOCKED", "+BLOCKING", "+PROJECT", "+TAGGED", "+ANNOTATED", "+SCHEDULED",
        "+UNTIL", "+READY", "+PENDING", "+COMPLETED", "+PRIORITY", "-OVERDUE", "-ACTIVE", "-WEEK", "-BLOCKED",
        "description.contains:milk", "desc.has:MILK", "desc.hasnt:milk", "description~m.lk", "desc.contains:note",
    ]

    /// The moment `date` as Taskwarrior writes it.
    static func written(_ date: Date) -> String {
        let format = DateFormatter()
        (format.locale, format.timeZone) = (Locale(identifier: "en_US_POSIX"), TimeZone(identifier: "UTC"))
        format.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return format.string(from: date)
    }

    /// The tasks, their days counted from `now`.
    static func tasks(at now: Date) -> [[String: Any]] {
        let day = 86_400.0
        let today = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / day).rounded(.down) * day)
        let uuid = { (number: Int) in "00000000-0000-4000-8000-" + String(format: "%012d", number) }
        let titles = ["buy milk", "call Sam", "pay rent", "Oat MILK run", "write report"]
        let offsets = Array(-10...10) + [-100, -40, 35, 80, 200]
        return (1...120).map { number in
            let odd = number % 2 == 1
            var task: [String: Any] = [
                "uuid": uuid(number), "description": "\(titles[number % 5]) \(number)", "status": "pending",
                "entry": written(now - Double(30 - number % 20) * day),
            ]
            if number % 3 == 0 {
                // Every other one at midnight, which Taskwarrior writes for a day alone.
                let offset = Double(offsets[(number / 3) % offsets.count])
                task["due"] = written(today + offset * day + (odd ? 17 * 3_600 : 0))
            }
            if number % 4 == 0 { task["project"] = odd ? "home" : "work.reports" }
            if number % 5 == 1 { task["tags"] = ["errands"] }
            if number % 7 == 0 { task["priority"] = ["H", "M", "L"][number % 3] }
            if number % 11 == 0 { task["start"] = written(now - 7_200) }
            if number % 13 == 0 { (task["wait"], task["status"]) = (written(now + 3 * day), "waiting") }
            if number % 9 == 0 { task["scheduled"] = written(now + (odd ? 2 : -2) * day) }
            if number % 17 == 0 { task["until"] = written(now + 20 * day) }
            if number % 6 == 0 { task["annotations"] = [["entry": written(now - day), "description": "note milk"]] }
            if number % 8 == 0 && number > 8 { task["depends"] = [uuid(number - 5)] }
            if number % 10 == 0 { (task["status"], task["end"]) = ("completed", written(now - day)) }
            return task
        }
    }

    @Test(.slow, .enabled(if: TodoTransferProgramSpec.hasTask, "needs Taskwarrior's task: apt-get install taskwarrior"))
    func everyVirtualTagAndSearchOfTheDescriptionPicksWhatTaskPicks() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let now = Date()
        let tasks = Self.tasks(at: now)
        let file = place.folder.appendingPathComponent("tasks.json")
        try JSONSerialization.data(withJSONObject: tasks).write(to: file)
        let taskData = place.folder.appendingPathComponent("task")
        try FileManager.default.createDirectory(at: taskData, withIntermediateDirectories: true)
        let taskrc = place.folder.appendingPathComponent("taskrc")
        try Data().write(to: taskrc)
        let taskEnvironment = ["TASKDATA": taskData.path, "TASKRC": taskrc.path, "TZ": "UTC"]
        // Searches in any case, as todo's are.
        let options = [
            "rc.recurrence=off", "rc.hooks=off", "rc.confirmation=off", "rc.verbose=nothing", "rc.json.array=on",
            "rc.search.case.sensitive=no",
        ]
        let task = { (arguments: [String]) in
            try ProgramRun.of(TodoTransferProgramSpec.task, options + arguments, environment: taskEnvironment)
        }
        #expect(try task(["import", file.path]).status == 0)
        let ourEnvironment = place.environment.filter { $0.key != "APPCORE_NOW" }
        let todo = { (arguments: [String]) in try ProgramRun.of("todo", arguments, environment: ourEnvironment) }
        #expect(try todo(["import", "--format", "taskwarrior", file.path]).status == 0)

        let titles = { (json: String, field: String) throws -> [String] in
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
            return rows.compactMap { $0[field] as? String }.sorted()
        }
        for filter in Self.filters {
            let theirs = try titles(try task([filter, "export"]).stdout, "description")
            let ours = try todo(["list", "--all", filter, "--json"])
            #expect(ours.status == 0, "\(filter): \(ours.stderr)")
            let (added, left) = Self.differences(filter, in: tasks, at: now)
            let expected = (theirs.filter { !left.contains($0) } + added).sorted()
            #expect(try titles(ours.stdout, "title") == expected, "\(filter)")
            #expect(!theirs.isEmpty, "\(filter) picks nothing, so proves nothing")
        }
    }

    /// Where the two differ, each on purpose: the descriptions of the tasks `filter` picks here and
    /// not in `task`, and of those it picks in `task` and not here.
    static func differences(_ filter: String, in tasks: [[String: Any]], at now: Date) -> (
        added: [String], left: [String]
    ) {
        let open = tasks.filter { $0["status"] as? String != "completed" }
        let done = tasks.filter { $0["status"] as? String == "completed" }
        switch filter {
        case "+OVERDUE", "-OVERDUE":
            // Said in README: a task due today at midnight is, here, due on a day with no time,
            // overdue once the day is over; in Taskwarrior, from midnight on.
            let midnight = String(written(now).prefix(8)) + "T000000Z"
            let today = open.filter { ($0["due"] as? String) == midnight }.compactMap { $0["description"] as? String }
            return filter == "+OVERDUE" ? ([], today) : (today, [])
        case "-ACTIVE":
            // Taskwarrior picks a task done after it was started with neither +ACTIVE nor -ACTIVE;
            // here, no longer being worked on, it is not active.
            return (done.filter { $0["start"] != nil }.compactMap { $0["description"] as? String }, [])
        default: return ([], [])
        }
    }
}
