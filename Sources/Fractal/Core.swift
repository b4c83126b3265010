/// A composition's store and what its features are built with, for the whole of a program's run:
/// a program, a test, a server connects to its features once and sends them every command of its
/// life. The core holds no state of its own: all of it is in the store.
///
/// A connection is a feature built on its slice of the store, its answers going to the output it
/// was connected with: by type (`connect(_:answers:)`), in the feature's own words, for a program
/// that knows its features; or every feature at once, commands and answers named by feature
/// (`connect(answers:)`), for what reads commands as data (scenarios, recordings, a web API).
public struct Core<Whole: Composition>: Sendable where Whole.Environment: Sendable {
    /// How to build each feature, by its type: each made where the composition is known (see `init`).
    @usableFromInline let builders: [ObjectIdentifier: any Sendable]

    /// The core of `store`, its features built with `environment`. Inlinable, so that where the
    /// composition is known each feature's builder is made with closures of concrete types: a
    /// message then pays for no conversion between generic and concrete calling conventions.
    @inlinable
    public init(store: Store<Whole>, environment: Whole.Environment) {
        var building = BuilderMaking(store: store, environment: environment)
        Whole.register(&building)
        builders = building.builders
    }

    /// `feature`, built on its slice of the store, answering to `answers`: its input, to keep and
    /// send every command to.
    public func connect<Owner: Feature>(_ feature: Owner.Type, answers: @escaping Output<Owner.Answer>)
        -> Input<Owner.Command>
    {
        guard let build = builders[ObjectIdentifier(feature)] as? FeatureBuilder<Owner> else {
            preconditionFailure("\(Owner.self) is not a feature of \(Whole.self)")
        }
        return build.make(answers)
    }

    /// Every feature, built once, each answering to `answers` with its answers named: the input
    /// of commands named by their feature, which goes to the feature each names.
    public func connect(answers: @escaping Output<AnyAnswer<Whole>>) -> Input<AnyCommand<Whole>> {
        var connecting = EveryFeatureConnecting(core: self, output: answers)
        Whole.register(&connecting)
        let inputs = connecting.inputs
        return { command in
            guard let input = inputs[command.route.feature] else {
                preconditionFailure("\(command.feature) is not a feature of \(Whole.self)")
            }
            input(command)
        }
    }
}

/// How to build one feature on its slice of the store, given where its answers go.
@usableFromInline
struct FeatureBuilder<Owner: Feature>: Sendable {
    @usableFromInline let make: @Sendable (@escaping Output<Owner.Answer>) -> Input<Owner.Command>

    @inlinable
    init(make: @escaping @Sendable (@escaping Output<Owner.Answer>) -> Input<Owner.Command>) {
        self.make = make
    }
}

/// The registry that makes each feature's builder.
@usableFromInline
struct BuilderMaking<Whole: Composition>: FeatureRegistry where Whole.Environment: Sendable {
    @usableFromInline let store: Store<Whole>
    @usableFromInline let environment: Whole.Environment
    @usableFromInline var builders: [ObjectIdentifier: any Sendable] = [:]

    @inlinable
    init(store: Store<Whole>, environment: Whole.Environment) {
        (self.store, self.environment) = (store, environment)
    }

    @inlinable
    mutating func add<Owner: Feature>(_ feature: Registration<Whole, Owner>)
    where Owner.Environment == Whole.Environment {
        precondition(builders[ObjectIdentifier(Owner.self)] == nil, "\(Owner.self) is registered twice")
        let read = feature.slice.read
        let part = scope(store, to: { try read($0).load() }, change: feature.embed)
        let environment = environment
        builders[ObjectIdentifier(Owner.self)] = FeatureBuilder<Owner> {
            Owner.create(store: part, environment: environment, output: $0)
        }
    }
}

/// The registry that builds every feature, each answering with its answers named.
private struct EveryFeatureConnecting<Whole: Composition>: FeatureRegistry where Whole.Environment: Sendable {
    let core: Core<Whole>
    let output: Output<AnyAnswer<Whole>>
    var inputs: [ObjectIdentifier: Input<AnyCommand<Whole>>] = [:]

    mutating func add<Owner: Feature>(_ feature: Registration<Whole, Owner>)
    where Owner.Environment == Whole.Environment {
        let route = FeatureRoute<Whole, Owner>(stored: feature.stored)
        let output = output
        let input = core.connect(Owner.self) { output(AnyAnswer(route: route, message: $0)) }
        inputs[ObjectIdentifier(Owner.self)] = { command in
            guard let message = command.command(of: Owner.self) else {
                preconditionFailure("a command of \(command.feature) sent to \(Owner.self)")
            }
            input(message)
        }
    }
}
