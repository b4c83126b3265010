import Fractal

/// Works out the exact distribution of an expression, and what each label's terms come to on
/// their own. Weighing rolls nothing and keeps nothing.
func createWeighDice(output: @escaping Output<DiceAnswer>) -> Input<String> {
    { expression in
        do throws(DiceFailure) {
            let program = try DiceParser.parse(expression)
            let statistician = DiceStatistician(expression: expression)
            let distribution = try statistician.distribution(of: program.expression)
            // Each label's terms weighed again on their own: a part of what was weighed, so
            // within the same limits.
            var labels: [DiceLabelStatistics] = []
            for part in program.expression.labeledParts {
                labels.append(
                    DiceLabelStatistics(
                        label: part.label, notation: part.notation, try statistician.distribution(of: part.terms)))
            }
            output(
                .weighed(
                    statistics: DiceStatistics(
                        expression: expression, distribution, labels: labels.isEmpty ? nil : labels)))
        } catch {
            output(.failed(reason: error))
        }
    }
}
