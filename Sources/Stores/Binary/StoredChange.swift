import Fractal

/// A composition's change as a store keeps it: the slice's stored name, then the slice's change,
/// field by field where its type reads and writes its own fields (`BinaryFieldDecodable`), else
/// through `Codable`. Derived from the composition's registration: a feature registered is kept.
public protocol StoredChange: ComposedChange, BinaryFieldDecodable, BinaryFieldEncodable {}

extension StoredChange {
    public init(fields: inout BinaryFieldReader) throws {
        let name = try fields.string()
        var reading = StoredChangeReading<Whole>(name: name, fields: fields)
        Whole.register(&reading)
        guard let change = try reading.result?.get() else {
            throw StoredFieldError(field: "part this program knows: a newer version wrote it", text: name)
        }
        fields = reading.fields
        self = change
    }

    public func write(fields: inout BinaryFieldWriter) throws {
        var writing = StoredChangeWriting<Whole>(change: self, fields: fields)
        Whole.register(&writing)
        try writing.result?.get()
        fields = writing.fields
    }
}

private struct StoredChangeReading<Whole: Composition>: FeatureRegistry {
    let name: String
    var fields: BinaryFieldReader
    var result: Result<Whole.Change, any Error>?

    mutating func add<Owner: Feature>(_ feature: Registration<Whole, Owner>)
    where Owner.Environment == Whole.Environment {
        guard result == nil, feature.stored == self.name else { return }
        result = Result {
            if let type = Owner.State.Change.self as? any BinaryFieldDecodable.Type,
                let change = try type.init(fields: &fields) as? Owner.State.Change
            {
                return feature.embed(change)
            }
            return feature.embed(try fields.value(Owner.State.Change.self))
        }
    }
}

private struct StoredChangeWriting<Whole: Composition>: FeatureRegistry {
    let change: Whole.Change
    var fields: BinaryFieldWriter
    var result: Result<Void, any Error>?

    mutating func add<Owner: Feature>(_ feature: Registration<Whole, Owner>)
    where Owner.Environment == Whole.Environment {
        guard result == nil, let part = feature.extract(change) else { return }
        result = Result {
            fields.string(feature.stored)
            if let own = part as? any BinaryFieldEncodable {
                try own.write(fields: &fields)
            } else {
                try fields.value(part)
            }
        }
    }
}
