#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which tests run: every one, as `swift test` and CI run them, or, while `APPCORE_TEST_QUICK` is
/// set, all but those that take half a second or more on their own (an attack on a store: a byte
/// flipped at every offset, a kill at a random moment, many writers or processes at once, a server
/// restarted or silent; a statistical check over thousands of draws; a spec that starts dozens of
/// programs or waits for a live view to redraw), which carry the `.slow` trait each test target
/// defines from this. The edit loop stays under half a minute that way. (Not a trait here: this
/// target is built with the programs, where the testing library is not.)
public enum TestLane {
    public static var leavesOutSlowTests: Bool { getenv("APPCORE_TEST_QUICK") != nil }
    public static let slowTestLeftOut = "takes half a second or more: left out while APPCORE_TEST_QUICK is set"
}
