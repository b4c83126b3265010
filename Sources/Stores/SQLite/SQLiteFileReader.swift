/// Reads rows of an SQLite database file straight from its bytes, as SQLite's file format lays
/// them out (sqlite.org/fileformat2.html): a table is a b-tree of pages, its rows in the leaves by
/// their row number. It reads the file alone, never the write-ahead log beside it, and writes
/// nothing.
///
/// It reads only the layout SQLite writes for small rows of a UTF-8 database: where a page, a row
/// or a value is anything else (a row spilling onto overflow pages, a page of another kind, a
/// number out of range, a floating-point value), its answer is nil, "not known", and the caller
/// asks SQLite. `SQLiteDatabaseAlone` reads so what a second SQLite connection would tell it, for
/// a few page reads instead of opening that connection and reading the schema as SQL.
struct SQLiteFileReader {
    /// A value of a row, by the type the row's record gives it.
    enum Value: Equatable {
        case null
        case integer(Int64)
        case text(ArraySlice<UInt8>)
        case blob(ArraySlice<UInt8>)
        /// A value on an overflow page, not read.
        case spilled
    }

    /// One row of the schema table (`sqlite_schema`).
    struct SchemaRow {
        let type: ArraySlice<UInt8>
        let name: ArraySlice<UInt8>
        let tableName: ArraySlice<UInt8>
        let rootPage: Int
        let sql: ArraySlice<UInt8>
    }

    /// A row looked up by its number: its values, or nothing where the table has no such row.
    enum Lookup: Equatable {
        case found([Value])
        case missing
    }

    private let descriptor: Int32
    /// The file's path, for `POSIXFile`'s errors, which the reader turns into "not known".
    private let path: String
    private let pageSize: Int
    /// The bytes of a page that hold the b-tree; the rest is reserved (by an extension, say).
    private let usableSize: Int
    private let pageCount: Int

    /// A reader of the database at `path`, open on `descriptor`, or nil where its header is not
    /// one of a UTF-8 database whose pages this reader knows.
    init?(descriptor: Int32, path: String) {
        guard let fileSize = try? POSIXFile.status(of: descriptor, path: path).size,
            let header = try? POSIXFile.read(descriptor, from: 0, to: 100, path: path),
            header.starts(with: Array("SQLite format 3\0".utf8))
        else { return nil }
        let size = Int(BigEndian.uint16(in: header, at: 16))
        pageSize = size == 1 ? 65_536 : size
        usableSize = pageSize - Int(header[20])
        // As SQLite checks the header before it reads a page, and the schema's format and the
        // text's encoding (UTF-8) as it reads the schema.
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0, usableSize >= 480, header[18] <= 2,
            header[19] <= 2, header[21...23] == [64, 32, 32], (0...4).contains(BigEndian.uint32(in: header, at: 44)),
            BigEndian.uint32(in: header, at: 56) == 1
        else { return nil }
        // The size the header gives is SQLite's where the header is as new as the file's last
        // change (its change counter matches the one the size was written with), the file's
        // otherwise; whole pages only (SQLite counts a last page cut short, which is then not one
        // this reader reads, and SQLite is asked).
        let inHeader = Int(BigEndian.uint32(in: header, at: 28))
        let headerIsCurrent =
            inHeader > 0 && BigEndian.uint32(in: header, at: 24) == BigEndian.uint32(in: header, at: 92)
        let inFile = fileSize / pageSize
        guard !headerIsCurrent || inHeader <= inFile else { return nil }
        pageCount = headerIsCurrent ? inHeader : inFile
        self.descriptor = descriptor
        self.path = path
    }

    /// Every row of the schema table, in order.
    func schema() -> [SchemaRow]? {
        var rows: [SchemaRow] = []
        var pagesLeft = Self.mostSchemaPages
        let visited = visitRows(of: 1, pagesLeft: &pagesLeft) { values in
            guard values.count >= 5, case .text(let type) = values[0], case .text(let name) = values[1],
                case .text(let tableName) = values[2], case .integer(let root) = values[3], root > 0,
                root <= Int64(pageCount), case .text(let sql) = values[4]
            else { return false }
            rows.append(SchemaRow(type: type, name: name, tableName: tableName, rootPage: Int(root), sql: sql))
            return true
        }
        return visited ? rows : nil
    }

    /// The largest row number of the table whose b-tree starts at `root`, 0 where it has no rows:
    /// its rightmost leaf's last row.
    func lastRowNumber(inTableAt root: Int) -> Int64? {
        var number = root
        for _ in 0..<Self.deepest {
            guard let page = page(number, isRoot: number == root) else { return nil }
            if page.isLeaf {
                guard page.cellCount > 0 else { return 0 }
                return page.leafCell(page.cellCount - 1)?.row
            }
            number = page.rightChild
        }
        return nil
    }

    /// The row numbered `row` of the table whose b-tree starts at `root`, found as SQLite seeks
    /// it: in each page, by halves, the first cell whose number is not below it.
    func row(_ row: Int64, inTableAt root: Int) -> Lookup? {
        var number = root
        for _ in 0..<Self.deepest {
            guard let page = page(number, isRoot: number == root) else { return nil }
            var (lower, upper) = (0, page.cellCount - 1)
            if page.isLeaf {
                while lower <= upper {
                    let middle = (lower + upper) / 2
                    guard let cell = page.leafCell(middle) else { return nil }
                    if cell.row == row { return Self.values(of: cell.record, size: cell.size).map(Lookup.found) }
                    if cell.row < row { lower = middle + 1 } else { upper = middle - 1 }
                }
                return .missing
            }
            while lower <= upper {
                let middle = (lower + upper) / 2
                guard let cell = page.interiorCell(middle) else { return nil }
                if cell.key < row {
                    lower = middle + 1
                } else if cell.key > row {
                    upper = middle - 1
                } else {
                    lower = middle
                    break
                }
            }
            if lower < page.cellCount {
                guard let cell = page.interiorCell(lower) else { return nil }
                number = cell.child
            } else {
                number = page.rightChild
            }
        }
        return nil
    }

    /// SQLite's own limit on the depth of a b-tree (`BTCURSOR_MAX_DEPTH`).
    private static let deepest = 20
    /// The most pages the schema is read from: a store's six tables fit on its first page.
    private static let mostSchemaPages = 64

    /// Calls `body` with the values of every row of the table at `root`, in order, until it
    /// returns false; false where a page or a row is not one this reader knows.
    private func visitRows(of root: Int, pagesLeft: inout Int, _ body: ([Value]) -> Bool, depth: Int = 0) -> Bool {
        pagesLeft -= 1
        guard pagesLeft >= 0, depth < Self.deepest, let page = page(root, isRoot: depth == 0) else { return false }
        if page.isLeaf {
            for index in 0..<page.cellCount {
                guard let cell = page.leafCell(index), let values = Self.values(of: cell.record, size: cell.size),
                    body(values)
                else {
                    return false
                }
            }
            return true
        }
        for index in 0..<page.cellCount {
            guard let cell = page.interiorCell(index),
                visitRows(of: cell.child, pagesLeft: &pagesLeft, body, depth: depth + 1)
            else { return false }
        }
        return visitRows(of: page.rightChild, pagesLeft: &pagesLeft, body, depth: depth + 1)
    }

    /// The page numbered `number` (from 1), read as a page of a table's b-tree. SQLite finds a
    /// page with no cells damaged, but for a table's root leaf, its only page: no rows.
    private func page(_ number: Int, isRoot: Bool) -> TablePage? {
        guard number >= 1, number <= pageCount,
            let bytes = try? POSIXFile.read(
                descriptor, from: (number - 1) * pageSize, to: number * pageSize, path: path),
            let page = TablePage(
                bytes: bytes, start: number == 1 ? 100 : 0, pageSize: pageSize, usableSize: usableSize),
            page.cellCount > 0 || (page.isLeaf && isRoot)
        else { return nil }
        return page
    }

    /// The values of a row's record of `size` bytes, of which the page holds `record`: its header's
    /// size, the type of each value, then the values, which fill the record exactly. A value past
    /// the part the page holds is `spilled`; the header must be there whole.
    private static func values(of record: ArraySlice<UInt8>, size: Int) -> [Value]? {
        guard let (headerSize, first) = Varint.read(record, at: record.startIndex),
            headerSize <= UInt64(record.count)
        else { return nil }
        let headerEnd = record.startIndex + Int(headerSize)
        var (typeAt, valueAt) = (first, Int(headerSize))  // the value's offset in the whole record
        var values: [Value] = []
        while typeAt < headerEnd {
            guard let (type, next) = Varint.read(record, at: typeAt), next <= headerEnd else { return nil }
            typeAt = next
            let length: Int
            switch type {
            case 0, 8, 9: length = 0
            case 1...4: length = Int(type)
            case 5: length = 6
            case 6: length = 8
            case 12...: length = Int((type - 12) / 2)
            default: return nil  // a floating-point value (7), or a type kept for SQLite's use (10, 11)
            }
            guard length <= size - valueAt else { return nil }
            let start = valueAt
            valueAt += length
            guard length == 0 || valueAt <= record.count else {
                values.append(.spilled)
                continue
            }
            let bytes = record[(record.startIndex + start)..<(record.startIndex + valueAt)]
            switch type {
            case 0: values.append(.null)
            case 8, 9: values.append(.integer(Int64(type) - 8))
            case 1...6:
                // Big-endian two's complement, sign-extended from its first byte.
                let first = Int64(Int8(bitPattern: bytes[bytes.startIndex]))
                values.append(.integer(bytes.dropFirst().reduce(first) { $0 << 8 | Int64($1) }))
            default: values.append(type % 2 == 0 ? .blob(bytes) : .text(bytes))
            }
        }
        return valueAt == size ? values : nil
    }
}

/// A page of a table's b-tree: a leaf, whose cells are rows, or an interior page, whose cells
/// point to the pages of the rows numbered up to their key, and whose right child holds the rest.
private struct TablePage {
    let bytes: [UInt8]
    let isLeaf: Bool
    let cellCount: Int
    let rightChild: Int
    /// Where the array of the cells' offsets begins.
    private let pointers: Int
    private let usableSize: Int

    /// The page, where its header is one of a table's leaf or interior page whose cells lie within
    /// the page, and no more of them than SQLite allows a page (`start` is 100 on the first page,
    /// after the file's header).
    init?(bytes: [UInt8], start: Int, pageSize: Int, usableSize: Int) {
        switch bytes[start] {
        case 0x0D: isLeaf = true
        case 0x05: isLeaf = false
        default: return nil
        }
        cellCount = Int(BigEndian.uint16(in: bytes, at: start + 3))
        pointers = start + (isLeaf ? 8 : 12)
        guard cellCount <= (pageSize - 8) / 6, pointers + 2 * cellCount <= usableSize else { return nil }
        rightChild = isLeaf ? 0 : Int(BigEndian.uint32(in: bytes, at: start + 8))
        self.bytes = bytes
        self.usableSize = usableSize
    }

    /// Where cell `index` begins, where that is past the array of offsets and within the page
    /// (SQLite, which masks an offset to the page, reads some that this reader leaves to it).
    private func cellStart(_ index: Int) -> Int? {
        let at = Int(BigEndian.uint16(in: bytes, at: pointers + 2 * index))
        return at >= pointers + 2 * cellCount && at < usableSize ? at : nil
    }

    /// A leaf's row: its number, the size of its record, and the part of the record the page
    /// holds; the rest goes on to overflow pages, which this reader leaves (a value there is not
    /// known).
    func leafCell(_ index: Int) -> (row: Int64, size: Int, record: ArraySlice<UInt8>)? {
        guard let start = cellStart(index), let (size, afterSize) = Varint.readSize(bytes[..<usableSize], at: start),
            size <= UInt32(Int32.max), let (row, afterRow) = Varint.read(bytes[..<usableSize], at: afterSize)
        else { return nil }
        // As SQLite divides a record between the page and overflow pages.
        let largest = usableSize - 35
        let spills = size > UInt32(largest)
        let least = (usableSize - 12) * 32 / 255 - 23
        let surplus = least + (Int(size) - least) % (usableSize - 4)
        let local = !spills ? Int(size) : surplus <= largest ? surplus : least
        guard afterRow + local + (spills ? 4 : 0) <= usableSize else { return nil }
        return (Int64(bitPattern: row), Int(size), bytes[afterRow..<(afterRow + local)])
    }

    /// An interior page's pointer: the page of the rows numbered up to `key`.
    func interiorCell(_ index: Int) -> (child: Int, key: Int64)? {
        guard let start = cellStart(index), start + 4 < usableSize,
            let (key, _) = Varint.read(bytes[..<usableSize], at: start + 4)
        else { return nil }
        return (Int(BigEndian.uint32(in: bytes, at: start)), Int64(bitPattern: key))
    }
}

/// SQLite's variable-length integers: big-endian, seven bits a byte while the high bit is set,
/// and all eight bits of a ninth.
private enum Varint {
    /// The integer at `offset` and where it ends, nil where it runs past the bytes.
    static func read(_ bytes: ArraySlice<UInt8>, at offset: Int) -> (UInt64, Int)? {
        var value: UInt64 = 0
        for index in 0..<9 {
            guard offset + index < bytes.endIndex else { return nil }
            let byte = bytes[offset + index]
            if index == 8 { return (value << 8 | UInt64(byte), offset + 9) }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return (value, offset + index + 1) }
        }
        return nil
    }

    /// The size of a row's record at the start of a cell, seven bits of each of up to nine bytes,
    /// the last with its high bit clear, kept to 32 bits. SQLite reads it so where it reads a
    /// cell, but where it seeks a row it steps over every byte with its high bit set, however
    /// many: a size whose ninth byte has its high bit set is read two ways, and left to SQLite.
    static func readSize(_ bytes: ArraySlice<UInt8>, at offset: Int) -> (UInt32, Int)? {
        var value: UInt32 = 0
        for index in 0..<9 {
            guard offset + index < bytes.endIndex else { return nil }
            let byte = bytes[offset + index]
            value = value << 7 | UInt32(byte & 0x7F)
            if byte & 0x80 == 0 { return (value, offset + index + 1) }
        }
        return nil
    }
}
