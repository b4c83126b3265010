import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an SQLite store's database file holds without its log: which store it is and the last
/// change copied into it. Read, before SQLite reads the log, to tell whether that log is this
/// file's (`SQLiteLogMark`).
struct SQLiteDatabaseAlone: Equatable {
    /// `SQLiteStoreIdentity`, nil for a store an earlier version made.
    let identity: [UInt8]?
    let lastChange: Int64

    /// Reads the file at `path` as it is without its log and index, writing nothing: from its
    /// bytes (`SQLiteFileReader`) where its schema holds only the store's `tables`, each as SQLite
    /// keeps its definition, and its rows are as SQLite writes them; otherwise as SQLite's
    /// `immutable` opening does, which costs a connection of its own and a reading of the schema
    /// as SQL. Nil where it cannot be read so: the connection that reads it with its log says
    /// what is wrong with it. Its bytes are read through `descriptor`, open on it; SQLite, where
    /// it reads it, opens the path.
    static func read(from descriptor: Int32, at path: String, tables: [String]) -> SQLiteDatabaseAlone? {
        // A program copying the log into the database while this one reads it could show it half
        // written: SQLite's copying waits for the lock its readers of the database alone hold.
        let lock = holdReadersLock(of: path + "-shm")
        defer { if lock >= 0 { POSIXFile.close(lock) } }
        return readFromBytes(from: descriptor, at: path, tables: tables) ?? readBySQLite(at: path)
    }

    /// The same, from the file's bytes: nil where the reader does not know what SQLite would read
    /// there, for SQLite to read it. The columns are read by their place in the definitions of
    /// `snapshot` and `store` among `tables` (`SQLiteJournal.knownTables`).
    static func readFromBytes(from descriptor: Int32, at path: String, tables: [String]) -> SQLiteDatabaseAlone? {
        // Each table as the store makes it, once, and by the name its definition gives it, which
        // SQLite checks.
        guard let reader = SQLiteFileReader(descriptor: descriptor, path: path), let schema = reader.schema(),
            schema.allSatisfy({ row in
                holds(row.type, "table") && row.tableName == row.name
                    && tables.contains { table in
                        holds(row.sql, table) && holds(row.name, name(definedBy: table))
                    }
            }),
            schema.indices.allSatisfy({ index in !schema[..<index].contains { $0.name == schema[index].name } })
        else { return nil }
        let named = { (name: String) in schema.filter { holds($0.name, name) } }
        let (snapshots, changes, stores) = (named("snapshot"), named("changes"), named("store"))
        guard snapshots.count == 1, changes.count == 1,
            case .found(let snapshot)? = reader.row(1, inTableAt: snapshots[0].rootPage), snapshot.count >= 2,
            case .integer(let snapshotAt) = snapshot[1],
            let lastChanged = reader.lastRowNumber(inTableAt: changes[0].rootPage)
        else { return nil }
        var identity: [UInt8]?
        if let store = stores.first {
            switch reader.row(1, inTableAt: store.rootPage) {
            case .missing?: identity = nil
            case .found(let row)? where row.count >= 2:
                switch row[1] {
                case .blob(let kept), .text(let kept): identity = SQLiteStoreIdentity.unsealed(Array(kept))
                case .null: identity = nil
                case .integer, .spilled: return nil
                }
            default: return nil
            }
        }
        return SQLiteDatabaseAlone(identity: identity, lastChange: max(snapshotAt, lastChanged))
    }

    /// The name a table's definition gives it: the word after `CREATE TABLE`.
    private static func name(definedBy table: String) -> String {
        String(
            decoding: table.utf8.dropFirst("CREATE TABLE ".utf8.count).prefix {
                $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "(")
            }, as: UTF8.self)
    }

    /// Whether `bytes` are the UTF-8 of `text`, compared in place: a string's bytes walked one at a
    /// time against a slice cost 3,400 instructions a definition, in every program that opens a
    /// store.
    private static func holds(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            bytes.withUnsafeBufferPointer { kept in kept.count == utf8.count && kept.elementsEqual(utf8) }
        }
    }

    /// The same, through a connection of SQLite's own, opened as `immutable`.
    static func readBySQLite(at path: String) -> SQLiteDatabaseAlone? {
        guard let connection = try? SQLiteConnection(path: path, unchanging: true) else { return nil }
        defer { connection.close() }
        guard let tables = try? connection.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'store'"),
            let last = try? connection.integer(
                """
                SELECT max((SELECT sequence FROM snapshot WHERE id = 1), coalesce((SELECT max(sequence) FROM changes), 0))
                """)
        else { return nil }
        let identity = tables == 1 ? (try? SQLiteStoreIdentity.read(from: connection)) ?? nil : nil
        return SQLiteDatabaseAlone(identity: identity, lastChange: last)
    }

    /// Takes, on SQLite's index beside the database, the lock a reader of the database alone holds
    /// (`WAL_READ_LOCK(0)`, byte 123 of the index), shared, which SQLite takes whole before it copies
    /// the log into the database, and holds only while it copies. Returns the descriptor that holds
    /// it, or -1 where there is no index (no program has the store open), no such lock, or a copy
    /// that lasts more than two seconds (a program stopped while it copied): the reading is then
    /// only as safe as it is without. A lock of the descriptor's own (Linux's "open file
    /// description" locks), so that letting go of it never lets go of SQLite's own locks in this
    /// process.
    private static func holdReadersLock(of index: String) -> Int32 {
        #if os(Linux)
            guard let descriptor = try? POSIXFile.open(index, O_RDONLY | O_NOFOLLOW | O_NONBLOCK) else { return -1 }
            var lock = flock()
            lock.l_type = Int16(F_RDLCK)
            lock.l_whence = Int16(SEEK_SET)
            lock.l_start = 123
            lock.l_len = 1
            let openFileDescriptionLock: Int32 = 37  // F_OFD_SETLK, which Glibc's module leaves out
            for _ in 0..<2_000 {
                if fcntl(descriptor, openFileDescriptionLock, &lock) == 0 { return descriptor }
                guard errno == EAGAIN || errno == EACCES || errno == EINTR else { break }
                usleep(1_000)
            }
            POSIXFile.close(descriptor)
            return -1
        #else
            return -1
        #endif
    }
}
