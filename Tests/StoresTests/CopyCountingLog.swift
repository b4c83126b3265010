import Fractal
import StoreTestSupport
import Stores

/// A state that counts how often its storage is copied, to show when a store changes in place.
struct CopyCountingLog: StoredState {
    enum Change: Codable, Equatable, Sendable {
        case append(Int)
    }

    /// Copy-on-write storage, as Swift's own collections have; mutated only while uniquely
    /// referenced, which is what makes sharing it between threads safe.
    private final class Storage: @unchecked Sendable {
        var entries: [Int]
        init(_ entries: [Int]) { self.entries = entries }
    }

    private var storage: Storage
    let copies: Counter

    init(entries: [Int] = [], copies: Counter = Counter()) {
        storage = Storage(entries)
        self.copies = copies
    }

    var entries: [Int] { storage.entries }

    mutating func apply(_ change: Change) {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(storage.entries)
            copies.increment()
        }
        switch change {
        case .append(let entry): storage.entries.append(entry)
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.entries == rhs.entries }

    init(from decoder: any Decoder) throws {
        self.init(entries: try [Int](from: decoder))
    }

    func encode(to encoder: any Encoder) throws {
        try entries.encode(to: encoder)
    }
}
