/// What is wrong with a JSON file, in our words rather than Swift's `DecodingError`'s: where, by
/// the record's place in the file and the field's name, and what.
enum DecodingProblem {
    /// `records` names what the file holds a list of: `to-do`, `task`.
    static func describe(_ error: any Error, records: String) -> String {
        guard let error = error as? DecodingError else { return "it is not JSON that todo reads" }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath, records)) is not \(kind(of: type))"
        case .valueNotFound(let type, let context):
            return "\(place(context.codingPath, records)) is null, not \(kind(of: type))"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath + [key], records)) is missing"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "it is not valid JSON" : "\(place(context.codingPath, records)) cannot be read"
        @unknown default:
            return "it is not JSON that todo reads"
        }
    }

    /// `to-do 3's due`, `the file`.
    private static func place(_ path: [any CodingKey], _ records: String) -> String {
        guard let first = path.first else { return "the file" }
        let fields = path.dropFirst().filter { $0.intValue == nil }.map(\.stringValue)
        let record = first.intValue.map { "\(records) \($0 + 1)" } ?? first.stringValue
        return fields.isEmpty ? record : "\(record)'s \(fields.joined(separator: "."))"
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is [Any].Type: "a list"
        default: type == [String: Any].self ? "an object" : "what it should be"
        }
    }
}
