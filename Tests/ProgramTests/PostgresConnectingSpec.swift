import Foundation
import StoreTestSupport
import Testing

/// Connecting to a PostgreSQL server that does not answer: the program gives up when the URL's
/// `connect_timeout` says, as libpq's own connecting does, and says so in one line. No server is
/// needed: a socket that listens and never answers stands in for one.
@Suite("PostgreSQL store, a server that never answers")
struct PostgresConnectingSpec {
    /// A TCP socket on the loopback that takes connections into its queue and never answers them;
    /// closed when done.
    private final class SilentServer {
        let descriptor: Int32
        let port: UInt16

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw SocketFailure() }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(descriptor, pointer, length) == 0 && listen(descriptor, 8) == 0
                        && getsockname(descriptor, pointer, &length) == 0
                }
            }
            guard bound else {
                close(descriptor)
                throw SocketFailure()
            }
            self.descriptor = descriptor
            port = UInt16(bigEndian: address.sin_port)
        }

        deinit { close(descriptor) }

        struct SocketFailure: Error {}
    }

    /// The folder of the test server's Unix socket, where its URL names one (`host=/…`).
    private static var serverFolder: String? {
        let query = URLComponents(string: PostgresTestServer.url ?? "")?.queryItems ?? []
        return query.first { $0.name == "host" }?.value.flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    // Without the timeout the program would wait for ever: the time limit makes that a failure.
    @Test(.slow, .timeLimit(.minutes(1)))
    func theProgramGivesUpAfterTheURLsConnectTimeout() throws {
        let server = try SilentServer()
        let url = "postgresql://127.0.0.1:\(server.port)/none?connect_timeout=2"
        let started = ContinuousClock.now

        let run = try ProgramRun.of("coin", ["flip", "--store", "postgres", "--data", url])

        let waited = ContinuousClock.now - started
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "Error: could not connect to the store at \(url), store appcore: connection to server at "
                + "\"127.0.0.1\", port \(server.port) failed: timeout expired\n")
        #expect(waited >= .seconds(2) && waited < .seconds(10))
    }

    /// With a list of servers, the next is tried when one does not answer in time.
    @Test(
        .slow,
        .enabled(if: serverFolder != nil, "set APPCORE_TEST_POSTGRES to a server's URL with host=/its/socket/folder"),
        .timeLimit(.minutes(1)))
    func theNextServerOfAListIsTriedWhenOneDoesNotAnswer() throws {
        let server = try SilentServer()
        let folder = try #require(Self.serverFolder)
        let url =
            "postgresql:///postgres?host=127.0.0.1,\(folder)&port=\(server.port),5432&user=postgres"
            + "&connect_timeout=2&store=next-server"

        let run = try ProgramRun.of("coin", ["flip", "--seed", "1", "--store", "postgres", "--data", url])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "tails\n")
    }
}
