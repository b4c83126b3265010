import AppCore
import Foundation
import Headless
import Testing

@Suite("Scenario runner")
struct ScenarioRunnerSpec {
    func scenario(_ body: String) throws -> Scenario {
        try #require(
            try ScenarioParser.parse("scenario: s\nseed: 1\nnow: 2026-11-22T12:00:00.000Z\n" + body, file: "f").first)
    }

    let flipped = #"expect {"coin": {"flipped": {"toss": {"at": "2026-11-22T12:00:00.000Z", "flips": "TTT"}}}}"#

    @Test(arguments: StoreChoice.allCases)
    func aScenarioThatHoldsPasses(_ store: StoreChoice) throws {
        let result = ScenarioRunner.run(
            try scenario(
                "send {\"coin\": {\"flip\": {\"count\": 3}}}\n\(flipped)\nexpect state coins.tosses.count = 1"),
            on: store)
        #expect(result.passed, "\(result.failures)")
        #expect(result.transcript.count == 1)
    }

    @Test func aWrongExpectationFailsWithADiff() throws {
        let wrong = flipped.replacingOccurrences(of: "TTT", with: "HTT")
        let result = ScenarioRunner.run(
            try scenario("send {\"coin\": {\"flip\": {\"count\": 3}}}\n\(wrong)"), on: .memory)
        let failure = try #require(result.failures.first)
        #expect(result.failures.count == 1)
        #expect(failure.line == 5)
        #expect(
            failure.diff?.contains("- \"flips\": \"HTT\"") == true
                || failure.diff?.contains("-         \"flips\": \"HTT\"") == true)
        #expect(failure.diff?.contains("\"TTT\"") == true)
    }

    @Test func anAnswerRecordedBeforeItGainedAMemberStillPasses() throws {
        let send = #"send {"dice": {"roll": {"expression": "8d6", "times": 1}}}"#
        let now = try #require(ScenarioRunner.run(try scenario(send), on: .memory).transcript.first)
        #expect(now.contains(#""critical""#))
        // The same answer as a recording made before dice marked criticals holds it.
        let before = now.replacingOccurrences(of: #","critical":"max""#, with: "")
            .replacingOccurrences(of: #","critical":"min""#, with: "")
            .replacingOccurrences(of: #""critical":"max","#, with: "")
            .replacingOccurrences(of: #""critical":"min","#, with: "")
        #expect(!before.contains("critical"))

        let passed = ScenarioRunner.run(try scenario("\(send)\nexpect \(before)"), on: .memory)
        let changed = before.replacingOccurrences(of: "8d6", with: "9d6")
        let failed = ScenarioRunner.run(try scenario("\(send)\nexpect \(changed)"), on: .memory)

        #expect(passed.passed, "\(passed.failures)")
        #expect(failed.failures.map(\.problem) == ["the answer that came out differs"])
    }

    @Test func anUnexpectedMessageFailsAnExhaustiveScenario() throws {
        let result = ScenarioRunner.run(try scenario("send {\"coin\": {\"flip\": {\"count\": 3}}}"), on: .memory)
        #expect(result.failures.map(\.line) == [4])
        #expect(result.failures.first?.problem.contains("no step expected") == true)
    }

    @Test func aNonExhaustiveScenarioLetsUnexpectedMessagesPass() throws {
        let result = ScenarioRunner.run(
            try scenario(
                "non-exhaustive\nsend {\"coin\": {\"flip\": {\"count\": 3}}}\nexpect state coins.tosses.count = 1"),
            on: .memory)
        #expect(result.passed)
    }

    @Test func aWrongStateFailsAndNamesThePath() throws {
        let result = ScenarioRunner.run(
            try scenario(
                "non-exhaustive\nsend {\"coin\": {\"flip\": {\"count\": 3}}}\nexpect state coins.tosses.count = 2"),
            on: .memory)
        #expect(result.failures.first?.problem == "coins.tosses.count differs")
        #expect(result.failures.first?.line == 6)
    }

    @Test func aMissingPathFails() throws {
        let result = ScenarioRunner.run(try scenario("expect state coins.nothing = 1"), on: .memory)
        #expect(result.failures.first?.problem.contains("nothing at coins.nothing") == true)
    }

    @Test func everyRunOfAScenarioGivesTheSameMessages() throws {
        let body = try scenario(
            "non-exhaustive\nsend {\"dice\": {\"roll\": {\"expression\": \"10d10\", \"times\": 3}}}")
        #expect(ScenarioRunner.run(body, on: .memory).transcript == ScenarioRunner.run(body, on: .sqlite).transcript)
    }
}
