import Foundation
import ModelStorage
import SQLStorage

/// A store kept in an SQLite database: it opens in milliseconds at any size, and its queries
/// run inside SQLite.
///
/// ```swift
/// let store = try await SQLiteStore<Pokemon>.open(at: url)
/// try await store.upsert(contentsOf: pokemon)
/// try await store.update(id: 25) { $0.favorite = true }
/// let strongest = try await store.fetch(
///     RecordQuery(where: \.attack >= 80, sortedBy: [.descending(\.attack)], limit: 10))
/// try await store.close()
/// ```
///
/// The file is an ordinary SQLite database that any SQLite client reads. The model's records
/// are in one table, named by `StorableModel/storageName`, with a column per
/// mapped attribute (`Queryable.queryAttributes`, stored by KeyPathQuery's SQL conventions:
/// collections and nested values as JSON text, dates as seconds since 2001) beside the
/// store's own: `_order`, the record's place in the store's order; `_key`, its id; and
/// `_record`, its JSON, which the store decodes. A model whose attributes are all text,
/// integers, floating-point numbers and Booleans (dates included) keeps each record that
/// those columns hold exactly in them alone, with a marker for `_record` (empty, or `!` and
/// the Boolean columns' names): the store decodes it from the columns. The model's schema version and the version of the last commit that changed its
/// table are in the table `modelstorage_version`.
///
/// ```sh
/// sqlite3 dex.sqlite "SELECT name FROM pokemon WHERE attack > 120"
/// ```
///
/// Queries, counts and the pages of a query become SQL with bindings, so nothing loads
/// every record to answer one; they select exactly what KeyPathQuery's in-memory engine
/// selects from the same records in the store's order, ties included (`_order` ends every
/// `ORDER BY`). Text tests and sorts with text options run the engine's own matching and
/// folding, registered as SQLite functions on every connection, so `matches`, diacritics and
/// Unicode case folding mean what they mean in memory; an equality or `in` with text options
/// on a text attribute among the model's `indexedAttributes` looks its folded operands up in
/// `<table>__search`, where every write keeps the attribute's folded values (built when a
/// database opens for writing without them). Comparisons and sorts of text without
/// options go through the engine's own comparison, registered as a collation, so that
/// canonically equivalent texts are equal as in memory (`"é" == "e\u{301}"`). A condition with an operand SQLite cannot
/// hold with the same meaning (an unsigned integer above `Int64.max`, say) is evaluated in
/// memory over the rows, read one at a time.
///
/// ## Durability and concurrency
///
/// The database is in WAL mode (`PRAGMA journal_mode = WAL`) with `synchronous = FULL`, and
/// a save returns only once it is durable. A commit appends the changed pages to the WAL,
/// ending with a commit frame; with `FULL`, SQLite syncs the WAL before the commit returns,
/// so an acknowledged write survives a crash of the process and a power loss. The database
/// file itself is written only at checkpoints, from frames already synced, and a crash
/// leaves at worst frames with no commit frame after them, which the next connection ignores:
/// a save is there whole or not at all. With `synchronous = NORMAL`, WAL syncs only at
/// checkpoints: commits survive a crash of the process, but the latest ones can be lost to a
/// power loss, which is why the store does not use it. (The rollback journal in `DELETE`
/// mode is durable with `FULL` too, but syncs several files per commit and keeps readers
/// out during one.) `Scripts/crash-harness.sh 1200 sqlite` kills a writer with SIGKILL in
/// the middle of saves and transactions 1,200 times and checks every acknowledged save
/// (figures in `Documentation/Reliability.md`).
///
/// Writes from concurrent tasks are grouped into one SQLite transaction and one sync; each
/// still counts as a commit of its own. The write that forms a group commits it on its
/// caller's thread, with no thread switch before or after (`transaction(_:)` says when
/// not). One connection writes; reads go to separate read connections, each behind a queue
/// of its own, so they never wait for a write. Other processes may
/// read and write the same file; a lock they hold is waited for up to
/// `SQLiteStoreOptions.lockTimeout`, then the save throws
/// `StoreError/locked(at:pid:message:)` with SQLite's message.
///
/// A store is one model's view of an ``SQLiteModelDatabase``: `open(at:options:)` opens
/// the database of the one model, and `SQLiteModelDatabase.store(for:)`
/// hands out the store of each model of a database of several, which share its writer, its
/// readers and its version. Copies of a store are the same store.
///
/// It is SQLStorage's `SQLStore` over an ``SQLiteModelDatabase``: the store every SQL
/// backend shares, whose reads go through SQLite's driver (its table layout and
/// connection) and whose writes join the database's group commit.
///
/// Live queries (`observe(_:)`) get the store's own commits at once, and the commits other
/// connections and processes make to the database within
/// ``SQLiteExtras/observationInterval``, 100 ms by default: see "Live queries across
/// processes" in the SQLiteStorage documentation.
///
/// A file the store cannot use — not an SQLite database, a table that does not match the
/// model, a newer schema version, a file or a directory it cannot write, a database locked
/// past the lock timeout — opens with a `StoreError` that names the file, and the store
/// leaves its bytes as they are. A save that meets a full disk throws
/// `StoreError/io(at:operation:code:message:)` with `ENOSPC`, keeps every record stored
/// before, and the store goes on working once there is space again. A directory the store
/// cannot write is refused even for reading a WAL database unless its `-shm` file is already
/// there: SQLite reads a WAL database through that file, and cannot create it.
public typealias SQLiteStore<Model: StorableModel> = SQLStore<SQLiteDriver, Model>

extension SQLStore where Driver == SQLiteDriver {
    /// The database file's URL, as it was opened at.
    public var url: URL { database.url }
}
