import Fractal
import Stores

/// A line of a log kept as a `Deferred` list, read and written field by field: the element of the
/// deferred parts the specifications store.
struct LogLine: BinaryFieldDecodable, BinaryFieldEncodable, Codable, Equatable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }
    init(fields: inout BinaryFieldReader) throws { text = try fields.string() }
    func write(fields: inout BinaryFieldWriter) { fields.string(text) }
}

/// Adds a line at the end of a log, waiting if the log was not read yet.
struct AppendingLine: DeferredEdit {
    let line: LogLine
    func apply(to log: inout [LogLine]) { log.append(line) }
}
