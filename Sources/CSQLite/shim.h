#include <sqlite3.h>

/// Leaves the write-ahead log as it is when the last connection closes, instead of copying it into
/// the database then. (`sqlite3_db_config` takes variable arguments, which Swift cannot pass.)
static inline int appcore_keep_log_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
