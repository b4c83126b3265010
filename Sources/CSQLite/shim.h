#include <sqlite3.h>

// sqlite3_db_config takes variable arguments, which Swift cannot pass: the one setting the SQLite
// store makes with it is wrapped here.

/// Leaves the write-ahead log in place when the last connection closes (see SQLiteConnection).
static inline int csqlite_keep_log_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
