import Essentials
import Fractal

/// Which SQLite store a database file is: 16 random bytes drawn as the store is made, kept in a
/// table of its own inside the database, so that a copy of the file (`cp`, a backup restored, a
/// move to another disk) is the same store and a store made anew, even on the same inode, is
/// another. The mark beside the store names it (`SQLiteLogMark`). A store an earlier version made
/// has none until its first change under this version gives it one. Kept with a CRC-32 of its own,
/// so that a damaged identity is told from another store's.
enum SQLiteStoreIdentity {
    /// The table, as SQLite keeps its definition word for word.
    static var table: String {
        "CREATE TABLE store (id INTEGER PRIMARY KEY CHECK (id = 1), identity BLOB NOT NULL)"
    }

    static var count: Int { 16 }

    static func drawn() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// The identity as it is kept: its bytes, then a CRC-32 of them.
    static func sealed(_ identity: [UInt8]) -> [UInt8] {
        identity + LittleEndian.bytes(of: CRC32.checksum(identity))
    }

    /// The identity in the database, which has the table: nil where its row is missing or damaged,
    /// and the database is then known by its file alone, as earlier versions knew it.
    static func read(from connection: SQLiteConnection) throws -> [UInt8]? {
        var kept: [UInt8] = []
        try connection.run("SELECT identity FROM store WHERE id = 1") { kept = $0.blob(0) }
        return unsealed(kept)
    }

    /// The identity kept as `kept`, nil where it is damaged.
    static func unsealed(_ kept: [UInt8]) -> [UInt8]? {
        guard kept.count == count + 4 else { return nil }
        let identity = Array(kept.prefix(count))
        return LittleEndian.uint32(in: kept, at: count) == CRC32.checksum(identity) ? identity : nil
    }

    /// Gives the database an identity where it has none, in the write transaction under way (where
    /// another program may have just given it one), and returns the one it has.
    static func give(to connection: SQLiteConnection) throws -> [UInt8]? {
        try connection.execute(table.replacing("CREATE TABLE", with: "CREATE TABLE IF NOT EXISTS"))
        try connection.run("INSERT OR IGNORE INTO store (id, identity) VALUES (1, ?)", [.blob(sealed(drawn()))])
        return try read(from: connection)
    }
}
