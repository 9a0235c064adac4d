import Foundation
import ModelStorage
import SQLStorage

/// A store kept in a PostgreSQL database, which many processes on many machines share: the
/// same models, key-path queries and merge policies as the other backends.
///
/// ``swift
/// let configuration = PostgresConnection.Configuration(
///     host: "db.internal", username: "dex", password: secret, database: "dex", tls: .disable)
/// let store = try await PostgresStore<Pokemon>.open(configuration)
/// try await store.update(id: 25) { $0.favorite = true }
/// let strongest = try await store.fetch(
///     RecordQuery(where: \.attack >= 80, sortedBy: [.descending(\.attack)], limit: 10))
/// try await store.close()
/// ``
///
/// The model's records are in one table, named by `StorableModel/storageName`, with a
/// column per mapped attribute (declared as KeyPathQuery's PostgreSQL dialect reads them)
/// beside the store's own: `_order`, the record's place in the store's order; `_key`, its
/// id; `_record`, its JSON, which the store decodes; `_version`, its write version; and
/// `_exact`, whether SQL reads its attributes with their in-memory meaning. The table
/// `modelstorage_version` holds, for each model's table, the version of the last commit that
/// changed it and the schema version of its rows; the store's version is the database's,
/// the highest of them (see `PostgresModelDatabase`). The model's indexed attributes get
/// PostgreSQL indexes.
///
/// Queries, counts, sorts and pages run in PostgreSQL, rendered with
/// `SQLOptions(dialect: .postgreSQL)`, every value bound. They answer exactly what
/// KeyPathQuery's in-memory engine answers over the store's records in the store's order.
/// For text in Unicode normalization form C whose characters are each one code point,
/// PostgreSQL's byte-wise `COLLATE "C"` compares as `String` does; where SQL cannot give the
/// engine's answer the engine gives it — over the rows SQL narrows a query to when some rows
/// hold values SQL cannot read exactly (text holding NUL, not in normalization form C, or
/// with a character of several code points; a NaN), and over every row, read in store
/// order, for a query the dialect refuses (`matches`, diacritic-insensitive tests, sorts
/// with text options) or whose text operands are not such text. An equality or `in` with
/// text options on a text attribute among the model's `indexedAttributes` is the exception:
/// it is looked up in the folded values `<table>__search` keeps for it, in PostgreSQL.
///
/// ## Concurrency and the synchronous reads of a transaction
///
/// `StoreTransaction` reads synchronously, and postgres-nio is asynchronous. The store runs
/// each group of writes on a writer thread of its own — neither a NIO event loop nor a
/// thread of Swift's cooperative pool — that owns one connection and blocks on each query's
/// `EventLoopFuture`, so a transaction's reads are answered inside its PostgreSQL
/// transaction while no task and no event loop ever blocks. Reads outside transactions run
/// on reader connections, each on a thread of its own, which callers await without
/// blocking. See `ConnectionThread` in the source for why each of the other ways fails.
///
/// The store's fixed statements and, from their second run, a reader's queries are prepared
/// on each connection (named prepared statements, which the server plans once): behind a
/// connection pooler in transaction mode, allow them (PgBouncer 1.21 and later:
/// `max_prepared_statements`) or use session mode.
///
/// Writes from concurrent tasks are grouped into one PostgreSQL transaction, each in a
/// savepoint and counted as a commit of its own. Each group locks every row of the version
/// table `modelstorage_version` first, so that the writes of every store and database on the
/// PostgreSQL schema, in any process, are serializable; a save returns once PostgreSQL has
/// committed it, as durable as the server's `synchronous_commit` makes a commit.
///
/// Live queries (`observe(_:)`) get this store's commits at once, and those of every other
/// store on the schema through `LISTEN`/`NOTIFY`.
///
/// A store is one model's view of a `PostgresModelDatabase`: `open(_:options:)` opens
/// the database of the one model, and
/// `PostgresModelDatabase.store(for:)` hands out the store of each
/// model of a database of several, which share its connections and its version. Copies of a
/// store are the same store.
///
/// A server that cannot be reached at open, a table that does not match the model, or a
/// newer schema version fails `open(_:options:)` with a `StoreError` naming the database
/// and saying what to do. A connection lost in the middle of a write fails that write with
/// nothing of it stored (PostgreSQL rolls its transaction back), and the next operation
/// connects again, so the store recovers from a server restart without being remade.
///
/// It is SQLStorage's `SQLStore` over a ``PostgresModelDatabase``: the store every SQL
/// backend shares, whose reads go through PostgreSQL's driver (its table layout and
/// connection) and whose writes join the database's group commit.
public typealias PostgresStore<Model: StorableModel> = SQLStore<PostgresDriver, Model>
