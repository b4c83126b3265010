import AppCore
import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Any JSON value, compared as values: what `expect state` holds and what a state path finds.
public indirect enum JSONValue: Equatable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Reads one JSON value from text (a bare number or string included).
    public init(parsing text: String) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// A value encoded in the AppCore's encoding.
    public init(encoding value: some Encodable) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: try ValueCoding.makeEncoder().encode(value))
    }

    /// The value at `path`: object keys, array indices, and `count` for the size of either.
    public func at(_ path: [String]) -> JSONValue? {
        guard let key = path.first else { return self }
        let rest = Array(path.dropFirst())
        switch self {
        case .object(let members):
            if let member = members[key] { return member.at(rest) }
            return key == "count" && rest.isEmpty ? .number(Double(members.count)) : nil
        case .array(let elements):
            if key == "count" && rest.isEmpty { return .number(Double(elements.count)) }
            guard let index = Int(key), elements.indices.contains(index) else { return nil }
            return elements[index].at(rest)
        default:
            return nil
        }
    }

    /// Sorted keys, two-space indents: equal values read alike, line by line, in a diff.
    public var pretty: String { render(indent: "") }

    public var description: String { render(indent: nil) }

    private func render(indent: String?) -> String {
        let inner = indent.map { $0 + "  " }
        let (open, separator, close) =
            inner.map { ("\n" + $0, ",\n" + $0, "\n" + (indent ?? "")) } ?? ("", ",", "")
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): return Self.quoted(value)
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            return "[" + open + elements.map { $0.render(indent: inner) }.joined(separator: separator) + close + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let rendered = members.sorted { $0.key < $1.key }.map {
                Self.quoted($0.key) + (inner == nil ? ":" : ": ") + $0.value.render(indent: inner)
            }
            return "{" + open + rendered.joined(separator: separator) + close + "}"
        }
    }

    /// `text` as a JSON string: a quote and a backslash escaped, as JSON requires, and every
    /// control or bidi character too, as `\u001B`, so that a report read on a terminal shows what
    /// it holds and obeys none of it.
    private static func quoted(_ text: String) -> String {
        let plain =
            text.isPrintableASCII && !text.utf8.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        if plain { return "\"" + text + "\"" }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.isControlOrBidi || (0xFFFE...0xFFFF).contains(scalar.value):
                let digits = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

extension JSONValue: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

extension JSONValue {
    /// Whether this value holds everything `expected` says: each member `expected` names, with a
    /// value that holds that member's, and each element of an array, in order. A recording made
    /// before an answer or a state gained a member still holds of what comes out now: additive
    /// change passes, and a value that differs does not.
    public func holds(_ expected: JSONValue) -> Bool {
        switch (self, expected) {
        case (.object(let members), .object(let wanted)):
            wanted.allSatisfy { name, value in members[name]?.holds(value) == true }
        case (.array(let elements), .array(let wanted)):
            elements.count == wanted.count && zip(elements, wanted).allSatisfy { $0.holds($1) }
        default:
            self == expected
        }
    }
}
