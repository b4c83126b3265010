import Foundation
import ProgramKit
import Testing

/// A program shows every answer its command can give, or says it cannot: an answer it was not
/// written for is a fault, one line and exit 70, never a silence that exits 0 as if all went well.
@Suite("answers a program cannot drop")
struct ShownAnswersSpec {
    /// An answer of the shape a feature gives: a case with values, and one without.
    private enum SampleAnswer {
        case listed(items: [String], abbreviation: Int)
        case historyCleared
    }

    @Test
    func anAnswerNotShownIsAFaultThatNamesTheAnswerWithoutItsValues() {
        let failure = ProgramFailure.unexpected(SampleAnswer.listed(items: ["buy milk"], abbreviation: 4))

        #expect(failure.exit == .fault)
        #expect(failure.exit.rawValue == 70)
        #expect(
            failure.description
                == "the program was not written to show the answer \"listed\": a fault of the program, please report it"
        )
        #expect(ProgramFailure.unexpected(SampleAnswer.historyCleared).description.contains("\"historyCleared\""))
    }

    @Test
    func everyProgramsHelpListsTheFaultsExitStatus() {
        #expect(ProgramExit.explanation.contains("70 a fault of the program"))
    }

    /// Over the programs' sources: a `guard case` on an answer whose `else` does not throw would
    /// end the command with 0 having shown nothing, and an `if case` on what `send` returns would
    /// drop every other answer the same way.
    @Test
    func noProgramLetsAnAnswerItDoesNotShowEndTheCommandInSilence() throws {
        var silent: [String] = []
        for (path, text) in try Self.programSources() {
            let line = { (offset: String.Index) in text[..<offset].count(where: \.isNewline) + 1 }
            for match in text.matches(of: /guard\s+case[^{]*?\belse\s*\{([^}]*)\}/)
            where Self.silences.contains(match.1.trimmingCharacters(in: .whitespacesAndNewlines)) {
                silent.append("\(path):\(line(match.range.lowerBound)) guard case … else { \(match.1) }")
            }
            for match in text.matches(of: /if case [^\n]*\.send\(/) {
                silent.append("\(path):\(line(match.range.lowerBound)) if case on an answer")
            }
            for match in text.matches(of: /default:\s*(break|return)\s*\n/) {
                silent.append("\(path):\(line(match.range.lowerBound)) default that shows nothing")
            }
        }
        #expect(silent.isEmpty, "\(silent.joined(separator: "\n"))")
    }

    /// What an `else` does that shows nothing and carries on as if all went well.
    private static let silences: Set<String> = ["", "return", "return nil", "return []", "break", "continue"]

    /// Every Swift file under `Apps/`, by its path from the package's folder.
    private static func programSources() throws -> [(String, String)] {
        let package = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let apps = package.appending(path: "Apps")
        guard let walk = FileManager.default.enumerator(at: apps, includingPropertiesForKeys: nil) else { return [] }
        let files = walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 50, "the programs' sources are under \(apps.path)")
        return try files.map { file in
            (String(file.path.dropFirst(package.path.count + 1)), try String(contentsOf: file, encoding: .utf8))
        }
    }
}
