/// A decoder that can leave the value it is at unread until that value is first used, as a
/// store's decoder does with each feature's slice (see `Slice` and `Deferred`).
public protocol DeferringDecoder: Decoder {
    /// The value this decoder is at, to be read when first used; `empty` stands in until then.
    /// `name` names it in what is said when it cannot be read.
    func deferred<Value: Decodable & Equatable & Sendable>(
        _ type: Value.Type, empty: Value, named name: String
    ) throws -> Deferred<Value>

    /// The names of the entries of the keyed value this decoder is at, as stored: what a keyed
    /// container's `allKeys` gives, without the look-up through every conformance the program has
    /// that its first use costs.
    func keyNames() throws -> [String]
}

/// An encoder that writes a part nobody read or edited as it came, as a store's encoder does
/// with each feature's slice it did not read (see `Slice` and `Deferred`).
public protocol DeferringEncoder: Encoder {
    /// Writes `part`: as it came while nothing edited it (`Deferred.unchangedSource`), else its value.
    func encode<Value: Encodable & Equatable & Sendable>(deferred part: Deferred<Value>) throws
}

extension CodingUserInfoKey {
    /// Where a store's decoder or encoder holds itself as a deferring one (`DeferringDecoders`,
    /// `DeferringEncoders`), so that a slice finds it by a key: a cast to `any DeferringDecoder`
    /// is a look-up through every conformance the program has, about 440,000 instructions the
    /// first time a run makes it.
    public static let deferring: CodingUserInfoKey = {
        guard let key = CodingUserInfoKey(rawValue: "AppCore.deferring") else {
            preconditionFailure("a coding key of a name can always be made")
        }
        return key
    }()
}

/// A deferring decoder, as a decoder's `userInfo` holds it under `.deferring`.
public struct DeferringDecoders {
    public let decoder: any DeferringDecoder

    public init(_ decoder: any DeferringDecoder) {
        self.decoder = decoder
    }
}

/// A deferring encoder, as an encoder's `userInfo` holds it under `.deferring`.
public struct DeferringEncoders {
    public let encoder: any DeferringEncoder

    public init(_ encoder: any DeferringEncoder) {
        self.encoder = encoder
    }
}

extension Decoder {
    /// This decoder as a deferring one, where it is one.
    @usableFromInline var deferring: (any DeferringDecoder)? { (userInfo[.deferring] as? DeferringDecoders)?.decoder }
}

extension Encoder {
    /// This encoder as a deferring one, where it is one.
    var deferring: (any DeferringEncoder)? { (userInfo[.deferring] as? DeferringEncoders)?.encoder }
}
