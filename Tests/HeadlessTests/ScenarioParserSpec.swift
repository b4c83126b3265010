import AppCore
import Essentials
import Foundation
import Headless
import Testing

@Suite("Scenario format")
struct ScenarioParserSpec {
    @Test func aScenarioHasSettingsAndSteps() throws {
        let text = """
            # a comment
            scenario: three flips
            seed: 1
            now: 2026-11-22T12:00:00.000Z
            store: sqlite
            non-exhaustive
            send {"coin": {"flip": {"count": 3}}}
            expect {"coin": {"historyCleared": {}}}
            expect state coins.tosses.count = 1
            """
        let scenarios = try ScenarioParser.parse(text, file: "f")
        let scenario = try #require(scenarios.first)
        #expect(scenarios.count == 1)
        #expect(scenario.name == "three flips" && scenario.line == 2)
        #expect(scenario.seed == 1)
        #expect(scenario.now == ValueCoding.parse("2026-11-22T12:00:00.000Z"))
        #expect(scenario.store == .sqlite)
        #expect(!scenario.exhaustive)
        #expect(
            scenario.steps == [
                .init(action: .send(.coin(.flip(count: 3))), line: 7),
                .init(action: .expect(.coin(.historyCleared)), line: 8),
                .init(action: .expectState(path: ["coins", "tosses", "count"], value: .number(1)), line: 9),
            ])
    }

    @Test func aFileMayHoldSeveralScenarios() throws {
        let scenarios = try ScenarioParser.parse(
            "scenario: one\nscenario: two\nsend {\"coin\":{\"showHistory\":{}}}", file: "f")
        #expect(scenarios.map(\.name) == ["one", "two"])
        #expect(scenarios.map(\.steps.count) == [0, 1])
    }

    @Test func theWholeStateMayBeExpected() throws {
        let scenario = try #require(
            try ScenarioParser.parse("scenario: s\nexpect state = {\"a\": [1, true, null]}", file: "f").first)
        #expect(
            scenario.steps.first?.action
                == .expectState(path: [], value: .object(["a": .array([.number(1), .bool(true), .null])])))
    }

    @Test(arguments: [
        ("send {\"coin\":{}}", 1, "expected “scenario: NAME”"),
        ("scenario:", 1, "needs a name"),
        ("scenario: s\nseed: minus one", 2, "whole number"),
        ("scenario: s\nnow: tomorrow", 2, "moment"),
        ("scenario: s\nstore: floppy", 2, "memory, disk or sqlite"),
        ("scenario: s\nsend {\"coin\": {\"flip\": {\"count\": \"three\"}}}", 2, "not a command"),
        ("scenario: s\nsend {\"weather\": {}}", 2, "not a command"),
        (
            "scenario: s\nsend {\"coin\": {\"flp\": {\"count\": 3}}}", 2,
            "\"flp\" is no command of coin; its commands are flip, flipUntil, showHistory, clearHistory"
        ),
        ("scenario: s\nexpect {\"coin\": {\"flip\": {\"count\": 3}}}", 2, "not an answer"),
        ("scenario: s\nsend", 2, "as JSON"),
        ("scenario: s\nexpect state todos.count 3", 2, "PATH = VALUE"),
        ("scenario: s\nexpect state todos.count = three", 2, "not JSON"),
        ("scenario: s\n\n# fine\nshout hello", 4, "expected send, expect"),
        ("scenario: s\nstart: {\"coins\": {\"tosses\": 3}}", 2, "whole state"),
    ])
    func aMalformedFileNamesTheLineAndWhatWasExpected(_ text: String, _ line: Int, _ words: String) {
        do {
            _ = try ScenarioParser.parse(text, file: "suite.scenario")
            Issue.record("expected an error")
        } catch {
            #expect(error.file == "suite.scenario")
            #expect(error.line == line)
            #expect(error.problem.contains(words), "\(error.problem)")
        }
    }
}
