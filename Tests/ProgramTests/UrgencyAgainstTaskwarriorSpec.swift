import Foundation
import Testing

/// `todo next` beside Taskwarrior's `task next`: the same thousand tasks, generated from a fixed
/// seed, imported into both, give the same ten most urgent in the same order, and the same urgency
/// to every open one. The tasks have annotations (some made in the second the task was, which come
/// in as the notes) and wait on others, done, waiting or open, so that some block and some are
/// blocked; they hold no tag starting with @ (a to-do's context, which is no tag here), as README
/// says. Taskwarrior reads the system's clock, which cannot be pinned: every moment is set from
/// now, and a task is made a whole number of days and six hours before it, so that its age in
/// whole days is the same in both, whichever second each reads.
@Suite("todo next beside task next")
struct UrgencyAgainstTaskwarriorSpec {
    static let task = TodoTransferProgramSpec.task

    /// A thousand tasks as `task export` writes them, drawn from `seed`, their moments set from `now`.
    static func tasks(seed: UInt64, now: Date) -> String {
        var state = seed
        func draw(_ bound: Int) -> Int {
            // SplitMix64: the same draws on every machine.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        func stamp(_ seconds: Int) -> String {
            formatter.string(
                from: Date(timeIntervalSince1970: (now.timeIntervalSince1970 + Double(seconds)).rounded(.down)))
        }
        let day = 86_400
        let projects = ["home", "home.garden", "work", "work.q4"]
        let tags = ["next", "errands", "q4", "someday", "call"]
        var lines: [String] = []
        func uuid(_ number: Int) -> String { "00000000-0000-4000-8000-\(String(format: "%012d", number))" }
        for number in 0..<1_000 {
            let entry = stamp(-draw(730) * day - 6 * 3_600)
            var fields = [
                "\"uuid\":\"\(uuid(number))\"", "\"description\":\"task \(number)\"", "\"entry\":\"\(entry)\"",
            ]
            if draw(10) == 0 {
                fields += ["\"status\":\"completed\"", "\"end\":\"\(stamp(-3_600))\""]
            } else {
                fields.append("\"status\":\"pending\"")
                if draw(10) == 0 { fields.append("\"start\":\"\(stamp(-day))\"") }
            }
            if draw(10) < 6 { fields.append("\"due\":\"\(stamp((draw(60 * 24 * 60) - 30 * 24 * 60) * 60))\"") }
            if let priority = ["H", "M", "L"].randomElement(drawing: draw(4)) {
                fields.append("\"priority\":\"\(priority)\"")
            }
            if draw(2) == 0 { fields.append("\"project\":\"\(projects[draw(projects.count)])\"") }
            let picked = Set((0..<draw(4)).map { _ in tags[draw(tags.count)] }).sorted()
            if !picked.isEmpty { fields.append("\"tags\":[\(picked.map { "\"\($0)\"" }.joined(separator: ","))]") }
            if draw(7) == 0 { fields.append("\"scheduled\":\"\(stamp((draw(20) - 10) * day + 3_600))\"") }
            switch draw(20) {
            case 0, 1: fields.append("\"wait\":\"\(stamp(5 * day))\"")
            case 2: fields.append("\"wait\":\"\(stamp(-2 * day))\"")
            default: break
            }
            // Up to four annotations, the first made with the task one time in three.
            let annotations = (0..<max(0, draw(8) - 3)).map { index in
                let made = index == 0 && draw(3) == 0 ? entry : stamp(-draw(20) * day - 60 * index)
                return "{\"entry\":\"\(made)\",\"description\":\"said \(number).\(index)\"}"
            }
            if !annotations.isEmpty { fields.append("\"annotations\":[\(annotations.joined(separator: ","))]") }
            // On up to three tasks made before it: none of them waits on it, so there is no cycle.
            if number > 0 && draw(6) == 0 {
                let others = Set((0..<(1 + draw(3))).map { _ in uuid(draw(number)) }).sorted()
                fields.append("\"depends\":[\(others.map { "\"\($0)\"" }.joined(separator: ","))]")
            }
            lines.append("{" + fields.joined(separator: ",") + "}")
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    /// Each task's uuid and urgency, in the order given.
    static func urgencies(_ json: String, uuid: ([String: Any]) -> String?) throws -> [(String, Double)] {
        let records = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], "\(json)")
        return records.map { (uuid($0) ?? "", $0["urgency"] as? Double ?? .nan) }
    }

    @Test(
        .enabled(
            if: TodoTransferProgramSpec.hasTask,
            "needs Taskwarrior's task at /usr/bin/task: apt-get install taskwarrior"))
    func theTenMostUrgentAreTaskwarriorsInItsOrderAndEveryUrgencyAgrees() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let now = Date()
        let file = place.folder.appendingPathComponent("tasks.json")
        try Self.tasks(seed: 28, now: now).write(to: file, atomically: true, encoding: .utf8)
        let taskData = place.folder.appendingPathComponent("task")
        try FileManager.default.createDirectory(at: taskData, withIntermediateDirectories: true)
        let taskrc = place.folder.appendingPathComponent("taskrc")
        try "".write(to: taskrc, atomically: true, encoding: .utf8)
        let environment = ["TASKDATA": taskData.path, "TASKRC": taskrc.path, "TZ": "UTC"]
        let options = [
            "rc.recurrence=off", "rc.hooks=off", "rc.confirmation=off", "rc.verbose=nothing", "rc.json.array=on",
        ]
        let imported = try ProgramRun.of(Self.task, options + ["import", file.path], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let ours = try place.todo("import", file.path, "--format", "taskwarrior")
        #expect(ours.status == 0, "\(ours.stderr)")

        let moment = ISO8601DateFormatter().string(from: now)
        func theirs(_ words: String...) throws -> [(String, Double)] {
            let run = try ProgramRun.of(Self.task, options + words, environment: environment)
            return try Self.urgencies(run.stdout) { $0["uuid"] as? String }
        }
        // `task next` shows a page: its ten first, as its report sorts them; every urgency from
        // the tasks its report picks.
        let next = try theirs("export", "next")
        let open = try theirs("status:pending", "-WAITING", "export")
        let ranked = try Self.urgencies(try place.todo("next", "--json", "--now", moment).stdout) {
            ($0["extras"] as? [String: String])?["uuid"]
        }
        #expect(next.count >= 10 && open.count > 700, "\(next.count) and \(open.count) from task")
        #expect(ranked.count == open.count, "the same open, not waiting, to-dos")
        #expect(ranked.prefix(10).map(\.0) == next.prefix(10).map(\.0), "the ten most urgent, in order")
        let theirUrgency = Dictionary(open, uniquingKeysWith: { first, _ in first })
        let differing = ranked.filter { uuid, urgency in abs(urgency - (theirUrgency[uuid] ?? .infinity)) > 0.01 }
        #expect(differing.count == 0, "urgencies that differ, the first five: \(differing.prefix(5))")
    }
}

extension Array {
    /// The element at `index`, or nil past the end: a draw of one more than there are picks none.
    fileprivate func randomElement(drawing index: Int) -> Element? { index < count ? self[index] : nil }
}
