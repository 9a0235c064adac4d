// The system SQLite, for SQLiteStorage and for tests that execute the SQL KeyPathQuery renders.
// Linux: apt-get install libsqlite3-dev. Apple platforms: the SDK's SQLite.
#include <sqlite3.h>
