import AppCore

/// What a fuzzing run saw: how inputs fared, the slowest call of each kind, and every finding.
struct FuzzTally {
    enum Call: String, CaseIterable {
        case parse, roll, weigh
    }

    var wellFormedDrawn = 0
    var refusedByParser = 0
    var rolledAndWeighed = 0
    var rolledOnly = 0
    var weighedOnly = 0
    var refusedBoth = 0
    var rollsChecked = 0
    var findings: [String] = []
    var elapsed = Duration.zero
    private var slowest: [Call: (Duration, String)] = [:]

    mutating func time(_ call: Call, _ input: String, _ work: () -> Duration) {
        let took = work()
        if took > (slowest[call]?.0 ?? .zero) { slowest[call] = (took, input) }
    }

    mutating func count(rolled: Bool, weighed: Bool) {
        switch (rolled, weighed) {
        case (true, true): rolledAndWeighed += 1
        case (true, false): rolledOnly += 1
        case (false, true): weighedOnly += 1
        case (false, false): refusedBoth += 1
        }
    }

    mutating func check(_ input: String, _ roll: DiceRoll, against statistics: DiceStatistics) {
        for result in roll.results {
            rollsChecked += 1
            let aboveMin = statistics.min.map { result.total >= $0 } ?? true
            let belowMax = statistics.max.map { result.total <= $0 } ?? true
            if !aboveMin || !belowMax {
                findings.append(
                    "\(input.debugDescription) rolled \(result.total) outside [\(statistics.min.map(String.init) ?? "-∞"), \(statistics.max.map(String.init) ?? "∞")]"
                )
            }
        }
        let listed = statistics.distribution.reduce(0) { $0 + $1.probability }
        if abs(listed + statistics.tailMass - 1) > 1e-9 {
            findings.append("\(input.debugDescription) weighs \(listed) listed and \(statistics.tailMass) in the tail")
        }
        if statistics.tailMass > DiceLimits.tailMass || statistics.tailMass < 0 {
            findings.append("\(input.debugDescription) leaves a tail mass of \(statistics.tailMass)")
        }
    }

    func report(inputs: Int, seed: UInt64) -> String {
        var lines = [
            "DiceFuzz: \(inputs) inputs, seed \(seed), \(elapsed)",
            "  well-formed drawn from the grammar: \(wellFormedDrawn); noise: \(inputs - wellFormedDrawn)",
            "  refused by the parser: \(refusedByParser)",
            "  rolled and weighed: \(rolledAndWeighed) (\(rollsChecked) rolls checked against the bounds)",
            "  rolled, refused by the weigher: \(rolledOnly)",
            "  weighed, refused by the roller: \(weighedOnly)",
            "  refused by both: \(refusedBoth)",
        ]
        for call in Call.allCases {
            if let (took, input) = slowest[call] {
                lines.append("  slowest \(call.rawValue): \(took) on \(input.debugDescription)")
            }
        }
        lines.append("  findings: \(findings.count)")
        lines += findings.prefix(50).map { "    \($0)" }
        return lines.joined(separator: "\n")
    }
}
