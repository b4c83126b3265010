import AppCore
import StoreTestSupport
import Testing

/// Every feature of the notation and the combinations most likely to go wrong, weighed by the
/// weigher, by enumerating every sequence of faces the roller can draw, and by 20,000 seeded rolls.
@Suite("Dice, weighed against every roll the roller can make")
struct DiceExactnessSpec {
    /// An expression whose dice all have `faces` faces, the draws after which a sequence is cut
    /// off, and the face (from 0) that ends every reroll and explosion.
    struct Case: CustomTestStringConvertible, Sendable {
        let expression: String
        let faces: Int
        let depth: Int
        let first: Int

        init(_ expression: String, faces: Int = 4, depth: Int = 10, first: Int = 0) {
            self.expression = expression
            self.faces = faces
            self.depth = depth
            self.first = first
        }

        var testDescription: String { expression }
    }

    static let features: [Case] = [
        Case("3d4"), Case("d%", faces: 100), Case("2dF", faces: 3), Case("2dF.1", faces: 6),
        Case("2d{-1,2,2,5}"), Case("(1d3)d3", faces: 3), Case("{1d4,1d4+1,1d4}"), Case("1d4*1d4-1d4/2"),
        Case("abs(1d4-3)"), Case("floor(1d4)+ceil(1d4)-round(1d4)"), Case("1d4+1d4>=5"), Case("-1d4"),
        Case("3d4kh2"), Case("3d4kl1"), Case("4d3dh1dl1", faces: 3), Case("3d4dh1"), Case("2d4ro1"),
        Case("2d4rr<=2", first: 3), Case("2d4r1", first: 3), Case("1d4!", depth: 14), Case("1d4!>=3", depth: 14),
        Case("1d4!!", depth: 14),
        Case("1d4!p", depth: 14), Case("2d4!o"), Case("3d4min2"), Case("3d4max3"), Case("4d4>=3"),
        Case("4d4cs>=3f1"), Case("4d4=1"), Case("sum(3x 1d4)"), Case("{1d4,1d4}kh1"), Case("{1d4,1d4,1d4}>=3"),
    ]

    static let combinations: [Case] = [
        // keep after explode
        Case("2d4!kh1"), Case("3d4!dl1", depth: 9), Case("3d4!!kh2", depth: 9), Case("2d4!pkh1"), Case("2d4!okl1"),
        Case("2d4!min2kh1"),
        // reroll after keep
        Case("3d4kh2ro1"), Case("3d4kh2rr<=2", first: 3), Case("3d4dl1r4", first: 2), Case("3d4ro1kh2"),
        // counting over compound dice
        Case("3d4!!cs>=4", depth: 9), Case("2d4!!>=3cs>=5"), Case("3d4!cs>=3f1", depth: 9),
        // sets of exploding terms
        Case("{1d4!,1d4!}kh1"), Case("{1d4!,2}kh1"), Case("{1d4!,1d4}dl1"), Case("{1d4!!,1d4!}>=4"),
        // arithmetic over unbounded terms
        Case("1d4!*2", depth: 14), Case("1d4!/2", depth: 14), Case("1d4!*-1", depth: 14),
        Case("abs(1d4!-6)", depth: 14),
        Case("1d4!-1d4!", depth: 12), Case("10-1d4!p", depth: 14), Case("1d4!>=6", depth: 14),
        // further pairs
        Case("2d4min2!"), Case("1d4max3!", depth: 14), Case("2d4!ro1"), Case("3d4kh2!", depth: 9), Case("2d4ro1!!"),
        Case("(1d2)d4!kh1", depth: 9),
    ]

    @Test(.slow, arguments: features + combinations)
    func theWeigherAgreesWithEveryRollTheRollerCanMake(_ test: Case) throws {
        let statistics = try DiceUnderTest().weigh(test.expression)
        let enumeration = try Enumeration(test.expression, faces: test.faces, depth: test.depth, first: test.first)
        // What the cut-off sequences could still have added, and the rounding of long sums.
        let slack = enumeration.cutOff + statistics.tailMass + 1e-12
        let values = Set(enumeration.distribution.keys).union(statistics.distribution.map(\.value))
        for value in values {
            let truth = enumeration.distribution[value] ?? 0
            #expect(abs(statistics.probability(of: value) - truth) <= slack, "\(test.expression) at \(value)")
        }
        let seen = enumeration.distribution.keys
        if let lowest = seen.min() { #expect(statistics.min.map { $0 <= lowest } ?? true, "\(test.expression)") }
        if let highest = seen.max() { #expect(statistics.max.map { $0 >= highest } ?? true, "\(test.expression)") }
        if enumeration.cutOff == 0 {
            #expect(statistics.min == seen.min() && statistics.max == seen.max(), "\(test.expression)")
            #expect(statistics.tailMass == 0, "\(test.expression)")
        }
    }

    @Test(.slow, arguments: features + combinations)
    func twentyThousandSeededRollsFollowTheWeighedDistribution(_ test: Case) throws {
        let statistics = try DiceUnderTest().weigh(test.expression)
        let core = DiceUnderTest(seed: 20_000)
        var totals: [Int] = []
        for _ in 0..<20 { totals += try core.roll(test.expression, times: 1_000).results.map(\.total) }
        #expect(totals.count == 20_000)
        for total in totals {
            #expect(statistics.min.map { $0 <= total } ?? true && statistics.max.map { $0 >= total } ?? true)
        }
        let (statistic, critical) = chiSquare(totals, against: statistics)
        #expect(statistic < critical, "\(test.expression): chi-square \(statistic) against \(critical)")
    }
}
