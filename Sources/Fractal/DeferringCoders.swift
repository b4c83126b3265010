/// A decoder that can leave the value it is at unread until that value is first used, as a
/// store's decoder does with each feature's slice (see `Slice` and `Deferred`).
public protocol DeferringDecoder: Decoder {
    /// The value this decoder is at, to be read when first used; `empty` stands in until then.
    /// `name` names it in what is said when it cannot be read.
    func deferred<Value: Decodable & Equatable & Sendable>(
        _ type: Value.Type, empty: Value, named name: String
    ) throws -> Deferred<Value>
}

/// An encoder that writes a part nobody read or edited as it came, as a store's encoder does
/// with each feature's slice it did not read (see `Slice` and `Deferred`).
public protocol DeferringEncoder: Encoder {
    /// Writes `part`: as it came while nothing edited it (`Deferred.unchangedSource`), else its value.
    func encode<Value: Encodable & Equatable & Sendable>(deferred part: Deferred<Value>) throws
}
