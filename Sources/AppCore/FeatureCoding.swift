import Essentials
import Fractal
import Stores

/// A command or an answer as it is written, `{"coin": {"flip": {"count": 3}}}`: one key, the
/// feature's name, holding the feature's own message.
struct FeatureMessage {
    private let container: KeyedDecodingContainer<NamedKey>
    private let key: NamedKey
    private let codingPath: [any CodingKey]

    /// The feature's name and its message, read from a value that must name exactly one feature.
    init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: NamedKey.self)
        codingPath = decoder.codingPath
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "a message names exactly one feature"))
        }
        self.key = key
    }

    var name: String { key.stringValue }

    /// The feature's own message.
    func decode<Message: Decodable>() throws -> Message {
        try container.decode(Message.self, forKey: key)
    }

    /// The error for a name that is no feature's.
    func unknown(among names: [String]) -> DecodingError {
        .dataCorrupted(
            .init(
                codingPath: codingPath,
                debugDescription: "\"\(name)\" is no feature; a message names one of \(names.joined(separator: ", "))"))
    }

    static func encode(_ message: some Encodable, as name: String, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        try container.encode(message, forKey: NamedKey(name))
    }
}

extension BinaryFieldWriter {
    /// A feature's change as a store keeps it: the slice's name, then the change as its feature writes it.
    mutating func write(_ change: some BinaryFieldEncodable, as name: String) throws {
        string(name)
        try change.write(fields: &self)
    }
}
