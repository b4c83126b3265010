import Foundation
import Testing

/// The switch a Taskwarrior user makes, both ways: a realistic list of some two hundred tasks,
/// made by Taskwarrior itself (projects, tags, priorities, due days and times, recurring tasks and
/// their instances, wait, scheduled, until, annotations, dependencies, user-defined attributes
/// declared in the taskrc, a task done, one deleted, one started, an instance done), is imported
/// with nothing dropped in silence, exported back with `--format taskwarrior`, and `task import` of
/// that gives the same tasks, templates and instances alike, field by field, with the instance
/// done here done there and the next one it made.
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
        // And one instance of a recurring task done there.
        let made = try Self.parsed(try run(["export"], theirs).stdout)
        let doneThere = try #require(
            made.first { $0["parent"] != nil && $0["status"] as? String == "pending" }?["uuid"] as? String)
        _ = try run([doneThere, "done"], theirs)
        let export = try run(["export"], theirs).stdout
        let tasks = try Self.parsed(export)
        let kept = tasks.filter { $0["status"] as? String != "deleted" }
        let parents = Set(tasks.compactMap { $0["parent"] as? String })
        let templates = kept.filter { parents.contains($0["uuid"] as? String ?? "") }
        let deleted = tasks.count - kept.count
        let instances = kept.filter { $0["parent"] != nil }
        #expect(tasks.count >= 190 && deleted == 1 && templates.count == 10 && instances.count >= 10)

        let file = place.folder.appendingPathComponent("theirs.json")
        try Data(export.utf8).write(to: file)
        let imported = try place.todo("import", file.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let said = imported.stdout.split(separator: "\n").prefix(3).map(String.init)
        // Every field of every task is one of a to-do's own, Taskwarrior's bookkeeping, or kept as an
        // extra that the import names; a template whose instances came is theirs.
        let own: Set<String> = [
            "uuid", "description", "status", "entry", "end", "due", "wait", "scheduled", "until", "start",
            "priority", "project", "tags", "annotations", "recur", "depends", "id", "urgency", "modified",
        ]
        let toDos = kept.filter { !parents.contains($0["uuid"] as? String ?? "") }
        let extras = Set(toDos.flatMap(\.keys)).subtracting(own).sorted()
        // A task that depends on a template depends on no to-do: the uuid is kept as the extra.
        let templateUUIDs = Set(templates.compactMap { $0["uuid"] as? String })
        let dependsOnTemplates = toDos.filter {
            (($0["depends"] as? [String]) ?? []).contains(where: templateUUIDs.contains)
        }
        #expect(dependsOnTemplates.count >= 1)
        #expect(extras == ["estimate", "imask", "parent", "rtype", "size"])
        let named = (extras + ["depends"]).sorted()
        #expect(
            said == [
                "Imported \(toDos.count) to-dos.",
                "\(named.count) fields kept as extras: \(named.joined(separator: ", ")).",
                "\(deleted + templates.count) tasks left out: \(deleted) deleted, \(templates.count) recurring template "
                    + "(a recurring task's instances are its to-dos, and keep its template).",
            ])
        let todos = try place.list("--all")
        #expect(todos.count == toDos.count)
        #expect(todos.filter { $0["recur"] is String }.count == toDos.filter { $0["recur"] != nil }.count)
        let dependencies = toDos.flatMap { ($0["depends"] as? [String]) ?? [] }
        #expect(Self.count("depends", in: todos) == dependencies.filter { !templateUUIDs.contains($0) }.count)
        #expect(Self.count("annotations", in: todos) == Self.count("annotations", in: toDos))
        // The instance done there is done here, and no other is open in its place.
        let extrasOf = { (todo: [String: Any]) in todo["extras"] as? [String: String] ?? [:] }
        let doneHere = try #require(todos.first { extrasOf($0)["uuid"] == doneThere })
        #expect(doneHere["completed"] as? Bool == true)

        // One instance done here: the latest of its template's, which makes the next.
        let chains = Dictionary(grouping: todos.filter { extrasOf($0)["parent"] != nil }) {
            extrasOf($0)["parent"] ?? ""
        }
        let index = { (todo: [String: Any]) in Int(extrasOf(todo)["imask"] ?? "") ?? -1 }
        let (parent, latest) = try #require(
            chains.lazy.compactMap { parent, chain in
                chain.max { index($0) < index($1) }.flatMap { $0["completed"] as? Bool == false ? (parent, $0) : nil }
            }.first)
        let latestUUID = try #require(extrasOf(latest)["uuid"])
        // Its template's mask, with that instance done and the next one open after every other.
        var mask = Array(try #require(templates.first { $0["uuid"] as? String == parent }?["mask"] as? String))
        mask[index(latest)] = "+"
        mask.append("-")
        let finished = try place.todo("done", try #require(latest["id"] as? String))
        #expect(finished.status == 0, "\(finished.stderr)")

        let ours = try place.todo("export", "--format", "taskwarrior")
        let back = place.folder.appendingPathComponent("ours.json")
        try Data(ours.stdout.utf8).write(to: back)
        // Recurrence off, so that `task` makes no instances of its own while it is asked.
        let again = try Self.taskrc(in: place.folder, data: "again", recurrence: false)
        _ = try run(["import", back.path], again)
        let returned = Dictionary(
            try Self.parsed(try run(["export"], again).stdout).map { ($0["uuid"] as? String ?? "", $0) }
        ) { first, _ in first }
        // Every task Taskwarrior gave, templates and instances, and the instance made here.
        #expect(returned.count == kept.count + 1)
        let given = Set(kept.compactMap { $0["uuid"] as? String })
        let next = try #require(returned.values.first { !given.contains($0["uuid"] as? String ?? "") })
        #expect(next["parent"] as? String == parent && next["status"] as? String == "pending")
        #expect(next["imask"] as? Int == mask.count - 1)
        #expect(returned[latestUUID]?["status"] as? String == "completed")
        #expect(returned[parent]?["mask"] as? String == String(mask))
        let bookkeeping: Set<String> = ["id", "urgency", "modified"]
        for task in kept where ![latestUUID, parent].contains(task["uuid"] as? String ?? "") {
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
