import Fractal

/// Works out the exact distribution of an expression. Weighing rolls nothing and keeps nothing.
func createWeighDice(output: @escaping Output<DiceAnswer>) -> Input<String> {
    { expression in
        do throws(DiceFailure) {
            let program = try DiceParser.parse(expression)
            let distribution = try DiceStatistician(expression: expression).distribution(of: program.expression)
            output(.weighed(statistics: DiceStatistics(expression: expression, distribution)))
        } catch {
            output(.failed(reason: error))
        }
    }
}
