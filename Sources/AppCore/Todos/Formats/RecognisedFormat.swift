import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension TodoFormat {
    /// The format of a file given without one: JSON whose to-dos have a title is ours (an array,
    /// or one to-do alone), JSON whose tasks have a description and no title Taskwarrior's (an
    /// array, or one a line); text that does not start as JSON does is todo.txt. Nil for JSON
    /// that is neither, or text that starts as JSON and is none.
    public static func recognised(in text: String) -> TodoFormat? {
        let trimmed = text.trimmingWhitespace()
        guard let first = trimmed.first, first == "[" || first == "{" else { return .todotxt }
        let decoder = JSONDecoder()
        let records: [FieldNames]
        if first == "[" {
            guard let array = try? decoder.decode([FieldNames].self, from: Data(trimmed.utf8)) else { return nil }
            records = array
        } else if let one = try? decoder.decode(FieldNames.self, from: Data(trimmed.utf8)) {
            records = [one]
        } else {
            let lines = "[" + trimmed.split(separator: "\n").joined(separator: ",") + "]"
            guard let array = try? decoder.decode([FieldNames].self, from: Data(lines.utf8)) else { return nil }
            records = array
        }
        if records.allSatisfy({ $0.names.contains("title") }) { return .json }
        if records.allSatisfy({ $0.names.contains("description") && !$0.names.contains("title") }) {
            return .taskwarrior
        }
        return nil
    }
}

/// The names of an object's fields, whatever their values.
private struct FieldNames: Decodable {
    let names: Set<String>

    init(from decoder: any Decoder) throws {
        names = Set(try decoder.container(keyedBy: NamedKey.self).allKeys.map(\.stringValue))
    }
}
