/// The version every program prints for `--version`: one for the four, since they are built and
/// installed together.
public enum ProgramVersion {
    public static let current = "0.1.0"
}
