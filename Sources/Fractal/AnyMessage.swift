/// A message of any feature of a composition, its feature named: what a program that reads its
/// commands as data sends and receives (a scenario, a recording, a web API). Coded as the
/// feature's name, then its own message: `{"coin": {"flip": {"count": 3}}}`.
public struct Named<Whole: Composition, Kind: MessageKind>: Codable, Equatable, Sendable {
    let route: any Route<Whole>
    let message: any Sendable

    init(route: any Route<Whole>, message: any Sendable) {
        (self.route, self.message) = (route, message)
    }

    /// The name of the feature it goes to or comes from.
    public var feature: String { route.name }

    /// The feature's own message, for a reader that asks what it is (`as? any FailingAnswer`).
    public var content: any Sendable { message }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(Kind.what) names exactly one feature"))
        }
        let routes = Routes<Whole>.registered
        guard let route = routes.named(key.stringValue) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription:
                    "\"\(key.stringValue)\" is no feature; \(Kind.what) names one of \(routes.names.joined(separator: ", "))"
            )
        }
        self.init(route: route, message: try route.message(Kind.self, under: key, in: container))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        try route.code(Kind.self, message, in: &container)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.route.feature == rhs.route.feature && lhs.route.same(Kind.self, lhs.message, rhs.message)
    }

    /// A message of `feature`, which `Whole` registers.
    init<Owner: Feature>(_ feature: Owner.Type, message: any Sendable) {
        guard let route = Routes<Whole>.registered.all.first(where: { $0.feature == ObjectIdentifier(feature) }) else {
            preconditionFailure("\(Owner.self) is not a feature of \(Whole.self)")
        }
        self.init(route: route, message: message)
    }
}

/// A command to any feature of a composition, named: `{"coin": {"flip": {"count": 3}}}`.
public typealias AnyCommand<Whole: Composition> = Named<Whole, Commands>
/// An answer from any feature of a composition, named as a command is.
public typealias AnyAnswer<Whole: Composition> = Named<Whole, Answers>

extension Named where Kind == Commands {
    /// A command of `feature`, which `Whole` registers.
    public init<Owner: Feature>(_ feature: Owner.Type, _ command: Owner.Command) {
        self.init(feature, message: command)
    }

    /// The feature's own command, if it is one of `feature`'s.
    public func command<Owner: Feature>(of feature: Owner.Type) -> Owner.Command? {
        message as? Owner.Command
    }
}

extension Named where Kind == Answers {
    /// An answer of `feature`, which `Whole` registers.
    public init<Owner: Feature>(_ feature: Owner.Type, _ answer: Owner.Answer) {
        self.init(feature, message: answer)
    }

    /// The feature's own answer, if it is one of `feature`'s.
    public func answer<Owner: Feature>(of feature: Owner.Type) -> Owner.Answer? {
        message as? Owner.Answer
    }
}

/// Which of a feature's two vocabularies a named message is in: what it takes, or what it says.
public protocol MessageKind: Sendable {
    /// How an error names a message of this kind: `a command`.
    static var what: String { get }
    /// The type of `Owner`'s messages of this kind: its commands, or its answers.
    static func messageType<Owner: Feature>(of owner: Owner.Type) -> any FeatureMessage.Type
}

/// What a feature's command or answer is.
public typealias FeatureMessage = Codable & Equatable & Sendable

public typealias Decoded = KeyedDecodingContainer<NamedKey>
public typealias Encoded = KeyedEncodingContainer<NamedKey>

/// A feature's commands.
public enum Commands: MessageKind {
    public static let what = "a command"
    public static func messageType<Owner: Feature>(of owner: Owner.Type) -> any FeatureMessage.Type {
        Owner.Command.self
    }
}

/// A feature's answers.
public enum Answers: MessageKind {
    public static let what = "an answer"
    public static func messageType<Owner: Feature>(of owner: Owner.Type) -> any FeatureMessage.Type {
        Owner.Answer.self
    }
}

// Coding and comparing a message of a kind, the same for both kinds, by its feature's type.
extension MessageKind {
    /// The message of `Owner`, of this kind, coded under `key`.
    static func message<Owner: Feature>(of owner: Owner.Type, under key: NamedKey, in container: Decoded)
        throws -> any Sendable
    {
        try decoded(messageType(of: owner), under: key, in: container)
    }

    /// Codes `message`, of `Owner` and of this kind, under `key`; a message of another type is an
    /// error, not a null.
    static func code<Owner: Feature>(
        _ message: any Sendable, of owner: Owner.Type, under key: NamedKey, in container: inout Encoded
    ) throws {
        try encode(message, as: messageType(of: owner), under: key, in: &container)
    }

    /// Whether two messages of `Owner`, of this kind, are the same.
    static func same<Owner: Feature>(_ one: any Sendable, _ other: any Sendable, of owner: Owner.Type) -> Bool {
        same(one, other, as: messageType(of: owner))
    }

    private static func decoded<Message: FeatureMessage>(
        _ type: Message.Type, under key: NamedKey, in container: Decoded
    ) throws -> any Sendable {
        try container.decode(type, forKey: key)
    }

    private static func encode<Message: FeatureMessage>(
        _ message: any Sendable, as type: Message.Type, under key: NamedKey, in container: inout Encoded
    ) throws {
        guard let message = message as? Message else {
            throw EncodingError.invalidValue(
                message, .init(codingPath: container.codingPath + [key], debugDescription: "not \(what) of \(key)"))
        }
        try container.encode(message, forKey: key)
    }

    private static func same<Message: FeatureMessage>(_ one: any Sendable, _ other: any Sendable, as type: Message.Type)
        -> Bool
    {
        guard let one = one as? Message, let other = other as? Message else { return false }
        return one == other
    }
}
