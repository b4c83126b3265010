import Foundation
import Testing

/// The switch a Taskwarrior user makes, both ways: a realistic list of some two hundred tasks,
/// made by Taskwarrior itself (projects, tags, priorities, due days and times, recurring tasks and
/// their instances, wait, scheduled, until, annotations, dependencies, user-defined attributes
/// declared in the taskrc, a task done, one deleted, one started), is imported with nothing
/// dropped in silence, exported back with `--format taskwarrior`, and `task import` of that gives
/// the same tasks, field by field.
@Suite("todo, a Taskwarrior user's list and back")
struct TaskwarriorSwitchProgramSpec {
    static let task = TodoTransferProgramSpec.task

    /// A taskrc in `folder`, its data in `data`, declaring the user-defined attributes the tasks use.
    static func taskrc(in folder: URL, data: String, recurrence: Bool) throws -> [String: String] {
        let rc = folder.appendingPathComponent("taskrc-\(data)")
        let lines = [
            "data.location=\(folder.appendingPathComponent(data).path)", "confirmation=off", "verbose=nothing",
            "hooks=off", "recurrence=\(recurrence ? "on" : "off")", "uda.estimate.type=numeric",
            "uda.estimate.label=Estimate", "uda.size.type=string", "uda.size.values=S,M,L",
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: rc)
        return ["TASKRC": rc.path, "TASKDATA": folder.appendingPathComponent(data).path]
    }

    static func uuid(_ number: Int) -> String {
        "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - String(number).count) + String(number)
    }

    /// 180 tasks, each field where its number says so: the same every run.
    static var tasks: [[String: Any]] {
        let projects = ["work.reports", "work.meetings", "home.garden", "home", "errands", ""]
        let tags = [["q4"], ["office", "calls"], [], ["weekend"], ["urgent", "q4"]]
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return (1...180).map { number in
            var task: [String: Any] = [
                "uuid": uuid(number), "description": "task \(number)", "status": "pending",
                "entry": "202611\(two(1 + number % 20))T\(two(8 + number % 10))\(two(number % 60))00Z",
            ]
            if !projects[number % 6].isEmpty { task["project"] = projects[number % 6] }
            if !tags[number % 5].isEmpty { task["tags"] = tags[number % 5] }
            if number % 4 == 0 { task["priority"] = ["H", "M", "L"][number % 3] }
            if number % 3 == 0 {
                task["due"] = "202612\(two(1 + number % 28))T\(number % 2 == 0 ? "000000" : "173000")Z"
            }
            if number % 7 == 0 { task["wait"] = "20261201T080000Z" }
            if number % 9 == 0 { task["scheduled"] = "20261128T090000Z" }
            if number % 11 == 0 { task["until"] = "20270115T235959Z" }
            var annotations: [[String: String]] = []
            if number % 5 == 0 {
                annotations.append(["entry": "202611\(21 + number % 5)T120000Z", "description": "note on \(number)"])
            }
            if number % 13 == 0 { annotations.append(["entry": "20261124T150000Z", "description": "then, \(number)"]) }
            if !annotations.isEmpty { task["annotations"] = annotations }
            if number % 6 == 0 && number > 6 { task["depends"] = [uuid(number - 6)] }
            if number % 8 == 0 { task["estimate"] = number % 5 + 1 }
            if number % 10 == 0 { task["size"] = ["S", "M", "L"][number % 3] }
            if number % 17 == 0 {
                (task["recur"], task["status"]) = (number % 2 == 0 ? "monthly" : "weekly", "recurring")
                if task["due"] == nil { task["due"] = "20261201T000000Z" }
            }
            return task
        }
    }

    /// How many values the lists under `key` hold, all records together.
    static func count(_ key: String, in records: [[String: Any]]) -> Int {
        records.reduce(0) { total, record in total + ((record[key] as? [Any])?.count ?? 0) }
    }

    func run(_ arguments: [String], _ environment: [String: String]) throws -> ProgramRun {
        let run = try ProgramRun.of(Self.task, arguments, environment: environment)
        #expect(run.status == 0, "task \(arguments.joined(separator: " ")): \(run.stderr)")
        return run
    }

    static func parsed(_ json: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    @Test(
        .enabled(
            if: TodoTransferProgramSpec.hasTask,
            "needs Taskwarrior's task at /usr/bin/task: apt-get install taskwarrior"))
    func aTaskwarriorListComesInWithNothingDroppedAndGoesBackTheSame() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let theirs = try Self.taskrc(in: place.folder, data: "theirs", recurrence: true)
        let generated = place.folder.appendingPathComponent("generated.json")
        try JSONSerialization.data(withJSONObject: Self.tasks).write(to: generated)
        _ = try run(["import", generated.path], theirs)
        // A day's work in Taskwarrior: one done, one deleted, one started, one annotated, and a
        // report, which makes the recurring tasks' instances.
        _ = try run([Self.uuid(29), "done"], theirs)
        _ = try run([Self.uuid(31), "delete"], theirs)
        _ = try run([Self.uuid(32), "start"], theirs)
        _ = try run([Self.uuid(33), "annotate", "asked by task itself"], theirs)
        _ = try run(["list"], theirs)
        let export = try run(["export"], theirs).stdout
        let tasks = try Self.parsed(export)
        let (deleted, instances) = (
            tasks.filter { $0["status"] as? String == "deleted" }.count, tasks.filter { $0["parent"] != nil }.count
        )
        let kept = tasks.filter { $0["status"] as? String != "deleted" && $0["parent"] == nil }
        #expect(tasks.count >= 190 && deleted == 1 && instances >= 10)

        let file = place.folder.appendingPathComponent("theirs.json")
        try Data(export.utf8).write(to: file)
        let imported = try place.todo("import", file.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let said = imported.stdout.split(separator: "\n").prefix(3).map(String.init)
        // Every field of every task is one of a to-do's own, Taskwarrior's bookkeeping, or kept as an
        // extra that the import names.
        let own: Set<String> = [
            "uuid", "description", "status", "entry", "end", "due", "wait", "scheduled", "until", "start",
            "priority", "project", "tags", "annotations", "recur", "depends", "id", "urgency", "modified",
        ]
        let extras = Set(kept.flatMap(\.keys)).subtracting(own).sorted()
        #expect(extras == ["estimate", "mask", "rtype", "size"])
        #expect(
            said == [
                "Imported \(kept.count) to-dos.",
                "\(extras.count) fields kept as extras: \(extras.joined(separator: ", ")).",
                "\(deleted + instances) tasks left out: \(deleted) deleted, \(instances) recurring instance "
                    + "(a recurring task is imported once, as its template).",
            ])
        let todos = try place.list("--all")
        #expect(todos.count == kept.count)
        #expect(todos.filter { $0["recur"] is String }.count == kept.filter { $0["recur"] != nil }.count)
        #expect(Self.count("depends", in: todos) == Self.count("depends", in: kept))
        #expect(Self.count("annotations", in: todos) == Self.count("annotations", in: kept))

        let ours = try place.todo("export", "--format", "taskwarrior")
        let back = place.folder.appendingPathComponent("ours.json")
        try Data(ours.stdout.utf8).write(to: back)
        // Recurrence off, so that `task` makes no instances of its own while it is asked.
        let again = try Self.taskrc(in: place.folder, data: "again", recurrence: false)
        _ = try run(["import", back.path], again)
        let returned = Dictionary(
            try Self.parsed(try run(["export"], again).stdout).map { ($0["uuid"] as? String ?? "", $0) }
        ) { first, _ in first }
        #expect(returned.count == kept.count)
        let bookkeeping: Set<String> = ["id", "urgency", "modified"]
        for task in kept {
            let uuid = task["uuid"] as? String ?? ""
            guard let other = returned[uuid] else {
                Issue.record("\(uuid) did not come back")
                continue
            }
            for key in Set(task.keys).union(other.keys).subtracting(bookkeeping)
            where (task[key] as? NSObject) != (other[key] as? NSObject) {
                Issue.record("\(uuid) \(key): \(task[key] ?? "none") went, \(other[key] ?? "none") came back")
            }
        }
    }
}
