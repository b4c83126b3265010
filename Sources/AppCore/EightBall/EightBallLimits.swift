/// How much the 8-Ball hears.
public enum EightBallLimits {
    /// The longest question, in characters.
    public static let question = 1_000
}
