import Foundation
import Testing

/// A change whose reply never comes: the program cannot know whether it was kept, and says so,
/// rather than "not kept", which would have it made twice.
@Suite("a lost reply to a change", .enabled(if: PostgresTestServer.url != nil, "needs APPCORE_TEST_POSTGRES"))
struct LostReplySpec {
    @Test
    func aChangeWhoseCommitReplyIsLostSaysItsOutcomeIsUnknownAndWasInFactKept() throws {
        let url = try #require(PostgresTestServer.url)
        let serverFolder = try #require(
            url.split(separator: "?").last?.split(separator: "&").first { $0.hasPrefix("host=") }?.dropFirst(5))
        let proxy = try LossyProxy(serverFolder: String(serverFolder))
        defer { proxy.stop() }
        let store = "lost-reply-\(UUID().uuidString.prefix(8))"
        let direct = ["APPCORE_STORE": "postgres", "APPCORE_DATA": "\(url)&store=\(store)"]
        let throughProxy = [
            "APPCORE_STORE": "postgres",
            "APPCORE_DATA": "postgresql:///postgres?host=\(proxy.folder)&user=postgres&store=\(store)",
        ]
        #expect(try ProgramRun.of("todo", ["add", "before"], environment: direct).status == 0)

        let run = try ProgramRun.of("todo", ["add", "buy milk"], environment: throughProxy)

        #expect(proxy.didCut)
        #expect(run.status == 75)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.hasPrefix("Error: cannot tell whether the change was kept in the store at "), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("look at the store before making it again\n"))
        #expect(!run.stderr.contains("not kept"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        let listed = try ProgramRun.of("todo", ["list"], environment: direct).stdout
        #expect(listed.contains("[ ] before") && listed.contains("[ ] buy milk"))
    }
}
