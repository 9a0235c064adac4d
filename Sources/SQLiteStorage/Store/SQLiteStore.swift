import Foundation
import InternalSupport
import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

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
/// `_record`, its JSON, which the store decodes. The model's schema version and the version
/// of the last commit that changed its table are in the table `modelstorage_version`.
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
/// Unicode case folding mean what they mean in memory. Comparisons and sorts of text without
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
/// caller's thread, with no thread switch before or after (``transaction(_:)`` says when
/// not). One connection writes; reads go to separate read connections, each behind a queue
/// of its own, so they never wait for a write. Other processes may
/// read and write the same file; a lock they hold is waited for up to
/// `SQLiteStoreOptions.lockTimeout`, then the save throws
/// `StoreError/locked(at:pid:message:)` with SQLite's message.
///
/// A store is one model's view of an ``SQLiteModelDatabase``: ``open(at:options:)`` opens
/// the database of the one model, and ``SQLiteModelDatabase/store(for:)->SQLiteStore<Model>``
/// hands out the store of each model of a database of several, which share its writer, its
/// readers and its version. Copies of a store are the same store.
///
/// Live queries (``observe(_:)``) get the store's own commits at once, and the commits other
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
public struct SQLiteStore<Model: StorableModel>: ModelStore, QueryEvaluationReporting {
    /// The database the store's table is in.
    public let database: SQLiteModelDatabase

    let layout: TableLayout<Model>

    init(database: SQLiteModelDatabase, layout: TableLayout<Model>) {
        self.database = database
        self.layout = layout
    }

    /// The database file's URL, as it was opened at.
    public var url: URL { database.url }

    /// Where the store keeps its records, as its errors name it: the
    /// `StoreLocation/file(_:)` of its database file.
    public var location: StoreLocation { database.location }

    /// Whether the store was opened read-only.
    public var isReadOnly: Bool { database.isReadOnly }

    /// The schema version the table was migrated from when the store opened, or `nil` when
    /// it was current.
    public var migratedFromSchemaVersion: Int? {
        database.tables.migratedFromSchemaVersion(of: Model.self)
    }

    /// How the store answered queries so far: in SQLite, or in memory (a condition with an
    /// operand SQLite cannot hold, or a collection condition while a record holds NUL).
    public var queryEvaluationCounts: QueryEvaluationCounts {
        database.evaluations.counts
    }

    // MARK: Reading

    /// The record with an id.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(at:)` when the store is closed; a
    ///   `StoreError` when the database cannot be read.
    /// - Complexity: One lookup in the index of ids: O(log *n*).
    public func fetch(id: Model.ID) async throws -> Model? {
        let key = try layout.key(of: id)
        return try await database.read(layout, orEmpty: nil) {
            [layout] connection throws(StoreError) in
            try connection.record(withKey: key, in: layout)
        }
    }

    /// The records a query selects: its condition, sort keys and page run in SQLite.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be
    ///   evaluated; `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: SQLite's: a scan of the table for a condition no index serves, plus a
    ///   sort of the matches (a partial one with a limit); only the page is decoded.
    public func fetch(_ query: RecordQuery<Model>) async throws -> [Model] {
        let plan = try layout.plan(for: query)
        return try await plan.answer { [layout] in
            try await database.read(layout, orEmpty: []) { connection throws(StoreError) in
                try connection.records(selectedBy: query, plan: plan, in: layout)?
                    .map { $0.record }
            }
        } resolvingReferences: {
            try await database.read(answering: QueryEvaluationCounter.kinds(of: query)) {
                try $0[Model.self].fetch(query)
            }
        }
    }

    /// The records a query selects with the store's total count and version, read in one
    /// read transaction.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records, the number of records in all, and the version.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be
    ///   evaluated; `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: That of ``fetch(_:)``, plus a count.
    public func fetchResult(_ query: RecordQuery<Model>) async throws -> QueryResult<Model> {
        let plan = try layout.plan(for: query)
        return try await plan.answer { [layout] in
            try await database.read(
                layout, orEmpty: QueryResult(records: [], totalCount: 0, version: 0)
            ) { connection throws(StoreError) in
                try connection.result(of: query, plan: plan, in: layout)
            }
        } resolvingReferences: {
            try await database.resultResolvingReferences(of: query)
        }
    }

    /// The number of records that satisfy a condition, counted in SQLite.
    ///
    /// - Parameter condition: The condition.
    /// - Returns: The number of matching records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the condition cannot be
    ///   evaluated; `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: SQLite's count: a scan of the smallest index for `.true`, of the table
    ///   for a condition no index serves.
    public func count(where condition: Condition<Model>) async throws -> Int {
        if condition.isAlwaysTrue {
            return try await database.read(layout, orEmpty: 0) {
                [layout] connection throws(StoreError) in
                try connection.count(in: layout)
            }
        }
        let plan = try layout.plan(for: RecordQuery(where: condition))
        return try await plan.answer { [layout] in
            try await database.read(layout, orEmpty: 0) { connection throws(StoreError) in
                try connection.count(where: condition, plan: plan, in: layout)
            }
        } resolvingReferences: {
            try await database.read(answering: [.count]) {
                try $0[Model.self].count(where: condition)
            }
        }
    }

    /// The record with an id, with the store's version, read at one moment.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record as read, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: One lookup in the index of ids.
    public func fetchVersioned(id: Model.ID) async throws -> Versioned<Model>? {
        let key = try layout.key(of: id)
        return try await database.read(layout, orEmpty: nil) {
            [layout] connection throws(StoreError) in
            try connection.versioned(withKey: key, in: layout)
        }
    }

    // MARK: Observing

    /// A live query: the current results, then new results after every commit that can
    /// change them, this store's or another connection's.
    ///
    /// ```swift
    /// for await result in try await store.observe(RecordQuery(where: \.favorite == true)) {
    ///     print(result.records.map(\.name))
    /// }
    /// ```
    ///
    /// The store's own commits reach the query at once. Commits that other connections make
    /// to the same database — another store on the file, another process such as
    /// `pokedex favorite 25 --store dex.sqlite` — are found by looking at SQLite's
    /// `PRAGMA data_version` every ``SQLiteExtras/observationInterval`` (100 ms by
    /// default) while the store has a live query; the query then re-runs, and its new
    /// result is delivered when it differs from the last. A read-only store observes them
    /// too.
    ///
    /// - Parameter query: The query to keep current.
    /// - Returns: The results, current first; the sequence ends when the store closes.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be
    ///   evaluated; `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: Each result re-runs the query in SQLite and encodes its records once,
    ///   to tell a changed result from the last; while a live query exists, one
    ///   `PRAGMA data_version` per interval.
    public func observe(_ query: RecordQuery<Model>) async throws
        -> AsyncStream<QueryResult<Model>>
    {
        try await database.observe(query, in: layout)
    }

    // MARK: Writing

    /// Runs reads and writes that commit together or not at all, grouped with concurrent
    /// writes into one durable SQLite transaction.
    ///
    /// ```swift
    /// let released = try await store.transaction { transaction in
    ///     try transaction.delete(where: \.favorite == false && \.attack < 20)
    /// }
    /// ```
    ///
    /// The body runs when the group it joins is formed, after every write queued before it,
    /// inside the group's SQLite transaction: its reads see the committed records and the
    /// group's earlier writes, through the writer's connection (by id, counts, and queries
    /// in SQL). The call returns once the group's commit is in the WAL and synced. A read in
    /// the body that fails makes the write fail with the read's error, changing nothing.
    ///
    /// A write made while no group is being committed forms a group and commits it on the
    /// calling task's thread, which waits for the sync as a synchronous save does: no thread
    /// switch stands between the call and its commit. Writes made meanwhile join the next
    /// group, which a task of their own commits once this one is durable; their callers are
    /// suspended, not blocked. A large write (``upsert(contentsOf:)`` of 128 records or more)
    /// commits on the writer's own thread instead, so that a long import never holds a thread
    /// of the cooperative pool.
    ///
    /// - Parameter body: Reads and writes through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, with nothing changed; `StoreError/readOnly(at:)`,
    ///   `StoreError/closed(at:)`, `StoreError/locked(at:pid:message:)`
    ///   past the lock timeout, or `StoreError/io(at:operation:code:message:)`
    ///   when the commit cannot be stored, with nothing changed.
    /// - Complexity: The body's reads and writes (an indexed lookup for each record written),
    ///   plus one commit and sync shared by the group.
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
    ) async throws -> Result {
        try await database.enqueue(onWriterThread: false) { resume in
            QueuedWrite(of: Model.self, body, resume: resume)
        }
    }

    /// Inserts or replaces several records in one transaction.
    ///
    /// From 128 records on, the group commits on the writer's own thread, not the caller's
    /// (see ``transaction(_:)``).
    ///
    /// - Parameter models: The records.
    /// - Throws: `StoreError` when the changes cannot be stored, with nothing changed.
    /// - Complexity: O(*m*) in the number of records, plus storing them.
    public func upsert(contentsOf models: [Model]) async throws {
        try await database.enqueue(onWriterThread: models.count >= RowPipeline<Model>.threshold) {
            resume in
            QueuedWrite(of: Model.self, { $0.upsert(contentsOf: models) }, resume: resume)
        }
    }

    // MARK: Closing

    /// Closes the store's database: finishes the writes already made, ends every live query
    /// of every model, and closes the database's connections.
    ///
    /// Later calls, on this store and every other store of the database, throw
    /// `StoreError/closed(at:)`; closing again does nothing. The last connection to close folds the WAL into the database.
    ///
    /// - Throws: Nothing today: a connection that fails to close is let go, and a WAL that
    ///   is not folded in is folded by the next open. The signature is `ModelStore/close()`'s,
    ///   so that every backend closes alike.
    /// - Complexity: That of the writes still queued, plus a WAL checkpoint.
    public func close() async throws {
        try await database.close()
    }
}
