import Essentials
import Fractal
import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How the to-dos are kept in a store: each item, journal entry and command as a plain list of its
/// fields, dates as milliseconds. Read back at every program start, by the thousand, this form
/// is also read field by field from a store's binary form (`BinaryFieldDecodable`); messages and
/// exports keep the named form.
///
/// An item's fields are those `TodoItem.fields` declares, in the order of their positions. A record
/// an earlier version wrote ends before the fields added since, which take what they hold before
/// they are set; a record a later version wrote goes on with fields this version does not know,
/// which the item keeps as they came and a store writes back after the others. (Read through
/// `Codable`, as the first format's JSON and a recording's starting state are, a record keeps the
/// fields this version knows alone.)
struct StoredItem: Codable, BinaryFieldDecodable, BinaryFieldEncodable {
    let item: TodoItem

    init(_ item: TodoItem) {
        self.item = item
    }

    init(fields: inout BinaryFieldReader) throws {
        var reading = StoredFieldReading(fields: fields)
        TodoItem.fields(&reading)
        if let failure = reading.failure { throw failure }
        reading.item.unknownFields = try reading.fields.rest()
        fields = reading.fields
        item = reading.item.readingKeptPriorityLetter()
    }

    /// The to-do with the fields `read` names alone, the others passed over and as they start:
    /// enough to tell whether a pass over them all picks it, which then reads it whole. Nil where
    /// a field it reads cannot be, which reading it whole says.
    static func sifted(fields: BinaryFieldReader, reading read: TodoFieldsRead) -> TodoItem? {
        var sifting = StoredFieldSifting(fields: fields, read: read)
        TodoItem.fields(&sifting)
        return sifting.failed ? nil : sifting.item.readingKeptPriorityLetter()
    }

    func write(fields: inout BinaryFieldWriter) {
        var writing = StoredFieldWriting(item: item, fields: fields)
        TodoItem.fields(&writing)
        fields = writing.fields
        fields.append(item.unknownFields)
    }

    // The same list through `Codable`, for a store of the first format (JSON) and for any value that
    // holds stored items but is not read field by field.
    init(from decoder: any Decoder) throws {
        var reading = StoredFieldReading(fields: UnkeyedFieldSource(container: try decoder.unkeyedContainer()))
        TodoItem.fields(&reading)
        if let failure = reading.failure { throw failure }
        item = reading.item.readingKeptPriorityLetter()
    }

    func encode(to encoder: any Encoder) throws {
        var writing = StoredFieldWriting(item: item, fields: UnkeyedFieldSink(container: encoder.unkeyedContainer()))
        TodoItem.fields(&writing)
        if let failure = writing.failure { throw failure }
    }
}

/// Where a stored to-do's fields are read from, one after another: the stores' binary form, or
/// `Codable`'s unkeyed form, as the first format kept them.
private protocol StoredFieldSource {
    var isAtEnd: Bool { get }
    mutating func read<Value: TodoFieldValue>(_ type: Value.Type) throws -> Value
}

/// Where they are written to, one after another: the binary form, which cannot fail, or `Codable`'s.
private protocol StoredFieldSink {
    associatedtype Failure: Error
    mutating func write<Value: TodoFieldValue>(_ value: Value) throws(Failure)
}

extension BinaryFieldReader: StoredFieldSource {
    fileprivate mutating func read<Value: TodoFieldValue>(_ type: Value.Type) throws -> Value {
        try Value(stored: &self)
    }
}

extension BinaryFieldWriter: StoredFieldSink {
    fileprivate typealias Failure = Never
    fileprivate mutating func write<Value: TodoFieldValue>(_ value: Value) { value.write(stored: &self) }
}

private struct UnkeyedFieldSource: StoredFieldSource {
    var container: any UnkeyedDecodingContainer
    var isAtEnd: Bool { container.isAtEnd }

    mutating func read<Value: TodoFieldValue>(_ type: Value.Type) throws -> Value {
        try Value(stored: &container)
    }
}

private struct UnkeyedFieldSink: StoredFieldSink {
    var container: any UnkeyedEncodingContainer

    mutating func write<Value: TodoFieldValue>(_ value: Value) throws(any Error) {
        try value.write(stored: &container)
    }
}

/// Reads a stored item's fields in the order of their positions; a field the record ends before
/// takes what it holds before it is set, or, for one every to-do has, is damage.
private struct StoredFieldReading<Source: StoredFieldSource>: TodoFieldRegistry {
    var fields: Source
    var item = TodoItem(unchecked: TodoID(""), created: Date(milliseconds: 0))
    var failure: (any Error)?

    init(fields: Source) {
        self.fields = fields
    }

    // Inlined, as `TodoItem.fields` is, so that each key path becomes the field it names rather
    // than a key path made and followed for each field of each to-do: `todo list` reads them all.
    @inline(__always)
    mutating func field<Value: TodoFieldValue>(
        _ position: Int, _ name: String, _ property: WritableKeyPath<TodoItem, Value>, fixed: Bool,
        checked: (Value) throws(TodoFailure) -> Value
    ) {
        guard failure == nil else { return }
        do {
            if !fields.isAtEnd {
                item[keyPath: property] = try fields.read(Value.self)
            } else if let missing = Value.missing {
                item[keyPath: property] = missing
            } else {
                throw StoredFieldError(field: "to-do's \(name): the record ends before it", text: "")
            }
        } catch {
            failure = error
        }
    }
}

/// Reads the fields a pass names of a stored item, in the order of their positions, and passes
/// over the others without making their values.
private struct StoredFieldSifting: TodoFieldRegistry {
    var fields: BinaryFieldReader
    let read: TodoFieldsRead
    var item = TodoItem(unchecked: TodoID(""), created: Date(milliseconds: 0))
    var failed = false

    init(fields: BinaryFieldReader, read: TodoFieldsRead) {
        (self.fields, self.read) = (fields, read)
    }

    @inline(__always)
    mutating func field<Value: TodoFieldValue>(
        _ position: Int, _ name: String, _ property: WritableKeyPath<TodoItem, Value>, fixed: Bool,
        checked: (Value) throws(TodoFailure) -> Value
    ) {
        guard !failed, !fields.isAtEnd else { return }
        do {
            guard read.contains(position) else { return try fields.skip() }
            item[keyPath: property] = try Value(stored: &fields)
        } catch {
            failed = true
        }
    }
}

/// Writes a stored item's fields in the order of their positions.
private struct StoredFieldWriting<Sink: StoredFieldSink>: TodoFieldRegistry {
    let item: TodoItem
    var fields: Sink
    var failure: Sink.Failure?

    init(item: TodoItem, fields: Sink) {
        (self.item, self.fields) = (item, fields)
    }

    @inline(__always)
    mutating func field<Value: TodoFieldValue>(
        _ position: Int, _ name: String, _ property: WritableKeyPath<TodoItem, Value>, fixed: Bool,
        checked: (Value) throws(TodoFailure) -> Value
    ) {
        guard failure == nil else { return }
        do throws(Sink.Failure) {
            try fields.write(item[keyPath: property])
        } catch {
            failure = error
        }
    }
}

/// What the to-dos' index says of itself, as a store keeps it (see `TodoItems` and `IDIndex`): the
/// first and last id of each run and how many it holds, so that a run is read only to look in it;
/// how many digits of an id tell them apart, which would otherwise take every id to work out; and
/// how many slots of the last page of to-dos are taken, where the next one goes.
struct StoredIndex: Codable, BinaryFieldDecodable, BinaryFieldEncodable {
    let firsts: [TodoID]
    let lasts: [TodoID]
    let counts: [Int]
    let abbreviation: Int
    let lastPageLength: Int

    init(firsts: [TodoID], lasts: [TodoID], counts: [Int], abbreviation: Int, lastPageLength: Int) {
        (self.firsts, self.lasts, self.counts) = (firsts, lasts, counts)
        (self.abbreviation, self.lastPageLength) = (abbreviation, lastPageLength)
    }

    init(from decoder: any Decoder) throws {
        var fields = try decoder.unkeyedContainer()
        self.init(
            firsts: try fields.decode([String].self).map(TodoID.init),
            lasts: try fields.decode([String].self).map(TodoID.init),
            counts: try fields.decode([Int].self), abbreviation: try fields.decode(Int.self),
            lastPageLength: try fields.decode(Int.self))
    }

    init(fields: inout BinaryFieldReader) throws {
        let firsts = try fields.strings().map(TodoID.init)
        let lasts = try fields.strings().map(TodoID.init)
        let counts = try fields.int64s()
        let abbreviation = try fields.int64()
        let lastPageLength = try fields.int64()
        guard counts.allSatisfy({ (1...Int64(Int32.max)).contains($0) }),
            (Int64(IDIndex.shortest)...Int64(TodoLimits.idBytes + 1)).contains(abbreviation),
            (0...Int64(TodoItems.pageSize)).contains(lastPageLength)
        else {
            throw StoredFieldError(
                field: "to-dos' index", text: "\(counts.count) runs, \(abbreviation), \(lastPageLength)")
        }
        self.init(
            firsts: firsts, lasts: lasts, counts: counts.map(Int.init), abbreviation: Int(abbreviation),
            lastPageLength: Int(lastPageLength))
    }

    func write(fields: inout BinaryFieldWriter) {
        fields.strings(firsts.map(\.value))
        fields.strings(lasts.map(\.value))
        fields.int64s(counts.map(Int64.init))
        fields.int64(Int64(abbreviation))
        fields.int64(Int64(lastPageLength))
    }

    func encode(to encoder: any Encoder) throws {
        var fields = encoder.unkeyedContainer()
        try fields.encode(firsts.map(\.value))
        try fields.encode(lasts.map(\.value))
        try fields.encode(counts)
        try fields.encode(abbreviation)
        try fields.encode(lastPageLength)
    }
}

/// An id of the to-dos' index and where its to-do is, `page * pageSize + slot`, as a run of the
/// index keeps it.
struct StoredPlace: Codable, BinaryFieldDecodable, BinaryFieldEncodable {
    let id: TodoID
    let place: Int32

    init(_ id: TodoID, _ place: Int32) {
        (self.id, self.place) = (id, place)
    }

    init(from decoder: any Decoder) throws {
        var fields = try decoder.unkeyedContainer()
        self.init(TodoID(try fields.decode(String.self)), try fields.decode(Int32.self))
    }

    init(fields: inout BinaryFieldReader) throws {
        let id = TodoID(try fields.string())
        let place = try fields.int64()
        guard let fitting = Int32(exactly: place), fitting >= 0 else {
            throw StoredFieldError(field: "place of a to-do", text: "\(place)")
        }
        self.init(id, fitting)
    }

    func write(fields: inout BinaryFieldWriter) {
        fields.string(id.value)
        fields.int64(Int64(place))
    }

    func encode(to encoder: any Encoder) throws {
        var fields = encoder.unkeyedContainer()
        try fields.encode(id.value)
        try fields.encode(place)
    }
}

struct StoredJournalEntry: Codable, BinaryFieldDecodable, BinaryFieldEncodable {
    let entry: JournalEntry

    init(_ entry: JournalEntry) {
        self.entry = entry
    }

    init(from decoder: any Decoder) throws {
        var fields = try decoder.unkeyedContainer()
        let at = Date(milliseconds: try fields.decode(Int64.self))
        let action = try fields.decode(JournalEntry.Action.self)
        let id = TodoID(try fields.decode(String.self))
        entry = JournalEntry(
            at: at, action: action, id: id, title: try fields.decode(String.self),
            command: try fields.decode(String.self))
    }

    init(fields: inout BinaryFieldReader) throws {
        let at = Date(milliseconds: try fields.int64())
        let action = try JournalEntry.Action.stored(try fields.string())
        let id = TodoID(try fields.string())
        entry = JournalEntry(at: at, action: action, id: id, title: try fields.string(), command: try fields.string())
    }

    func write(fields: inout BinaryFieldWriter) {
        fields.int64(entry.at.milliseconds)
        fields.string(entry.action.rawValue)
        fields.string(entry.id.value)
        fields.string(entry.title)
        fields.string(entry.command)
    }

    func encode(to encoder: any Encoder) throws {
        var fields = encoder.unkeyedContainer()
        try fields.encode(entry.at.milliseconds)
        try fields.encode(entry.action)
        try fields.encode(entry.id.value)
        try fields.encode(entry.title)
        try fields.encode(entry.command)
    }
}

/// A command that can be undone, as a store keeps it (see `DoneCommand`'s coding).
struct StoredCommand: Codable, BinaryFieldDecodable, BinaryFieldEncodable {
    let command: DoneCommand

    init(_ command: DoneCommand) {
        self.command = command
    }

    init(from decoder: any Decoder) throws {
        command = try DoneCommand(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try command.encode(to: encoder)
    }

    func write(fields: inout BinaryFieldWriter) throws {
        fields.string(command.label)
        try fields.list(command.stored(command.before))
        try fields.list(command.stored(command.after))
        fields.strings(command.touched.map(\.value))
    }

    init(fields: inout BinaryFieldReader) throws {
        command = DoneCommand(
            label: try fields.string(), before: try fields.list(of: StoredItem.self),
            after: try fields.list(of: StoredItem.self), touched: try fields.strings().map(TodoID.init))
    }
}

extension Day {
    /// A day as a store keeps it, `2026-12-01`. Earlier versions kept days outside 0001-01-01 to
    /// 9999-12-31 (such as `10000-01-01`, worked out from `tomorrow` on the last day): such a day
    /// is read as the nearest day kept, so that the store still opens. Anything else is damage.
    static func stored(_ text: String) throws -> Day {
        if let day = Day(iso: text) { return day }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let year = Int(parts[0]), !(1...9999).contains(year), let month = Int(parts[1]), (1...12).contains(month),
            let day = Int(parts[2]), (1...31).contains(day)
        else { throw StoredFieldError(field: "day", text: text) }
        return year > 9999 ? .latest : .earliest
    }
}

extension RawRepresentable<String> {
    /// A value as a store keeps it, by its raw name; any other name is damage.
    static func stored(_ name: String) throws -> Self {
        guard let value = Self(rawValue: name) else { throw StoredFieldError(field: "\(Self.self)", text: name) }
        return value
    }
}
