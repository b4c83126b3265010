/// How far one coin command may go: enough for any experiment, small enough to store and to wait for.
public enum CoinLimits {
    /// The most flips one command may ask for.
    public static let flips = 100_000
    /// The longest sequence to wait for: at 12 letters a search takes 8,190 flips on average.
    public static let sequence = 12
    /// The most searches one command may ask for.
    public static let searches = 1_000
    /// A search that has not ended by now stops with an error, so nothing can run away.
    public static let flipsPerSearch = 1_000_000
}
