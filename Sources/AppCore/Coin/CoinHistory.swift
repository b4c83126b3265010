import Stores

/// The coin's state: the last tosses, oldest first.
public typealias CoinHistory = History<CoinToss>

extension CoinToss: HistoryEntry {
    public static var historyName: String { "tosses" }

    // Read by the keys `Codable` gives the fields.
    public init?(keyed fields: BinaryKeyedFields) {
        guard let letters = fields.string("flips"), let flips = try? Self.flips(letters), let at = fields.date("at")
        else { return nil }
        self.init(flips: flips, at: at)
    }

    public func write(keyed fields: BinaryKeyedWriter) {
        fields.string("flips", letters)
        fields.date("at", at)
    }
}
