#include <sqlite3.h>

/// Whether the write-ahead log is left as it is when the last connection closes (keep = 1), or
/// copied into the database then (keep = 0, SQLite's default). (`sqlite3_db_config` takes variable
/// arguments, which Swift cannot pass.)
static inline int appcore_keep_log_on_close(sqlite3 *db, int keep) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, keep, (int *)0);
}
