import CLibPQ
import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One connection to a PostgreSQL server through libpq. A class, because it owns the connection,
/// which must be closed exactly once.
///
/// Results come back in binary: a `bigint` as 8 bytes, a `bytea` as its bytes, text as UTF-8.
final class PostgresConnection {
    let location: PostgresLocation
    private let pq: appcore_libpq
    private var handle: OpaquePointer?

    init(_ location: PostgresLocation) throws {
        self.location = location
        switch LibPQ.entryPoints {
        case .success(let entryPoints): pq = entryPoints
        case .failure(let unavailable):
            throw StoreError.failed(
                path: location.description, operation: "connect to",
                reason: "libpq, PostgreSQL's client library, cannot be opened (\(unavailable.reason))")
        }
        // libpq prints the server's notices ("relation already exists, skipping", a shutting-down
        // server's warning) on standard error unless told otherwise, from the first message of the
        // connection on; a program says only what it means to. So the connection is started, told,
        // and only then completed, step by step. libpq keeps `connect_timeout` (and tries the next
        // server when it runs out) only when it takes the steps itself: where a timeout may be
        // asked for, it does, and a notice sent while connecting is printed, as it always was.
        let libpqWaits = Self.mayAskForATimeout(location.url, pq)
        handle = libpqWaits ? pq.connectdb(location.url) : pq.connectStart(location.url)
        _ = pq.setNoticeProcessor(handle, { _, _ in }, nil)
        do {
            if libpqWaits {
                guard pq.status(handle) == CONNECTION_OK else { throw failure("connect to") }
            } else {
                try completeConnecting()
            }
        } catch {
            close()
            throw error
        }
    }

    /// Takes a started connection through its steps, waiting on its socket between them for as
    /// long as it takes, as libpq asks (`PQconnectPoll`), until it is made or has failed; libpq
    /// itself moves on to the next server of a list when one fails.
    private func completeConnecting() throws {
        var step = PGRES_POLLING_WRITING
        while step != PGRES_POLLING_OK {
            let socket = pq.socket(handle)
            guard step != PGRES_POLLING_FAILED, pq.status(handle) != CONNECTION_BAD, socket >= 0 else {
                throw failure("connect to")
            }
            let awaited = step == PGRES_POLLING_READING ? POLLIN : POLLOUT
            var descriptor = pollfd(fd: socket, events: Int16(awaited), revents: 0)
            while poll(&descriptor, 1, -1) < 0 && errno == EINTR {}
            step = pq.connectPoll(handle)
        }
    }

    /// Whether `url`, libpq's variables or a service file may set `connect_timeout`: the URL or
    /// `PGCONNECT_TIMEOUT` gives one, or a service is named. A URL libpq cannot read is left to
    /// libpq to say what is wrong with it.
    private static func mayAskForATimeout(_ url: String, _ pq: appcore_libpq) -> Bool {
        let variables: [String] = ["PGCONNECT_TIMEOUT", "PGSERVICE"]
        let setInTheEnvironment = variables.contains { name in getenv(name).map { $0.pointee != 0 } == true }
        if setInTheEnvironment { return true }
        guard let options = pq.conninfoParse(url, nil) else { return true }
        defer { pq.conninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            let name = String(cString: keyword)
            if name == "connect_timeout" || name == "service", let value = option.pointee.val, value.pointee != 0 {
                return true
            }
            option += 1
        }
        return false
    }

    deinit { close() }

    func close() {
        pq.finish(handle)
        handle = nil
    }

    /// Whether the connection was lost (a server restarted, a network gone): the next statement
    /// connects again first.
    var isLost: Bool { handle == nil || pq.status(handle) != CONNECTION_OK }

    /// Connects again after the connection was lost; statements before were rolled back.
    func reconnect() throws {
        guard let handle else { throw destroyed("connect to") }
        pq.reset(handle)
        guard pq.status(handle) == CONNECTION_OK else { throw failure("connect to") }
    }

    /// Runs SQL that takes no values: one statement or several.
    func execute(_ sql: String) throws {
        let result = pq.exec(try open(), sql)
        defer { pq.clear(result) }
        try check(result, sql)
    }

    /// Runs one statement with `values` bound in order (`$1`, `$2`, …), calling `row` for each
    /// row it returns.
    func run(_ sql: String, _ values: [PostgresValue] = [], row: (PostgresRow) throws -> Void = { _ in }) throws {
        let connection = try open()
        // Every value's bytes in one buffer, text ended by a NUL as libpq reads it.
        var buffer: [UInt8] = []
        var offsets: [Int] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        var types: [Oid] = []
        for value in values {
            offsets.append(buffer.count)
            switch value {
            case .integer(let integer):
                buffer += Array(String(integer).utf8) + [0]
                (lengths, formats, types) = (lengths + [0], formats + [0], types + [20])  // int8
            case .text(let text):
                buffer += Array(text.utf8) + [0]
                (lengths, formats, types) = (lengths + [0], formats + [0], types + [25])  // text
            case .bytes(let bytes):
                buffer += bytes
                (lengths, formats, types) = (lengths + [Int32(bytes.count)], formats + [1], types + [17])  // bytea
            }
        }
        buffer.append(0)  // so that the buffer has an address even when every value is empty
        let result = buffer.withUnsafeBytes { bytes -> OpaquePointer? in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
            let pointers: [UnsafePointer<CChar>?] = offsets.map { UnsafePointer(base + $0) }
            return pq.execParams(connection, sql, Int32(values.count), types, pointers, lengths, formats, 1)
        }
        defer { pq.clear(result) }
        try check(result, sql)
        for index in 0..<pq.ntuples(result) {
            try row(PostgresRow(pq: pq, result: result, index: index))
        }
    }

    /// The first column of the first row, as an integer.
    func integer(_ sql: String, _ values: [PostgresValue] = []) throws -> Int64? {
        var found: Int64?
        try run(sql, values) { row in found = found ?? row.integer(0) }
        return found
    }

    /// Waits up to `milliseconds` for the server to send something, then returns the payloads
    /// of the notifications that came.
    func notifications(waiting milliseconds: Int32) throws -> [String] {
        let connection = try open()
        var descriptor = pollfd(fd: pq.socket(connection), events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, milliseconds)
        guard pq.consumeInput(connection) == 1 else { throw failure("listen to") }
        var found: [String] = []
        while let notification = pq.notifies(connection) {
            found.append(String(cString: notification.pointee.extra))
            pq.freemem(notification)
        }
        return found
    }

    private func open() throws -> OpaquePointer {
        guard let handle else { throw destroyed("use") }
        return handle
    }

    private func check(_ result: OpaquePointer?, _ sql: String) throws {
        switch pq.resultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK: return
        default: throw failure(Self.operation(of: sql))
        }
    }

    private func destroyed(_ operation: String) -> StoreError {
        .failed(path: location.description, operation: operation, reason: "the store was destroyed")
    }

    /// The error libpq last met, on one line, in the store's terms.
    private func failure(_ operation: String) -> StoreError {
        let message = handle.flatMap { pq.errorMessage($0) }.map { String(cString: $0) } ?? "out of memory"
        let words = message.split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }
        var reason = words.first.map(String.init) ?? "the server gave no reason"
        if reason.hasPrefix("ERROR:  ") || reason.hasPrefix("FATAL:  ") { reason = String(reason.dropFirst(8)) }
        if handle != nil, pq.status(handle) != CONNECTION_OK, operation != "connect to" {
            reason = "the connection to the server was lost (\(reason))"
        }
        for password in location.passwords { reason = reason.replacing(password, with: "…") }
        return .failed(path: location.description, operation: operation, reason: reason)
    }

    /// What a statement does to the store, in a person's words, for its error.
    private static func operation(of sql: String) -> String {
        let reads = sql.hasPrefix("SELECT") || sql.hasPrefix("BEGIN") || sql.hasPrefix("LISTEN")
        return reads && !sql.hasSuffix("FOR UPDATE") ? "read" : "write"
    }
}

/// A value bound to a statement's parameter.
enum PostgresValue {
    case integer(Int64)
    case text(String)
    case bytes([UInt8])
}

/// One row of a statement's result, read by column index, in binary.
struct PostgresRow {
    let pq: appcore_libpq
    let result: OpaquePointer?
    let index: Int32

    func bytes(_ column: Int32) -> [UInt8] {
        let count = Int(pq.getlength(result, index, column))
        guard count > 0, let value = pq.getvalue(result, index, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: value, count: count))
    }

    /// A `bigint`, `integer` or `smallint`, which come as 8, 4 or 2 bytes, most significant first.
    func integer(_ column: Int32) -> Int64 {
        let bytes = bytes(column)
        let unsigned = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let unused = UInt64((8 - bytes.count) * 8)
        return bytes.isEmpty ? 0 : Int64(bitPattern: unsigned << unused) >> Int64(unused)
    }

    func text(_ column: Int32) -> String {
        String(decoding: bytes(column), as: UTF8.self)
    }
}
