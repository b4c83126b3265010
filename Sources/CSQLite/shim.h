#include <sqlite3.h>

/// Whether the write-ahead log is left as it is when the last connection closes (keep = 1), or
/// copied into the database then (keep = 0, SQLite's default). (`sqlite3_db_config` takes variable
/// arguments, which Swift cannot pass.)
static inline int appcore_keep_log_on_close(sqlite3 *db, int keep) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, keep, (int *)0);
}

#include <unistd.h>

/// Opens a file as the system's VFS does, except a write-ahead log that is already there: that
/// one is opened without SQLITE_OPEN_CREATE, so that SQLite does not sync the folder at the
/// first commit of every program (it syncs the folder of a file it may have made, once a
/// process), which for a log kept between programs is a second sync a change. A log that is
/// not there yet, or goes between the look and the opening, is opened as SQLite asks.
static int appcore_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out) {
    sqlite3_vfs *system = (sqlite3_vfs *)vfs->pAppData;
    if ((flags & SQLITE_OPEN_WAL) && (flags & SQLITE_OPEN_CREATE) && name && access(name, F_OK) == 0) {
        int opened = system->xOpen(system, name, file, flags & ~SQLITE_OPEN_CREATE, out);
        if (opened == SQLITE_OK) return opened;
    }
    return system->xOpen(system, name, file, flags, out);
}

#include <sys/stat.h>
#include <sys/types.h>

/// Where the system's `ftruncate` is kept, as SQLite's VFS had it before `appcore_register_vfs`.
/// (A variable of its own in this header would be one Swift refers to but no file defines.)
static inline sqlite3_syscall_ptr *appcore_system_ftruncate(void) {
    static sqlite3_syscall_ptr kept;
    return &kept;
}

/// The bytes of a log's index (`-shm`) that say what the index holds: two copies of its header
/// (48 bytes each) and what the last copy into the database left (40), SQLite's WALINDEX_HDR_SIZE.
#define APPCORE_LOG_INDEX_HEADER 136
/// SQLite grows a log's index 32 KB at a time (WALINDEX_PGSZ); it makes no other file of such sizes
/// that it cuts to 3 bytes.
#define APPCORE_LOG_INDEX_PAGE 32768

/// `ftruncate` as SQLite's VFS calls it, but for the one call that empties a log's index: the first
/// connection to open the index (no other holds its DMS lock, which this one holds exclusively)
/// cuts it to 3 bytes, SQLite's mark of that one call, so that its header reads as never written
/// and the index is rebuilt from the log. Zeros written over the header read so too, and the file
/// keeps its pages: SQLite rebuilds every page of the index the log's frames reach, and a page past
/// them is zeroed as its first frame is added, as after a writer that stopped half-way while others
/// had the index open. Cutting the file and growing it again, a byte a page, cost every program
/// 10 system calls and 0.1 ms, 0.35 ms where it ran right after another, and at times over a
/// millisecond (`git show 193cac8:Benchmarks/README.md`, "The log's index written over, not cut").
/// Any other file, or an index not a whole number of SQLite's
/// 32 KB pages long, is cut as SQLite asks, as is any file where a step of this fails.
static int appcore_ftruncate(int descriptor, off_t length) {
    int (*system_ftruncate)(int, off_t) = (int (*)(int, off_t))*appcore_system_ftruncate();
    if (length == 3) {
        static const char zeros[APPCORE_LOG_INDEX_HEADER];
        struct stat status;
        if (fstat(descriptor, &status) == 0 && S_ISREG(status.st_mode) && status.st_size >= APPCORE_LOG_INDEX_PAGE
            && status.st_size % APPCORE_LOG_INDEX_PAGE == 0
            && pwrite(descriptor, zeros, sizeof zeros, 0) == (ssize_t)sizeof zeros) {
            return 0;
        }
    }
    return system_ftruncate(descriptor, length);
}

/// Registers "appcore", the system's VFS but for `appcore_open` and `appcore_ftruncate`. Called
/// once per process, before SQLite is first used: it first has each connection allocate its page
/// cache a page at a time, as it reads them, rather than room for 20 pages at once with a header
/// written in each, which cost every program that opened a store 14 page faults and 0.06 ms
/// (`git show 193cac8:Benchmarks/README.md`, "The database read alone from its bytes, and the
/// programs timed as installed").
static inline int appcore_register_vfs(void) {
    static sqlite3_vfs vfs;
    sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
    sqlite3_vfs *system = sqlite3_vfs_find(0);
    if (system == 0) return SQLITE_ERROR;
    // SQLite's unix VFS keeps its system calls in one table, which every VFS made from it shares.
    // Set once: called again, this would otherwise keep its own `ftruncate` as the system's, and
    // call itself for ever. (One Swift file calls this, once a process, so one copy of the header's
    // functions is ever made.)
    if (*appcore_system_ftruncate() == 0 && system->iVersion >= 3 && system->xGetSystemCall
        && system->xSetSystemCall) {
        sqlite3_syscall_ptr ftruncate_now = system->xGetSystemCall(system, "ftruncate");
        if (ftruncate_now && ftruncate_now != (sqlite3_syscall_ptr)appcore_ftruncate) {
            *appcore_system_ftruncate() = ftruncate_now;
            system->xSetSystemCall(system, "ftruncate", (sqlite3_syscall_ptr)appcore_ftruncate);
        }
    }
    vfs = *system;
    vfs.zName = "appcore";
    vfs.pAppData = system;
    vfs.xOpen = appcore_open;
    return sqlite3_vfs_register(&vfs, 0);
}
