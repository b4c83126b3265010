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

/// Registers "appcore", the system's VFS but for `appcore_open`. Called once per process, before
/// SQLite is first used: it first has each connection allocate its page cache a page at a time,
/// as it reads them, rather than room for 20 pages at once with a header written in each, which
/// cost every program that opened a store 14 page faults and 0.06 ms (`Benchmarks/README.md`).
static inline int appcore_register_vfs(void) {
    static sqlite3_vfs vfs;
    sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
    sqlite3_vfs *system = sqlite3_vfs_find(0);
    if (system == 0) return SQLITE_ERROR;
    vfs = *system;
    vfs.zName = "appcore";
    vfs.pAppData = system;
    vfs.xOpen = appcore_open;
    return sqlite3_vfs_register(&vfs, 0);
}
