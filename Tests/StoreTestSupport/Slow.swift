import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Trait where Self == ConditionTrait {
    /// A test that takes seconds rather than milliseconds: an attack on a store (a byte flipped at
    /// every offset, a kill at a random moment, many writers or processes at once, a server
    /// restarted or silent) or a statistical check over thousands of draws. `swift test` runs it, as
    /// CI does; the edit loop, `APPCORE_TEST_QUICK=1 swift test`, leaves it out and says so.
    public static var slow: Self {
        .enabled(if: getenv("APPCORE_TEST_QUICK") == nil, "takes seconds: left out while APPCORE_TEST_QUICK is set")
    }
}
