import Testing

@Suite("--version")
struct VersionProgramSpec {
    @Test func everyProgramSaysTheSameVersionOnOneLine() throws {
        let runs = try ["todo", "dice", "coin", "headless"].map { try ProgramRun.of($0, ["--version"]) }
        for run in runs {
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            #expect(run.stdout.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+\n/) != nil)
        }
        #expect(Set(runs.map(\.stdout)).count == 1)
    }
}
