import Foundation

/// A specification that damages a store's file in place: it reads and writes the file whole, and
/// clears what a reading leaves beside an SQLite database, so that each reading starts alike.
protocol DamagesAStoreFile {
    var path: String { get }
}

extension DamagesAStoreFile {
    func bytes() throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func write(_ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    func removeSideFiles() {
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
