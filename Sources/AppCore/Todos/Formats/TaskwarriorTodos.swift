import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The JSON that Taskwarrior's `task export` writes and `task import` reads: an array of tasks
/// (older versions write one a line, without the brackets).
///
/// Each field a to-do has is read into it: description, status, entry, end, due (with its time of
/// day), wait, scheduled, until, start, priority (H, M, L, and letters, `Priority.taskwarrior`), project, tags, and annotations, each
/// the to-do's with its moment, but for a first one made with the task, which is how the notes are
/// exported, and which become the notes again. (Notes kept by an earlier import, a line each behind
/// its moment, `2026-11-20T10:30:00Z call back`, are exported as an annotation each, as before.) A recurrence is kept as the to-do's `recur` where ours reads it and the task has a due
/// day, else as an extra. The uuid is kept as the extra `uuid`, by which an import finds the to-do
/// again. Every other field (a user-defined attribute, `depends`, `mask`, a priority that is no
/// letter) is kept as an extra of its name, its value one word (`%20` for a space, `%25` for a `%`, a
/// list joined by commas), and named by the import. Taskwarrior's own bookkeeping, `id`,
/// `urgency` and `modified`, is made again by Taskwarrior, and left out. Each instance of a
/// recurring task (one with a `parent`) is a to-do of its own, and its template, of the status
/// `recurring`, goes with its instances and is written again before them
/// (`TaskwarriorRecurrence`). A deleted task is left out. Each left out is counted in the answer.
enum TaskwarriorTodos {
    /// The fields read into a to-do's own, and those Taskwarrior makes again.
    private static let ownFields: Set<String> = [
        "uuid", "description", "status", "entry", "end", "due", "wait", "scheduled", "until", "start", "priority",
        "project", "tags", "annotations", "recur", "depends",
    ]
    private static let bookkeeping: Set<String> = ["id", "urgency", "modified"]
    /// Extras the export writes as fields of their own rather than as user-defined attributes.
    private static let writtenOwn: Set<String> = ["uuid", "priority", "depends", TodoTxt.undatedKey]

    static func read(_ text: String, timeZone: Zone) throws(TodoFailure) -> ImportedFile {
        let trimmed = text.trimmingWhitespace()
        let json = trimmed.hasPrefix("[") ? trimmed : "[" + trimmed.split(separator: "\n").joined(separator: ",") + "]"
        let tasks: [Task]
        do {
            tasks = try JSONDecoder().decode([Task].self, from: Data(json.utf8))
        } catch {
            throw .unreadableImport(
                format: "Taskwarrior", line: nil, problem: DecodingProblem.describe(error, records: "task"))
        }
        // A template whose instances the file holds, deleted ones too, goes with them: each
        // instance is a to-do, and keeps what the template does not share with it.
        var parents: Set<String> = []
        for task in tasks { if case .text(let parent) = task.fields["parent"] { parents.insert(parent) } }
        // A template without the moments it is made again from (its entry and due) goes with
        // its instances all the same, which are written back without it.
        var templates: [String: TaskwarriorRecurrence.Template?] = [:]
        for task in tasks where task.fields["status"] == .text("recurring") {
            guard case .text(let uuid) = task.fields["uuid"], parents.contains(uuid) else { continue }
            templates[uuid] = template(of: task)
        }
        var file = ImportedFile()
        for (index, task) in tasks.enumerated() {
            if task.fields["status"] == .text("deleted") {
                file.skipped[ImportReport.deleted, default: 0] += 1
            } else if case .text(let uuid) = task.fields["uuid"], templates.keys.contains(uuid) {
                file.skipped[ImportReport.recurringTemplate, default: 0] += 1
            } else {
                var todo = try todo(of: task, number: index + 1, timeZone: timeZone)
                if let parent = todo.item.extras[TaskwarriorRecurrence.parentKey],
                    let template = templates[parent] ?? nil
                {
                    todo.item.extras[TaskwarriorRecurrence.templateKey] = template.extra
                }
                file.todos.append(todo)
            }
        }
        return file
    }

    /// What a template does not share with its instances: the moment it was made, its due, its
    /// mask; none where it lacks the first two.
    private static func template(of task: Task) -> TaskwarriorRecurrence.Template? {
        guard case .text(let entry) = task.fields["entry"], date(entry) != nil,
            case .text(let due) = task.fields["due"],
            date(due) != nil
        else { return nil }
        let mask: String? = if case .text(let mask) = task.fields["mask"] { mask } else { nil }
        return TaskwarriorRecurrence.Template(entry: entry, due: due, mask: mask)
    }

    private static func todo(of task: Task, number: Int, timeZone: Zone) throws(TodoFailure) -> ImportedTodo {
        func failure(_ problem: String) -> TodoFailure {
            .unreadableImport(format: "Taskwarrior", line: nil, problem: "task \(number): \(problem)")
        }
        func text(_ name: String) throws(TodoFailure) -> String? {
            switch task.fields[name] {
            case nil, .null: return nil
            case .text(let text): return text
            default: throw failure("\(name) is not text")
            }
        }
        func moment(_ name: String) throws(TodoFailure) -> Date? {
            guard let value = try text(name) else { return nil }
            guard let date = date(value) else {
                throw failure("\(name) \"\(value)\" is not a date like 20261201T000000Z")
            }
            return date
        }
        var todo = ImportedTodo(line: number)
        guard let description = try text("description") else { throw failure("it has no description") }
        todo.item.title = description
        todo.created = try moment("entry")
        let status = try text("status")
        if status == "completed" {
            let end = try moment("end")
            todo.item.completed = end ?? todo.created
        }
        if let due = try moment("due") {
            todo.item.due = Day(due, in: timeZone)
            // Taskwarrior keeps a due day given without a time as its midnight.
            let second = timeZone.wallClock(at: due).second
            todo.item.dueTime = second == 0 ? nil : TimeOfDay(seconds: second)
        }
        // A waiting task is pending with a wait in the future, or, written by older versions, of
        // the status `waiting`: either way its wait says until when.
        (todo.item.wait, todo.item.scheduled, todo.item.until) = (
            try moment("wait"), try moment("scheduled"), try moment("until")
        )
        if status != "completed" { todo.item.started = try moment("start") }
        if let priority = try text("priority") {
            if let known = Priority(taskwarrior: priority) {
                todo.item.priority = known
            } else {
                todo.keep("priority", priority)
            }
        }
        todo.item.project = try text("project")
        // A recurrence Taskwarrior writes that ours does not read (P1M, 3days), or one on a task
        // with no due day, stays as it came, an extra named by the import.
        if let recur = try text("recur") {
            if let recurrence = Recurrence(text: recur), todo.item.due != nil {
                todo.item.recur = recurrence
            } else {
                todo.keep("recur", recur)
            }
        }
        switch task.fields["tags"] {
        case nil, .null: break
        case .list(let tags):
            // A tag of ours that starts with @ is a context, as the export writes it.
            todo.item.tags = tags.filter { !$0.hasPrefix("@") || $0.count == 1 }
            todo.item.contexts = tags.filter { $0.hasPrefix("@") && $0.count > 1 }.map { String($0.dropFirst()) }
        default: throw failure("tags is not a list of words")
        }
        for (index, annotation) in task.annotations.enumerated() {
            guard let entry = date(annotation.entry) else {
                throw failure("an annotation's entry \"\(annotation.entry)\" is not a date like 20261201T000000Z")
            }
            // The export writes the notes as an annotation made with the task: read back, they
            // are the notes again. Every other annotation is one of the to-do's.
            if index == 0 && entry == todo.created {
                todo.item.notes = annotation.description
            } else {
                todo.item.annotations.all.append(Annotation(entry: entry, description: annotation.description))
            }
        }
        switch task.fields["depends"] {
        case nil, .null: break
        case .list(let uuids): todo.dependsOnUUIDs = uuids
        // Versions before 2.6 write them as one text, joined by commas.
        case .text(let uuids): todo.dependsOnUUIDs = uuids.split(separator: ",").map(String.init)
        default: throw failure("depends is not a list of uuids")
        }
        if let uuid = try text("uuid") { todo.item.extras["uuid"] = uuid }
        for (name, value) in task.fields.sorted(by: { $0.key < $1.key })
        where !ownFields.contains(name) && !bookkeeping.contains(name) {
            switch value {
            case .null: continue
            case .text(let text): todo.keep(name, text)
            case .number(let number): todo.keep(name, number)
            case .list(let words): todo.keep(name, words.joined(separator: ","))
            case .other: throw failure("\(name) is neither text, a number nor a list of words")
            }
        }
        return todo
    }

    /// The to-dos as tasks, one a line in an array, in the order given.
    static func write(_ items: [TodoItem], timeZone: Zone) throws(TodoFailure) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        var lines: [String] = []
        // A dependency is written as the uuid of the task it names.
        let uuids = Dictionary(items.map { ($0.id.value, uuid(of: $0)) }) { first, _ in first }
        // The instances of each recurring task of Taskwarrior's, by its template's uuid: the
        // template is written again before the first of them.
        var instances: [String: [TodoItem]] = [:]
        for item in items {
            if let parent = TaskwarriorRecurrence.parent(of: item), TaskwarriorRecurrence.recurs(item) {
                instances[parent, default: []].append(item)
            }
        }
        var templatesWritten: Set<String> = []
        func write(_ task: WrittenTask) throws(TodoFailure) {
            do {
                lines.append(String(decoding: try encoder.encode(task), as: UTF8.self))
            } catch {
                throw .notStored(reason: "\(error)")
            }
        }
        for item in items {
            if let parent = TaskwarriorRecurrence.parent(of: item), TaskwarriorRecurrence.recurs(item),
                templatesWritten.insert(parent).inserted,
                let chain = instances[parent],
                let (template, mask) = Self.template(parent, of: chain, timeZone: timeZone)
            {
                try write(WrittenTask(template, timeZone: timeZone, uuids: uuids, mask: mask))
            }
            try write(WrittenTask(item, timeZone: timeZone, uuids: uuids))
        }
        return lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n]"
    }

    /// The template of `parent`'s instances, as a to-do, and its mask: its latest instance, less
    /// what is that instance's own (its uuid, status, start, the ties to its template), made when
    /// the template was, due when it was, and waiting as long before its due. None where no
    /// instance kept the template, whose import found it deleted, or never saw it.
    private static func template(_ parent: String, of chain: [TodoItem], timeZone: Zone) -> (TodoItem, String)? {
        guard let kept = chain.lazy.compactMap(TaskwarriorRecurrence.template(of:)).first,
            let latest = chain.max(by: {
                (TaskwarriorRecurrence.index(of: $0) ?? -1) < (TaskwarriorRecurrence.index(of: $1) ?? -1)
            }),
            let entry = date(kept.entry), let due = date(kept.due)
        else { return nil }
        var template = latest
        (template.created, template.completed, template.started) = (entry, nil, nil)
        if let wait = latest.wait, let latestDue = latest.due {
            let dueMoment = timeZone.moment(days: latestDue.ordinal, second: latest.dueTime?.seconds ?? 0)
            template.wait = Date(milliseconds: due.milliseconds + wait.milliseconds - dueMoment.milliseconds)
        }
        template.due = Day(due, in: timeZone)
        let second = timeZone.wallClock(at: due).second
        template.dueTime = second == 0 ? nil : TimeOfDay(seconds: second)
        for key in TaskwarriorRecurrence.keys { template.extras[key] = nil }
        template.extras["uuid"] = parent
        return (template, TaskwarriorRecurrence.mask(kept.mask, of: chain))
    }

    /// A task as the export writes it.
    private struct WrittenTask: Encodable {
        let item: TodoItem
        let timeZone: Zone
        /// The uuid of each to-do written, by its id.
        let uuids: [String: String]

        /// The mask of a template of Taskwarrior's; none for every other task.
        let mask: String?

        init(_ item: TodoItem, timeZone: Zone, uuids: [String: String], mask: String? = nil) {
            (self.item, self.timeZone, self.uuids, self.mask) = (item, timeZone, uuids, mask)
        }

        /// A to-do that recurs is written as a template, of which Taskwarrior makes the instances,
        /// but for one that is an instance already.
        private var status: String {
            if mask != nil { return "recurring" }
            if item.isCompleted { return "completed" }
            return TaskwarriorRecurrence.recurs(item) && TaskwarriorRecurrence.parent(of: item) == nil
                ? "recurring" : "pending"
        }

        /// An instance whose recurrence was taken off here is a task of its own.
        private var parent: String? {
            TaskwarriorRecurrence.recurs(item) ? TaskwarriorRecurrence.parent(of: item) : nil
        }

        func encode(to encoder: any Encoder) throws {
            var task = encoder.container(keyedBy: NamedKey.self)
            func put(_ name: String, _ value: String?) throws {
                if let value { try task.encode(value, forKey: NamedKey(name)) }
            }
            try put("uuid", TaskwarriorTodos.uuid(of: item))
            try put("description", item.title)
            let recur = item.recur?.period ?? item.extras["recur"].map(TaskwarriorTodos.unescaped)
            try put("status", status)
            try put("mask", mask)
            try put(TaskwarriorRecurrence.parentKey, parent)
            if parent != nil, let index = TaskwarriorRecurrence.index(of: item) {
                try task.encode(index, forKey: NamedKey(TaskwarriorRecurrence.indexKey))
            }
            try put("entry", TaskwarriorTodos.written(item.created))
            try put("end", item.completed.map(TaskwarriorTodos.written))
            if let due = item.due {
                let second = item.dueTime?.seconds ?? 0
                try put("due", TaskwarriorTodos.written(timeZone.moment(days: due.ordinal, second: second)))
            }
            try put("wait", item.wait.map(TaskwarriorTodos.written))
            try put("scheduled", item.scheduled.map(TaskwarriorTodos.written))
            try put("until", item.until.map(TaskwarriorTodos.written))
            try put("start", item.started.map(TaskwarriorTodos.written))
            try put(
                "priority", item.priority.map(\.taskwarrior) ?? item.extras["priority"].map(TaskwarriorTodos.unescaped))
            try put("project", item.project)
            try put("recur", recur)
            let tags = item.tags + item.contexts.map { "@" + $0 }
            if !tags.isEmpty { try task.encode(tags, forKey: NamedKey("tags")) }
            let annotations =
                TaskwarriorTodos.annotations(of: item.notes, made: item.created)
                + item.annotations.all.map {
                    WrittenAnnotation(entry: TaskwarriorTodos.written($0.entry), description: $0.description)
                }
            if !annotations.isEmpty { try task.encode(annotations, forKey: NamedKey("annotations")) }
            // Those it waits on that are gone are left out: they block it no longer. Those an import
            // found no task for are written back as they came.
            let depends =
                item.depends.compactMap { uuids[$0] }
                + (item.extras["depends"]?.split(separator: ",").map(String.init) ?? [])
            if !depends.isEmpty { try task.encode(depends, forKey: NamedKey("depends")) }
            for (key, value) in item.extras.sorted(by: { $0.key < $1.key })
            where !TaskwarriorTodos.writtenOwn.contains(key) && !TaskwarriorTodos.ownFields.contains(key)
                && !TaskwarriorRecurrence.keys.contains(key)
            {
                try put(key, TaskwarriorTodos.unescaped(value))
            }
        }
    }

    /// An annotation as Taskwarrior writes it, its entry a date like 20261201T000000Z.
    private struct WrittenAnnotation: Codable {
        let entry: String
        let description: String
    }

    /// The notes as annotations: a line that starts with a moment starts one made then, a line
    /// that does not belongs to the one before it, or, first, to one made with the to-do.
    private static func annotations(of notes: String, made: Date) -> [WrittenAnnotation] {
        guard !notes.isEmpty else { return [] }
        var annotations: [(entry: Date, text: String)] = []
        for line in notes.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.count > 21, line.dropFirst(20).first == " ", let moment = ValueCoding.parse(String(line.prefix(20)))
            {
                annotations.append((moment, String(line.dropFirst(21))))
            } else if annotations.isEmpty {
                annotations.append((made, String(line)))
            } else {
                annotations[annotations.count - 1].text += "\n" + line
            }
        }
        return annotations.map { WrittenAnnotation(entry: written($0.entry), description: $0.text) }
    }

    /// Taskwarrior's dates: `20261201T000000Z`.
    private static func date(_ text: String) -> Date? {
        let digits = text.filter(\.isNumber)
        guard text.hasSuffix("Z"), digits.count == 14,
            let day = Day(iso: "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.dropFirst(6).prefix(2))"),
            let hour = Int(digits.dropFirst(8).prefix(2)), let minute = Int(digits.dropFirst(10).prefix(2)),
            let second = Int(digits.dropFirst(12).prefix(2)), hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = day.ordinal * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(milliseconds: Int64(seconds) * 1_000)
    }

    private static func written(_ moment: Date) -> String {
        let iso = ValueCoding.format(moment)
        return iso.prefix(19).filter { $0 != "-" && $0 != ":" } + "Z"
    }

    /// The uuid a to-do is written with: the one it came with, else one made from its id.
    static func uuid(of item: TodoItem) -> String {
        item.extras["uuid"] ?? uuid(of: item.id)
    }

    /// A uuid for a to-do that came with none, the same for the same id in every export: two
    /// FNV-1a hashes of the id, marked as a version 8 uuid.
    static func uuid(of id: TodoID) -> String {
        func hash(_ seed: UInt64) -> UInt64 {
            id.value.utf8.reduce(seed) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        let high = hash(0xcbf2_9ce4_8422_2325) & ~0xF000 | 0x8000
        let low = hash(0x8422_2325_cbf2_9ce4) & ~(0xC << 60) | (0x8 << 60)
        let hex = String(high, radix: 16).leftPadded(to: 16) + String(low, radix: 16).leftPadded(to: 16)
        let cuts = [8, 4, 4, 4, 12]
        var parts: [Substring] = []
        var rest = Substring(hex)
        for cut in cuts {
            parts.append(rest.prefix(cut))
            rest = rest.dropFirst(cut)
        }
        return parts.joined(separator: "-")
    }

    /// An extra's value as Taskwarrior holds it: `%20` and the other escapes read back.
    static func unescaped(_ value: String) -> String {
        guard value.contains("%") else { return value }
        var bytes: [UInt8] = []
        var rest = value.utf8[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), rest.count >= 2,
                let code = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(code)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A value as an extra holds it, one word: whitespace, `%` and control characters as `%20`
    /// and the like, and the colon of a `://`, which todo.txt reads as text.
    static func escaped(_ value: String) -> String {
        let escapesColons = value.contains("://")
        var text = ""
        for scalar in value.unicodeScalars {
            if scalar.properties.isWhitespace || scalar == "%" || scalar.isControlOrBidi
                || (escapesColons && scalar == ":")
            {
                for byte in String(scalar).utf8 {
                    text += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// A task, each field as it came.
    private struct Task: Decodable {
        var fields: [String: Value] = [:]
        var annotations: [WrittenAnnotation] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: NamedKey.self)
            for key in container.allKeys {
                if key.stringValue == "annotations" {
                    annotations = try container.decodeIfPresent([WrittenAnnotation].self, forKey: key) ?? []
                } else {
                    fields[key.stringValue] = try container.decode(Value.self, forKey: key)
                }
            }
        }
    }

    /// What a task's field may hold.
    private enum Value: Decodable, Equatable {
        case null
        case text(String)
        /// A number, as Taskwarrior wrote it, but for a whole one's `.0`.
        case number(String)
        case list([String])
        case other

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let text = try? value.decode(String.self) {
                self = .text(text)
            } else if let number = try? value.decode(Double.self) {
                self = .number(
                    number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number))
            } else if let list = try? value.decode([String].self) {
                self = .list(list)
            } else {
                self = .other
            }
        }
    }
}

extension ImportedTodo {
    /// The file's field `name`, which the to-do has no place for, kept as its extra.
    mutating func keep(_ name: String, _ value: String) {
        guard !value.isEmpty else { return }
        item.extras[name] = TaskwarriorTodos.escaped(value)
        keptAsExtras.append(name)
    }
}

extension Priority {
    /// Taskwarrior's H, M and L are A, B and C. Taskwarrior keeps any other text it is given as a
    /// priority, so the other letters go to it as they are, D to Z, but for H, L and M, which would
    /// come back as its own three: those go in lower case, `h`, `l` and `m`.
    init?(taskwarrior name: String) {
        switch name {
        case "H": self = .high
        case "M": self = .medium
        case "L": self = .low
        case "h", "l", "m": self.init(letter: Character(name.uppercased()))
        default:
            guard name.count == 1, let letter = name.first, letter.isUppercase else { return nil }
            self.init(letter: letter)
        }
    }

    var taskwarrior: String {
        switch self {
        case .high: "H"
        case .medium: "M"
        case .low: "L"
        default: ["H", "L", "M"].contains(letter) ? letter.lowercased() : String(letter)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
