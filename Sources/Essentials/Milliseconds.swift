#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Date {
    /// This moment cut to a whole millisecond, computed the one way that `ValueCoding` also uses, so
    /// a date survives a trip through text and comes back equal.
    public var wholeMilliseconds: Date {
        Date(milliseconds: Int64((timeIntervalSince1970 * 1000).rounded(.down)))
    }

    public init(milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    public var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
}
