import Foundation
import Testing

/// The SQLite store keeps its latest changes in its `-wal` log between programs: a log lost since
/// stops the next program with one line naming the store and the log (exit status 65), never a
/// list as it was before those changes, and the store's file is left as it was.
@Suite("a lost SQLite log")
struct LostLogProgramSpec {
    @Test(arguments: ["removed", "emptied"])
    func aLogLostAfterTheProgramsThatWroteItIsSaidNamingTheStore(_ loss: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-lost-log-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/todo.sqlite"
        let environment = ["APPCORE_STORE": "sqlite", "APPCORE_DATA": store]
        for title in ["buy milk", "call Anna"] {
            #expect(try ProgramRun.of("todo", ["add", title], environment: environment).status == 0)
        }
        if loss == "removed" {
            try FileManager.default.removeItem(atPath: store + "-wal")
        } else {
            try Data().write(to: URL(fileURLWithPath: store + "-wal"))
        }
        try? FileManager.default.removeItem(atPath: store + "-shm")
        let database = try Data(contentsOf: URL(fileURLWithPath: store))

        let list = try ProgramRun.of("todo", ["list"], environment: environment)

        #expect(list.status == 65)
        #expect(list.stdout.isEmpty)
        #expect(list.stderr.hasPrefix("Error: cannot read the store at \(store): it ends at change "))
        #expect(list.stderr.contains("its log \(store)-wal was removed or damaged since"))
        #expect(list.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == database)
    }
}
