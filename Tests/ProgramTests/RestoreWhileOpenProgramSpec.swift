import Foundation
import Testing

/// A backup put back in the store's place while programs that stay open have the store: they
/// follow the file now there, and nothing they or others had kept is lost.
@Suite("a restore while programs run")
struct RestoreWhileOpenProgramSpec {
    /// An SQLite database copied alone (`cp`, as a person backs up a file), restored by `mv` once
    /// a later change is in its log, with `web` and `todo list --watch` open on the store.
    @Test(.slow)
    func aBackupOfTheDatabaseAloneRestoredUnderWebAndAWatchLosesNoAcknowledgedChange() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let store = place.data.path
        let backup = place.folder.appendingPathComponent("backup").path
        #expect(try place.todo("add", "before the backup").status == 0)
        try FileManager.default.copyItem(atPath: store, toPath: backup)
        let server = try WebServer([], environment: place.environment)
        let watcher = try Watcher("todo", ["list", "--watch"], environment: place.environment)
        let first = watcher.read(until: "before the backup")
        #expect(try add("after the backup", to: server).status == 200)
        _ = watcher.read(until: "after the backup", after: first)

        #expect(rename(backup, store) == 0)
        let copy = try #require(try copyAppears(beside: store))
        // Until then, the log of the file replaced still holds change 2, which a program opening
        // the store reads, rightly, as continuing the backup: nothing is lost, nothing refused.
        try #require(logIsEmptied(of: store))

        let refused = try place.todo("list")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("change 2 was kept in it: the file it replaced holds it, kept at \(copy)"))
        let refusedByWeb = try add("past the refusal", to: server)
        #expect(refusedByWeb.status != 200)
        #expect(rename(copy, store) == 0)  // as the refusal says
        #expect(try add("after putting it back", to: server).status == 200)
        let watcherSaid = watcher.stop(with: SIGINT).said
        #expect(server.stop() == 0)
        let said = watcherSaid + server.saidSinceStarting()
        #expect(said.contains("is kept at \(copy)"), "\(said)")
        let titles = try place.list().map { $0["title"] as? String }
        #expect(titles == ["before the backup", "after the backup", "after putting it back"])
    }

    private func add(_ title: String, to server: WebServer) throws -> HTTPExchange {
        try HTTPExchange.curl(
            server.base + "/api/commands",
            [
                "-X", "POST", "-H", "Content-Type: application/json", "--data",
                #"{"todo": {"add": {"draft": {"title": "\#(title)", "changes": []}}}}"#,
            ])
    }

    /// Whether the log beside `store` is emptied within ten seconds, as the program that lets go
    /// of the file it replaced copies the log into that file.
    private func logIsEmptied(of store: String) -> Bool {
        for _ in 0..<200 {
            let size = (try? FileManager.default.attributesOfItem(atPath: store + "-wal")[.size] as? Int) ?? 0
            if size == 0 { return true }
            usleep(50_000)
        }
        return false
    }

    /// The copy of the replaced file that one of the programs keeps as it follows the path, once
    /// it is there; nil if none is made within ten seconds. Only the copy itself, named by the
    /// file's inode and a change, `STORE.replaced-16721432-2`: the log and index SQLite keeps beside
    /// it while the copy is made come and go.
    private func copyAppears(beside store: String) throws -> String? {
        let folder = (store as NSString).deletingLastPathComponent
        let prefix = (store as NSString).lastPathComponent + ".replaced-"
        let isTheCopy = { (name: String) in
            let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            return name.hasPrefix(prefix) && parts.count == 2
                && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        }
        for _ in 0..<200 {
            if let name = try FileManager.default.contentsOfDirectory(atPath: folder).first(where: isTheCopy) {
                return folder + "/" + name
            }
            usleep(50_000)
        }
        return nil
    }
}
