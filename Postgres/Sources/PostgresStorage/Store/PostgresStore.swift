import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
@_spi(BackendInternals) import SQLStorage

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
/// `modelstorage_version` holds, for each model's table, the version of the last commit that
/// changed it and the schema version of its rows; the store's version is the database's,
/// the highest of them (see ``PostgresModelDatabase``). The model's indexed attributes get
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
/// savepoint and counted as a commit of its own. Each group locks every row of the version
/// table `modelstorage_version` first, so that the writes of every store and database on the
/// PostgreSQL schema, in any process, are serializable; a save returns once PostgreSQL has
/// committed it, as durable as the server's `synchronous_commit` makes a commit.
///
/// Live queries (``observe(_:)``) get this store's commits at once, and those of every other
/// store on the schema through `LISTEN`/`NOTIFY`.
///
/// A store is one model's view of a ``PostgresModelDatabase``: ``open(_:options:)`` opens
/// the database of the one model, and
/// ``PostgresModelDatabase/store(for:)->PostgresStore<Model>`` hands out the store of each
/// model of a database of several, which share its connections and its version. Copies of a
/// store are the same store.
///
/// A server that cannot be reached at open, a table that does not match the model, or a
/// newer schema version fails ``open(_:options:)`` with a `StoreError` naming the database
/// and saying what to do. A connection lost in the middle of a write fails that write with
/// nothing of it stored (PostgreSQL rolls its transaction back), and the next operation
/// connects again, so the store recovers from a server restart without being remade.
public struct PostgresStore<Model: StorableModel>: ModelStore, QueryEvaluationReporting {
    /// The database the store's table is in.
    public let database: PostgresModelDatabase

    let layout: TableLayout<Model>

    init(database: PostgresModelDatabase, layout: TableLayout<Model>) {
        self.database = database
        self.layout = layout
    }

    /// Where the store keeps its records, as its errors name it:
    /// `.database("postgresql://user@host:port/database")`.
    public var location: StoreLocation { database.location }

    /// Whether the store was opened read-only: every write throws `StoreError/readOnly(at:)`.
    public var isReadOnly: Bool { database.isReadOnly }

    /// The schema version the table was migrated from when the store opened, or `nil` when
    /// it was current.
    public var migratedFromSchemaVersion: Int? {
        database.tables.migratedFromSchemaVersion(of: Model.self)
    }

    /// How the store's database answered queries so far, for every model: in PostgreSQL
    /// alone, narrowed by PostgreSQL and finished in memory (rows holding values SQL cannot
    /// read exactly), or in memory (a query the dialect refuses, such as `matches`).
    public var queryEvaluationCounts: QueryEvaluationCounts {
        database.queryEvaluationCounts
    }

    // MARK: Reading

    /// The record with an id.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(at:)` when the store is closed; a `StoreError` naming
    ///   the database when it cannot be read.
    /// - Complexity: One lookup in the unique index of `_key`.
    public func fetch(id: Model.ID) async throws -> Model? {
        let key = try layout.key(of: id)
        return try await database.read { [layout] connection in
            try connection.record(withKey: key, in: layout)
        }
    }

    /// The records a query selects: its condition, sort keys and page run in PostgreSQL.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: PostgreSQL's: an index scan or a sequential scan, plus a sort of the
    ///   matches (a top-*k* one with a limit); only the page is decoded. A query SQL cannot
    ///   answer exactly decodes every row.
    public func fetch(_ query: RecordQuery<Model>) async throws -> [Model] {
        let plan = try layout.plan(for: query)
        return try await plan.answer {
            try await read(query) { [layout] connection in
                try connection.records(selectedBy: query, plan: plan, in: layout, positions: false)?
                    .map(\.record)
            }
        } resolvingReferences: {
            try await database.read(answering: QueryEvaluationCounter.kinds(of: query)) {
                try $0[Model.self].fetch(query)
            }
        }
    }

    /// The records a query selects with the store's total count and version, read in one
    /// snapshot.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records, the number of records in all, and the version.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: That of ``fetch(_:)``, plus a count.
    public func fetchResult(_ query: RecordQuery<Model>) async throws -> QueryResult<Model> {
        let plan = try layout.plan(for: query)
        return try await plan.answer {
            try await read(query) { [layout] connection in
                try connection.result(of: query, plan: plan, in: layout)
            }
        } resolvingReferences: {
            try await database.resultResolvingReferences(of: query)
        }
    }

    /// The number of records that satisfy a condition, counted in PostgreSQL.
    ///
    /// - Parameter condition: The condition.
    /// - Returns: The number of matching records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the condition cannot be evaluated;
    ///   `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: PostgreSQL's `count(*)`: a scan of the table or of an index.
    public func count(where condition: Condition<Model>) async throws -> Int {
        if condition.isAlwaysTrue {
            return try await database.read { [layout] connection in
                try connection.count(in: layout)
            }
        }
        let query = RecordQuery(where: condition)
        let plan = try layout.plan(for: query)
        return try await plan.answer {
            try await read(query) { [layout] connection in
                try connection.count(where: condition, plan: plan, in: layout)
            }
        } resolvingReferences: {
            try await database.read(answering: [.count]) {
                try $0[Model.self].count(where: condition)
            }
        }
    }

    /// Reads on a reader's connection what SQL or memory answers; `nil` when only a
    /// transaction of the database can (the plan's `answer` then reads through one): a
    /// condition that follows references while some table of the database holds an inexact
    /// row, which the other tables' `EXISTS` could not see.
    private func read<Answer: Sendable>(
        _ query: RecordQuery<Model>,
        _ body: @escaping @Sendable (BlockingConnection) throws -> Answer?
    ) async throws -> Answer? {
        let tables = database.tableNames
        return try await database.read { connection -> Answer? in
            guard try connection.answersExactly(query, tables: tables) else { return nil }
            return try body(connection)
        }
    }

    /// The record with an id, with the store's version, read in one snapshot.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record as read, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: One lookup in the unique index of `_key`.
    public func fetchVersioned(id: Model.ID) async throws -> Versioned<Model>? {
        let key = try layout.key(of: id)
        return try await database.read { [layout] connection in
            try connection.versioned(withKey: key, in: layout)
        }
    }

    // MARK: Observing

    /// A live query: the current results, then new results after every commit that can
    /// change them, this store's or another store's on the same PostgreSQL schema.
    ///
    /// ```swift
    /// for await result in try await store.observe(RecordQuery(where: \.favorite == true)) {
    ///     print(result.records.map(\.name))
    /// }
    /// ```
    ///
    /// The store's own commits reach the query at once. Every commit also sends a `NOTIFY`
    /// on the schema's channel (`modelstorage_<schema>`) with the new version; while the
    /// database has a live query of any model, a connection of its own `LISTEN`s there, so
    /// that a commit through another `PostgresStore` or `PostgresModelDatabase` on the
    /// schema — in another process, on another machine, to any model — re-runs the query,
    /// and its new result is delivered when it differs from the last.
    ///
    /// - Parameter query: The query to keep current.
    /// - Returns: The results, current first; the sequence ends when the store closes.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: Each result re-runs the query in PostgreSQL and encodes its records
    ///   once, to tell a changed result from the last.
    public func observe(_ query: RecordQuery<Model>) async throws
        -> AsyncStream<QueryResult<Model>>
    {
        try await database.observe(query, in: layout)
    }

    // MARK: Closing

    /// Closes the store's database: finishes the writes already made, ends every live query
    /// of every model and closes the database's connections.
    ///
    /// Later calls, on this store and every other store of the database, throw
    /// `StoreError/closed(at:)`; closing again does nothing.
    ///
    /// - Throws: Nothing today: the connections are let go whatever the server says. The
    ///   signature is `ModelStore/close()`'s, so that every backend closes alike.
    /// - Complexity: That of the writes still queued.
    public func close() async throws {
        try await database.close()
    }
}
