import Fractal
import Stores

/// Saved filters over the to-dos, Taskwarrior's contexts: each a name and the words of a filter
/// (`work`: `project:work`), and the one in use, if any, which every listing and report of the
/// to-dos applies beside its own words. Kept in the store, so every program shares them.
///
/// The words are kept as typed, not as the filter they make: `due.before:eow` means another day
/// each week, and is read again each time the context is applied.
public struct TodoContexts: Changeable, Fresh {
    public enum Change: Codable, Equatable, Sendable {
        /// The context `name` picks what `words` pick, in place of what it picked before, if anything.
        case define(name: String, words: [String])
        /// The context `name` is no more; if it was in use, none is.
        case delete(name: String)
        /// The context `name` is in use from now on; with nil, none is.
        case use(name: String?)
    }

    /// The words of each context, by its name.
    public private(set) var defined: [String: [String]]
    /// The name of the one in use; nil where listings show every to-do.
    public private(set) var current: String?

    public init() {
        defined = [:]
        current = nil
    }

    /// The context in use, with its words.
    public var inUse: TodoContext? {
        current.flatMap { name in defined[name].map { TodoContext(name: name, words: $0) } }
    }

    /// Every context, by name.
    public var all: [TodoContext] {
        defined.keys.sorted().map { TodoContext(name: $0, words: defined[$0] ?? []) }
    }

    public mutating func apply(_ change: Change) throws(TodoContextFailure) {
        switch change {
        case .define(let name, let words):
            defined[name] = words
        case .delete(let name):
            guard defined.removeValue(forKey: name) != nil else { throw .unknown(name: name, known: all.map(\.name)) }
            if current == name { current = nil }
        case .use(let name):
            if let name, defined[name] == nil { throw .unknown(name: name, known: all.map(\.name)) }
            current = name
        }
    }
}

/// One saved filter: its name and its words, `work`: `project:work`.
public struct TodoContext: Codable, Equatable, Sendable {
    public let name: String
    public let words: [String]

    public init(name: String, words: [String]) {
        (self.name, self.words) = (name, words)
    }

    /// How listings say it in their first line: `context work: project:work`.
    public var line: String { "context \(name): \(words.joined(separator: " "))" }
}

// How a store keeps a change to the contexts: through its `Codable` form; a change is a few words.
extension TodoContexts.Change: BinaryFieldDecodable, BinaryFieldEncodable {
    public init(fields: inout BinaryFieldReader) throws {
        self = try fields.value(Self.self)
    }

    public func write(fields: inout BinaryFieldWriter) throws {
        try fields.value(self)
    }
}
