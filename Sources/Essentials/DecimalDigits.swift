/// The number that a run of ASCII decimal digits writes, or nil if any byte is not a digit: for
/// the fixed-width dates (`2026-12-01`, `…T12:30:00.000Z`) read byte by byte, without a formatter.
/// Inlinable, so that it is specialized where it is called: stores read a date per to-do.
@inlinable
public func decimalNumber(_ digits: some Collection<UInt8>) -> Int? {
    var value = 0
    for byte in digits {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
}
