import Foundation

/// A folder of its own for one test, removed when the test lets go of it. A class, so that its
/// removal can hang on the end of its lifetime.
final class TemporaryFolder {
    let url: URL

    /// A folder in the system's temporary folder, or in `base`.
    init(in base: URL = FileManager.default.temporaryDirectory) throws {
        url = base.appendingPathComponent("appcore-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// A folder in memory where the system has one (`/dev/shm`), for tests that write a file
    /// thousands of times and mean the store's own work, not the disk's.
    static func inMemory() throws -> TemporaryFolder {
        let memory = URL(fileURLWithPath: "/dev/shm")
        return FileManager.default.isWritableFile(atPath: memory.path)
            ? try TemporaryFolder(in: memory) : try TemporaryFolder()
    }
}
