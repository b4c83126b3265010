import AppCore

/// Random dice expressions drawn from the grammar: every term, function, set and modifier, with
/// the modifiers mostly in an order the notation allows and now and then in one it refuses.
struct ExpressionGenerator {
    let random: RandomSource

    func program() -> String {
        switch pick(10) {
        case 0: "\(1 + pick(4))x \(expression(depth: 2))"
        case 1: "\(expression(depth: 2)) \(comparison()) \(expression(depth: 1))"
        default: expression(depth: 3)
        }
    }

    func expression(depth: Int) -> String {
        guard depth > 0, pick(3) == 0 else { return primary() }
        let inner = { expression(depth: depth - 1) }
        switch pick(9) {
        case 0: return "\(inner()) + \(inner())"
        case 1: return "\(inner())-\(inner())"
        case 2: return "\(inner())*\(inner())"
        case 3: return "\(inner())/\(inner())"
        case 4: return "-\(inner())"
        case 5: return "(\(inner()))"
        case 6: return "\(["abs", "floor", "ceil", "round"][pick(4)])(\(inner()))"
        case 7: return "{\((0...pick(2)).map { _ in inner() }.joined(separator: ","))}\(setModifiers())"
        default: return "sum(\(1 + pick(3))x \(inner()))"
        }
    }

    private func primary() -> String {
        switch pick(6) {
        case 0: return pick(20) == 0 ? "\(random.uniform(in: 0...1_000_000_000_000))" : "\(pick(21))"
        default: return diceTerm()
        }
    }

    private func diceTerm() -> String {
        let count: String =
            switch pick(8) {
            case 0: ""
            case 1: "(1d\(1 + pick(4)))"
            case 2 where pick(4) == 0: "\(10 + pick(40))"
            default: "\(1 + pick(6))"
            }
        let faces: String
        let highest: Int
        switch pick(10) {
        case 0:
            (faces, highest) = ("%", 100)
        case 1:
            (faces, highest) = (["F", "F.1"][pick(2)], 1)
        case 2:
            let values = (0...pick(5)).map { _ in random.uniform(in: -3...6) }
            (faces, highest) = ("{\(values.map(String.init).joined(separator: ","))}", values.max() ?? 1)
        default:
            let sides = [2, 3, 4, 6, 8, 10, 12, 20][pick(8)]
            (faces, highest) = ("\(sides)", sides)
        }
        return "\(count)d\(faces)\(modifiers(highest: highest))"
    }

    /// Per-die modifiers, a keep or drop block, per-die modifiers on the kept dice, counting;
    /// one time in ten shuffled, which the parser may refuse.
    private func modifiers(highest: Int) -> String {
        var exploded = false
        func perDie() -> [String] {
            (0..<pick(3)).map { _ in
                switch pick(4) {
                case 0 where !exploded:
                    exploded = true
                    let kind = ["!", "!!", "!p", "!o"][pick(4)]
                    return pick(3) == 0 ? "\(kind)\(condition(highest: highest, explosion: true))" : kind
                case 1: return "\(["ro", "rr", "r"][pick(3)])\(condition(highest: highest, explosion: false))"
                case 2: return "min\(random.uniform(in: min(-1, highest)...max(-1, highest)))"
                default: return "max\(random.uniform(in: min(0, highest)...max(0, highest)))"
                }
            }
        }
        var parts = perDie()
        parts += (0..<pick(3)).map { _ in "\(["kh", "kl", "dh", "dl"][pick(4)])\(pick(5))" }
        parts += perDie()
        if pick(3) == 0 {
            parts.append("cs\(condition(highest: highest, explosion: false))")
            if pick(2) == 0 { parts.append("f\(condition(highest: highest, explosion: false))") }
        }
        if pick(10) == 0 {
            var generator = SourceGenerator(random: random)
            parts.shuffle(using: &generator)
        }
        return parts.joined()
    }

    private func setModifiers() -> String {
        switch pick(4) {
        case 0: "kh\(pick(3))"
        case 1: "dl\(pick(3))"
        case 2: ">=\(pick(10))"
        default: ""
        }
    }

    /// A condition mostly on the higher faces for explosions, so that chains end soon enough.
    private func condition(highest: Int, explosion: Bool) -> String {
        let value = explosion ? highest - pick(2) : random.uniform(in: -1...max(1, highest))
        let comparison = explosion ? [">=", "=", ">"][pick(3)] : comparison()
        return "\(comparison)\(value)"
    }

    private func comparison() -> String { [">=", "<=", ">", "<", "="][pick(5)] }

    func pick(_ bound: Int) -> Int { Int(random.uniform(below: UInt64(bound))) }
}

/// The random source as a Swift generator, for `shuffle`.
struct SourceGenerator: RandomNumberGenerator {
    let random: RandomSource
    mutating func next() -> UInt64 { random.next() }
}
