import AppCore
import Essentials
import ProgramKit

/// The results of a long roll, printed part by part as they come, in the same form as a short
/// roll's: a total a line, every die with -v, and with --json one object whose results are
/// written as they are rolled, `{"expression": …, "results": [{…}, …], "seed": …}`.
struct StreamedRolls {
    let expression: String
    let seed: UInt64
    let json: Bool
    let verbose: Bool
    private let style = TextStyle.forStandardOutput()
    private let encoder = ValueCoding.makeEncoder()
    private var first = true

    init(expression: String, seed: UInt64, json: Bool, verbose: Bool) {
        (self.expression, self.seed, self.json, self.verbose) = (expression, seed, json, verbose)
    }

    mutating func print(_ results: [RollResult]) throws {
        var text = ""
        if json {
            if first { text += #"{"expression":"# + (try encoded(expression)) + #","results":["# }
            // The part's results encoded as one array, written without its brackets.
            let part = try encoded(RollReport.results(results))
            text += (first ? "" : ",") + part.dropFirst().dropLast()
        } else if verbose {
            for result in results { text += RollText.result(result, style: style) + "\n" }
        } else {
            for result in results { text += "\(result.total)\n" }
        }
        first = false
        try StandardOutput.write(text)
    }

    /// The end of the roll: the JSON object closed, or the seed note with -v.
    func end() throws {
        if json {
            try StandardOutput.line(#"],"seed":\#(seed)}"#)
        } else if verbose {
            try StandardOutput.line(style.seedNote(seed))
        }
    }

    private func encoded(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
