import AppCore

/// Inputs that are mostly not dice notation: random bytes (often not UTF-8), random characters
/// of the notation, and well-formed expressions with a few characters changed.
struct NoiseGenerator {
    let random: RandomSource
    let expressions: ExpressionGenerator

    private static let alphabet = Array("0123456789dDfFkKhHlLrRoOpPcCsSmMiInNaAxX!%{}(),.+-*/<>= \t٣１Ⅻ\u{0}\u{1B}")

    func input() -> String {
        switch pick(3) {
        case 0:
            let bytes = (0..<pick(40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            return String(decoding: bytes, as: UTF8.self)
        case 1:
            return String((0..<pick(40)).map { _ in Self.alphabet[pick(Self.alphabet.count)] })
        default:
            var characters = Array(expressions.program())
            for _ in 0...pick(3) where !characters.isEmpty {
                let at = pick(characters.count)
                switch pick(3) {
                case 0: characters.remove(at: at)
                case 1: characters.insert(Self.alphabet[pick(Self.alphabet.count)], at: at)
                default: characters[at] = Self.alphabet[pick(Self.alphabet.count)]
                }
            }
            return String(characters)
        }
    }

    private func pick(_ bound: Int) -> Int { expressions.pick(bound) }
}
