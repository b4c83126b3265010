#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ln Γ(x), from the C library: binomial coefficients of large numbers without overflow.
func logGamma(_ x: Double) -> Double {
    #if canImport(Glibc)
        Glibc.lgamma(x)
    #else
        Darwin.lgamma(x)
    #endif
}
