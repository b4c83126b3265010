/// Urgency as `todo next` shows it.
enum UrgencyText {
    /// `12.35`, `-3.00`, `0.80`: two decimals, rounded half away from zero.
    static func of(_ value: Double) -> String {
        var text: [UInt8] = []
        append(value, width: 0, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// How many characters `of` writes for `value`.
    static func width(of value: Double) -> Int {
        let (negative, whole, _) = parts(of: value)
        return (negative ? 1 : 0) + digitCount(whole) + 3
    }

    /// Appends what `of` writes, after as many spaces as bring it to `width` characters: built in
    /// place, as `todo next` writes a line for each of thousands of to-dos.
    static func append(_ value: Double, width: Int, to text: inout [UInt8]) {
        let (negative, whole, part) = parts(of: value)
        let count = (negative ? 1 : 0) + digitCount(whole) + 3
        if width > count { text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - count)) }
        if negative { text.append(UInt8(ascii: "-")) }
        var divisor = 1
        while divisor * 10 <= whole { divisor *= 10 }
        while divisor > 0 {
            text.append(UInt8(ascii: "0") + UInt8(whole / divisor % 10))
            divisor /= 10
        }
        text.append(UInt8(ascii: "."))
        text.append(UInt8(ascii: "0") + UInt8(part / 10))
        text.append(UInt8(ascii: "0") + UInt8(part % 10))
    }

    private static func parts(of value: Double) -> (negative: Bool, whole: Int, part: Int) {
        let hundredths = Int((value * 100).rounded())
        return (hundredths < 0, abs(hundredths) / 100, abs(hundredths) % 100)
    }

    private static func digitCount(_ whole: Int) -> Int {
        var (count, rest) = (1, whole / 10)
        while rest > 0 { (count, rest) = (count + 1, rest / 10) }
        return count
    }
}
