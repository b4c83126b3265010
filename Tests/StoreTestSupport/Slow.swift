#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which tests run: every one, as `swift test` and CI run them, or, while `APPCORE_TEST_QUICK` is
/// set, all but those that take seconds rather than milliseconds (an attack on a store: a byte
/// flipped at every offset, a kill at a random moment, many writers or processes at once, a server
/// restarted or silent; or a statistical check over thousands of draws), which carry the `.slow`
/// trait each test target defines from this. (Not a trait here: this target is built with the
/// programs, where the testing library is not.)
public enum TestLane {
    public static var leavesOutSlowTests: Bool { getenv("APPCORE_TEST_QUICK") != nil }
    public static let slowTestLeftOut = "takes seconds: left out while APPCORE_TEST_QUICK is set"
}
