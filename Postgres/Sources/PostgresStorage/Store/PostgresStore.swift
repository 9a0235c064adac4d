import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
import SQLStorage

/// A store kept in a PostgreSQL database, which many processes on many machines share: the
/// same models, key-path queries and merge policies as the other backends.
///
/// ```swift
/// let configuration = PostgresConnection.Configuration(
///     host: "db.internal", username: "dex", password: secret, database: "dex", tls: .disable)
/// let store = try await PostgresStore<Pokemon>.open(configuration)
/// try await store.update(id: 25) { $0.favorite = true }
/// let strongest = try await store.fetch(
///     RecordQuery(where: \.attack >= 80, sortedBy: [.descending(\.attack)], limit: 10))
/// try await store.close()
/// ```
///
/// The model's records are in one table, named by `StorableModel/storageName`, with a
/// column per mapped attribute (declared as KeyPathQuery's PostgreSQL dialect reads them)
/// beside the store's own: `_order`, the record's place in the store's order; `_key`, its
/// id; `_record`, its JSON, which the store decodes; `_version`, its write version; and
/// `_exact`, whether SQL reads its attributes with their in-memory meaning. The table
/// `modelstorage_version` holds the store's version (its commit count) and the schema
/// version of the rows. The model's indexed attributes get PostgreSQL indexes.
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
/// with text options) or whose text operands are not such text.
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
/// savepoint and counted as a commit of its own. Each group locks the table's row of
/// `modelstorage_version` first, so that the writes of every store on the database, in any
/// process, are serializable; a save returns once PostgreSQL has committed it, as durable as
/// the server's `synchronous_commit` makes a commit.
///
/// Live queries (``observe(_:)``) get this store's commits at once, and those of every other
/// store on the database through `LISTEN`/`NOTIFY`.
///
/// A server that cannot be reached at open, a table that does not match the model, or a
/// newer schema version fails ``open(_:options:)`` with a `StoreError` naming the database
/// and saying what to do. A connection lost in the middle of a write fails that write with
/// nothing of it stored (PostgreSQL rolls its transaction back), and the next operation
/// connects again, so the store recovers from a server restart without being remade.
public actor PostgresStore<Model: StorableModel>: ModelStore, QueryEvaluationReporting {
    /// The database, as the store's errors name it: `postgresql://user@host:port/database`.
    public nonisolated let database: String
    /// Whether the store was opened read-only: every write throws `StoreError/readOnly(path:)`.
    public nonisolated let isReadOnly: Bool
    /// The schema version the table was migrated from when the store opened, or `nil` when
    /// it was current.
    public nonisolated let migratedFromSchemaVersion: Int?

    /// What this store's notifications carry after the version, to tell them from other
    /// stores'.
    nonisolated let tag = UUID().uuidString
    let layout: TableLayout<Model>
    let writer: ConnectionThread
    let readers: [ConnectionThread]
    let options: PostgresStoreOptions
    let configuration: PostgresConnection.Configuration
    private var nextReader = 0
    var liveQueries = LiveQueryRegistry<Model>()
    /// The version of the latest commit this store made or heard of.
    var committedVersion: UInt64
    var pending: [QueuedWrite<Model>] = []
    var isFlushing = false
    var flushWaiters: [CheckedContinuation<Void, Never>] = []
    var lastGroup: UInt64 = 0
    var isClosed = false
    /// The task that listens for other stores' commits while a live query exists.
    var listener: Task<Void, Never>?
    /// Counts how the store's connections answer queries (``queryEvaluationCounts``).
    nonisolated let evaluations: QueryEvaluationCounter

    init(
        layout: TableLayout<Model>, writer: ConnectionThread, readers: [ConnectionThread],
        version: UInt64, migratedFrom: Int?, options: PostgresStoreOptions,
        configuration: PostgresConnection.Configuration, evaluations: QueryEvaluationCounter
    ) {
        self.database = writer.database
        self.isReadOnly = options.mode == .readOnly
        self.layout = layout
        self.writer = writer
        self.readers = readers
        self.committedVersion = version
        self.migratedFromSchemaVersion = migratedFrom
        self.options = options
        self.configuration = configuration
        self.evaluations = evaluations
    }

    /// How the store answered queries so far: in PostgreSQL alone, narrowed by PostgreSQL
    /// and finished in memory (rows holding values SQL cannot read exactly), or in memory
    /// (a query the dialect refuses, such as `matches`).
    public nonisolated var queryEvaluationCounts: QueryEvaluationCounts {
        evaluations.counts
    }

    deinit {
        // Released without `close()`: its threads and connections go too.
        listener?.cancel()
        for reader in readers { reader.stopSoon() }
        writer.stopSoon()
    }

    func checkOpen() throws(StoreError) {
        guard !isClosed else { throw .closed(path: database) }
    }

    /// Throws unless the store is open for writing.
    func checkWritable() throws(StoreError) {
        try checkOpen()
        guard !isReadOnly else { throw .readOnly(path: database) }
    }

    /// The next reader, in turn.
    func reader() -> ConnectionThread {
        nextReader += 1
        return readers[nextReader % readers.count]
    }

    /// The channel the store's commits are announced on: one per table, `modelstorage_<table>`,
    /// or `modelstorage_` and a 64-bit FNV-1a hash of the table's name when that is longer
    /// than PostgreSQL's 63-byte limit for a channel's name.
    var channel: String { SQLIdentifier.bounded("modelstorage_", layout.name) }

    static func compile(_ query: RecordQuery<Model>) throws(StoreError) -> CompiledQuery<Model> {
        do { return try query.compiled() } catch { throw .invalidQuery(error) }
    }

    static func compile(_ condition: Condition<Model>) throws(StoreError)
        -> CompiledCondition<Model>
    {
        do { return try condition.compiled() } catch { throw .invalidQuery(error) }
    }

    // MARK: Reading

    /// The record with an id.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(path:)` when the store is closed; a `StoreError` naming
    ///   the database when it cannot be read.
    /// - Complexity: One lookup in the unique index of `_key`.
    public func fetch(id: Model.ID) async throws -> Model? {
        try checkOpen()
        let key = try layout.key(of: id)
        let layout = layout
        return try await reader().perform { connection in
            try connection.record(withKey: key, in: layout)
        }
    }

    /// The records a query selects: its condition, sort keys and page run in PostgreSQL.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: PostgreSQL's: an index scan or a sequential scan, plus a sort of the
    ///   matches (a top-*k* one with a limit); only the page is decoded. A query SQL cannot
    ///   answer exactly decodes every row.
    public func fetch(_ query: RecordQuery<Model>) async throws -> [Model] {
        try checkOpen()
        let compiled = try Self.compile(query)
        let layout = layout
        return try await reader().perform { connection in
            try connection.records(
                selectedBy: query, compiled: compiled, in: layout, positions: false
            ).map(\.record)
        }
    }

    /// The records a query selects with the store's total count and version, read in one
    /// snapshot.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records, the number of records in all, and the version.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: That of ``fetch(_:)``, plus a count.
    public func fetchResult(_ query: RecordQuery<Model>) async throws -> QueryResult<Model> {
        try checkOpen()
        let compiled = try Self.compile(query)
        let layout = layout
        return try await reader().perform { connection in
            try connection.result(of: query, compiled: compiled, in: layout)
        }
    }

    /// The number of records that satisfy a condition, counted in PostgreSQL.
    ///
    /// - Parameter condition: The condition.
    /// - Returns: The number of matching records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the condition cannot be evaluated;
    ///   `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: PostgreSQL's `count(*)`: a scan of the table or of an index.
    public func count(where condition: Condition<Model>) async throws -> Int {
        try checkOpen()
        let layout = layout
        if condition.isAlwaysTrue {
            return try await reader().perform { connection in try connection.count(in: layout) }
        }
        let compiled = try Self.compile(condition)
        return try await reader().perform { connection in
            try connection.count(where: condition, compiled: compiled, in: layout)
        }
    }

    /// The record with an id, with the store's version, read in one snapshot.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record as read, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: One lookup in the unique index of `_key`.
    public func fetchVersioned(id: Model.ID) async throws -> Versioned<Model>? {
        try checkOpen()
        let key = try layout.key(of: id)
        let layout = layout
        return try await reader().perform { connection in
            try connection.versioned(withKey: key, in: layout)
        }
    }

    // MARK: Closing

    /// Finishes the writes already made, ends every live query and closes the connections.
    ///
    /// Later calls throw `StoreError/closed(path:)`; closing again does nothing.
    ///
    /// - Throws: Nothing today: the connections are let go whatever the server says. The
    ///   signature is `ModelStore/close()`'s, so that every backend closes alike.
    /// - Complexity: That of the writes still queued.
    public func close() async throws {
        guard !isClosed else { return }
        isClosed = true
        while isFlushing {
            await withCheckedContinuation { flushWaiters.append($0) }
        }
        liveQueries.finishAll()
        listener?.cancel()
        listener = nil
        for reader in readers { await reader.stop() }
        await writer.stop()
    }
}
