import AppCore
import Testing

/// `min` and `max` are the true bounds of what can happen, `max` nil exactly when nothing bounds
/// the total, and `tailMass` the probability of the totals not listed.
@Suite("Dice bounds, as weighed")
struct DiceBoundsSpec {
    let core = DiceUnderTest()

    @Test(
        arguments: [
            ("1d6!*2", 2, nil), ("1d6!/2", 0, nil), ("1d6!*-1", nil, -1), ("-1d6!", nil, -1), ("1d6!-1d6!", nil, nil),
            ("5d6!!cs>=5", 0, 5), ("{1d6!,3}kh1", 3, nil), ("{1d6!,3}kl1", 1, 3), ("2d8!kh1", 1, 8),
            ("3d6!dl1", 2, nil),
            ("abs(1d6!-3)", 0, nil), ("abs(1d6-4)", 0, 3), ("1d6! >= 100", 0, 1), ("1d6!!rr>=7", 1, 6),
            ("1d6!o", 1, 12),
            ("(1d6!)/(1d6!)", 0, nil), ("-7/(1d6!)", -7, -1), ("4d6!kh3", 3, 18), ("1d{-1,0,1}!<0", nil, 1),
            ("0*1d6!", 0, 0), ("1d6!!ro>=8", 1, 7),
        ] as [(String, Int?, Int?)])
    func boundsAreTheTrueBounds(_ expression: String, _ least: Int?, _ most: Int?) throws {
        let statistics = try core.weigh(expression)
        #expect(statistics.min == least, "\(expression)")
        #expect(statistics.max == most, "\(expression)")
        let listed = statistics.distribution.reduce(0) { $0 + $1.probability }
        #expect(isClose(listed + statistics.tailMass, 1, tolerance: 1e-12), "\(expression)")
    }

    @Test func anUnboundedTotalHasATailBelowTheStatedMass() throws {
        for expression in ["1d6!", "{1d6!,3}kh1", "3d6!dl1", "1d6!*-1"] {
            let statistics = try core.weigh(expression)
            #expect(statistics.tailMass > 0 && statistics.tailMass < DiceLimits.tailMass, "\(expression)")
        }
    }

    @Test func aBoundedTotalWithoutExplosionsHasNoTail() throws {
        for expression in ["3d6", "4d6kh3ro1", "{1d6,3}kh1", "abs(1d6-4)", "300d50kh5"] {
            #expect(try core.weigh(expression).tailMass == 0, "\(expression)")
        }
    }
}
