// The SQLite that GRDB runs on: sqlite-nio's copy of SQLite (3.54.1), compiled here a second
// time with our options and SQLite's own names. sqlite-nio compiles it as sqlite_nio_sqlite3_…
// for its own use; SQLiteNames.h turns those names back, so these definitions are the
// sqlite3_… functions GRDB calls, and Debian's libsqlite3 (3.40.1, with the WAL-reset bug)
// is never reached. docs/store.md, "Which SQLite", says why; scripts/sqlite-names writes
// SQLiteNames.h.
//
// "../sqlite_nio_sqlite3.c" is found through sqlite-nio's include folder, which SwiftPM puts
// on the include path of every target that depends on it.
#include "SQLiteNames.h"
#include "../sqlite_nio_sqlite3.c"
