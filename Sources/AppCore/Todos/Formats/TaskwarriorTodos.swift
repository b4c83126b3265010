import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The JSON that Taskwarrior's `task export` writes: an array of tasks (or one per line).
enum TaskwarriorTodos {
    private struct Task: Decodable {
        struct Annotation: Decodable {
            let description: String
        }

        let uuid: String?
        let description: String
        let status: String?
        let entry: String?
        let end: String?
        let due: String?
        let wait: String?
        let scheduled: String?
        let until: String?
        let start: String?
        let priority: String?
        let project: String?
        let tags: [String]?
        let annotations: [Annotation]?
    }

    static func read(_ text: String, timeZone: Zone) throws(TodoFailure) -> [ImportedTodo] {
        let trimmed = text.trimmingWhitespace()
        // Older versions write one task a line, without the enclosing brackets.
        let json = trimmed.hasPrefix("[") ? trimmed : "[" + trimmed.split(separator: "\n").joined(separator: ",") + "]"
        let tasks: [Task]
        do {
            tasks = try JSONDecoder().decode([Task].self, from: Data(json.utf8))
        } catch {
            throw .unreadableImport(format: "Taskwarrior", line: nil, problem: "\(error)")
        }
        var todos: [ImportedTodo] = []
        for (index, task) in tasks.enumerated() where task.status != "deleted" {
            var todo = ImportedTodo(line: index + 1)
            todo.item.title = task.description
            if let entry = task.entry { todo.created = try date(entry) }
            if task.status == "completed", let end = task.end ?? task.entry { todo.item.completed = try date(end) }
            if let due = task.due { (todo.item.due, todo.item.dueTime) = try dueDay(due, in: timeZone) }
            todo.item.priority = task.priority.flatMap(Priority.init(name:))
            todo.item.tags = task.tags ?? []
            todo.item.project = task.project
            // A waiting task is pending with a wait in the future, or, written by older versions,
            // of the status `waiting`: either way its wait says until when.
            todo.item.wait = try task.wait.map(date)
            todo.item.scheduled = try task.scheduled.map(date)
            todo.item.until = try task.until.map(date)
            if task.status != "completed" { todo.item.started = try task.start.map(date) }
            todo.item.notes = (task.annotations ?? []).map(\.description).joined(separator: "\n")
            if let uuid = task.uuid { todo.item.extras["uuid"] = uuid }
            todos.append(todo)
        }
        return todos
    }

    /// The day a task is due in `timeZone`, and its time there unless it is midnight, which is
    /// how Taskwarrior keeps a due day given without a time.
    private static func dueDay(_ text: String, in timeZone: Zone) throws(TodoFailure) -> (Day, TimeOfDay?) {
        let moment = try date(text)
        let second = timeZone.wallClock(at: moment).second
        return (Day(moment, in: timeZone), second == 0 ? nil : TimeOfDay(seconds: second))
    }

    /// Taskwarrior's dates: `20261201T000000Z`.
    private static func date(_ text: String) throws(TodoFailure) -> Date {
        let digits = text.filter(\.isNumber)
        guard text.hasSuffix("Z"), digits.count == 14,
            let day = Day(iso: "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.dropFirst(6).prefix(2))"),
            let hour = Int(digits.dropFirst(8).prefix(2)), let minute = Int(digits.dropFirst(10).prefix(2)),
            let second = Int(digits.dropFirst(12).prefix(2))
        else {
            throw .unreadableImport(
                format: "Taskwarrior", line: nil, problem: "\"\(text)\" is not a date like 20261201T000000Z")
        }
        let seconds = day.ordinal * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(milliseconds: Int64(seconds) * 1_000)
    }
}
