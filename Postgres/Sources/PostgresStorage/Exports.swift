// `import PostgresStorage` brings ModelStorage and SQLStorage with it: `PostgresStore<Model>` is
// SQLStorage's `SQLStore` over a `PostgresModelDatabase`, whose methods (`fetch`, `upsert`,
// `observe`, `close`) are declared there, and its queries are written in ModelStorage's
// vocabulary. No app that opens a PostgreSQL store has to import either as well.
@_exported import ModelStorage
@_exported import SQLStorage
