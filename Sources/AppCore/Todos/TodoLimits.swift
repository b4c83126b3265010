/// How much one to-do command may bring in.
public enum TodoLimits {
    /// The most to-dos one import may bring.
    public static let importedItems = 100_000
}
