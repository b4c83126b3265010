import AppCore
import Testing

/// Rolls and weighs expressions through the dice feature, built alone.
extension ModuleUnderTest where State == DiceHistory, In == DiceCommand, Out == DiceAnswer {
    func roll(_ expression: String, times: Int = 1) throws -> DiceRoll {
        send(.roll(expression: expression, times: times))
        guard case .rolled(let roll) = received().last else {
            throw DiceTestError.unexpected(received().last)
        }
        return roll
    }

    func weigh(_ expression: String) throws -> DiceStatistics {
        send(.weigh(expression: expression))
        guard case .weighed(let statistics) = received().last else {
            throw DiceTestError.unexpected(received().last)
        }
        return statistics
    }

    func failure(_ expression: String) -> DiceFailure? {
        send(.roll(expression: expression, times: 1))
        guard case .failed(let reason) = received().last else { return nil }
        return reason
    }

    func weighingFailure(_ expression: String) -> DiceFailure? {
        send(.weigh(expression: expression))
        guard case .failed(let reason) = received().last else { return nil }
        return reason
    }
}

enum DiceTestError: Error {
    case unexpected(DiceAnswer?)
}

extension DiceStatistics {
    func probability(of value: Int) -> Double {
        distribution.first { $0.value == value }?.probability ?? 0
    }
}

/// Every outcome of `dice` dice with `sides` sides, each equally likely: for checking by brute force.
func everyOutcome(dice: Int, sides: Int) -> [[Int]] {
    (0..<dice).reduce([[]]) { partial, _ in partial.flatMap { prefix in (1...sides).map { prefix + [$0] } } }
}

func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-12) -> Bool {
    abs(a - b) <= tolerance
}
