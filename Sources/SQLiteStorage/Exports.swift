// `import SQLiteStorage` brings ModelStorage and SQLStorage with it: `SQLiteStore<Model>` is
// SQLStorage's `SQLStore` over an `SQLiteModelDatabase`, whose methods (`fetch`, `upsert`,
// `observe`, `close`) are declared there, and its queries are written in ModelStorage's
// vocabulary. No app that opens an SQLite store has to import either as well.
@_exported import ModelStorage
@_exported import SQLStorage
