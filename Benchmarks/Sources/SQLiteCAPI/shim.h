// The system SQLite, for the hand-written C API baseline (SQLiteCBaseline.swift).
// Linux: apt-get install libsqlite3-dev. Apple platforms: the SDK's SQLite.
#include <sqlite3.h>
