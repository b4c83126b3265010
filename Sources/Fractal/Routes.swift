/// A composition's features as a list, their types erased: for what meets commands and answers
/// as data, by their feature's name (scenarios, recordings, a web API), rather than by type.
public struct Routes<Whole: Composition>: Sendable {
    /// Every feature, in the order registered.
    public let all: [any Route<Whole>]

    private init() {
        var listing = RouteListing<Whole>()
        Whole.register(&listing)
        all = listing.routes
    }

    /// The routes of `Whole`, listed the first time they are asked for and kept: a scenario or a
    /// recording reads a named message a line, which would otherwise walk the registration each.
    public static var registered: Routes<Whole> {
        listed.withLock { listed in
            if let routes = listed[ObjectIdentifier(Whole.self)] as? Routes<Whole> { return routes }
            let routes = Routes<Whole>()
            listed[ObjectIdentifier(Whole.self)] = routes
            return routes
        }
    }

    /// The feature whose messages go by `name`.
    public func named(_ name: String) -> (any Route<Whole>)? {
        all.first { $0.name == name }
    }

    /// The names, for an error that lists them.
    public var names: [String] { all.map(\.name) }
}

/// The routes listed so far, by composition.
private let listed = Locked<[ObjectIdentifier: any Sendable]>([:])

/// One feature of a composition, its types erased: its names and the coding of its messages.
public protocol Route<Whole>: Sendable {
    associatedtype Whole: Composition
    /// The name its commands and answers go by.
    var name: String { get }
    /// The name its slice is stored under.
    var stored: String { get }
    /// The feature's type, to tell it apart from the others.
    var feature: ObjectIdentifier { get }

    /// The feature's message of `kind`, coded under `key`.
    func message<Kind: MessageKind>(_ kind: Kind.Type, under key: NamedKey, in container: Decoded) throws
        -> any Sendable
    /// Codes the feature's `message` of `kind`, under the feature's name.
    func code<Kind: MessageKind>(_ kind: Kind.Type, _ message: any Sendable, in container: inout Encoded) throws
    /// Whether two of the feature's messages of `kind` are the same.
    func same<Kind: MessageKind>(_ kind: Kind.Type, _ one: any Sendable, _ other: any Sendable) -> Bool
    /// The feature's sample commands, as commands of the composition.
    var sampleCommands: [AnyCommand<Whole>] { get }
}

/// A feature's route, with its types.
@usableFromInline
struct FeatureRoute<Whole: Composition, Owner: Feature>: Route {
    @usableFromInline let name = Owner.name
    @usableFromInline let stored: String

    @usableFromInline
    init(stored: String) {
        self.stored = stored
    }
    @usableFromInline var feature: ObjectIdentifier { ObjectIdentifier(Owner.self) }

    @usableFromInline func message<Kind: MessageKind>(
        _ kind: Kind.Type, under key: NamedKey, in container: Decoded
    ) throws -> any Sendable {
        try Kind.message(of: Owner.self, under: key, in: container)
    }

    @usableFromInline func code<Kind: MessageKind>(
        _ kind: Kind.Type, _ message: any Sendable, in container: inout Encoded
    )
        throws
    {
        try Kind.code(message, of: Owner.self, under: NamedKey(name), in: &container)
    }

    @usableFromInline func same<Kind: MessageKind>(_ kind: Kind.Type, _ one: any Sendable, _ other: any Sendable)
        -> Bool
    {
        Kind.same(one, other, of: Owner.self)
    }

    @usableFromInline var sampleCommands: [AnyCommand<Whole>] {
        Owner.sampleCommands.map { AnyCommand(route: self, message: $0) }
    }
}

private struct RouteListing<Whole: Composition>: FeatureRegistry {
    var routes: [any Route<Whole>] = []

    mutating func add<Owner: Feature>(_ feature: Registration<Whole, Owner>)
    where Owner.Environment == Whole.Environment {
        routes.append(FeatureRoute<Whole, Owner>(stored: feature.stored))
    }
}
