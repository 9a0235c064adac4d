import Foundation
import InternalSupport
import KeyPathQuery
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
/// await store.close()
/// ```
///
/// The file is an ordinary SQLite database that any SQLite client reads. The model's records
/// are in one table, named by `StorableModel/storageName`, with a column per
/// mapped attribute (`Queryable.queryAttributes`, stored by KeyPathQuery's SQL conventions:
/// collections and nested values as JSON text, dates as seconds since 2001) beside the
/// store's own: `_order`, the record's place in the store's order; `_key`, its id; and
/// `_record`, its JSON, which the store decodes. The schema version is the database's
/// `PRAGMA user_version`, and the store's version is in the table `modelstorage_version`.
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
/// ``SQLiteStoreOptions/lockTimeout``, then the save throws
/// `StoreError/locked(path:pid:message:)` with SQLite's message.
///
/// Live queries (``observe(_:)``) get the store's own commits at once, and the commits other
/// connections and processes make to the database within
/// ``SQLiteStoreOptions/observationInterval``, 100 ms by default: see "Live queries across
/// processes" in the SQLiteStorage documentation.
///
/// A file the store cannot use — not an SQLite database, a table that does not match the
/// model, a newer schema version, a file or a directory it cannot write, a database locked
/// past the lock timeout — opens with a `StoreError` that names the file, and the store
/// leaves its bytes as they are. A save that meets a full disk throws
/// `StoreError/io(path:operation:code:message:)` with `ENOSPC`, keeps every record stored
/// before, and the store goes on working once there is space again. A directory the store
/// cannot write is refused even for reading a WAL database unless its `-shm` file is already
/// there: SQLite reads a WAL database through that file, and cannot create it.
public actor SQLiteStore<Model: StorableModel>: ModelStore, QueryEvaluationReporting {
    /// The database's location.
    public nonisolated let url: URL
    /// Whether the store was opened read-only.
    public nonisolated let isReadOnly: Bool
    /// The schema version the table was migrated from when the store opened, or `nil` when
    /// it was current.
    public nonisolated let migratedFromSchemaVersion: Int?

    let path: String
    let layout: TableLayout<Model>
    let writer: ConnectionQueue?
    let readers: [ConnectionQueue]
    private var nextReader = 0
    var liveQueries = LiveQueryRegistry<Model>()
    /// The writes waiting for a group commit and what the writing tasks share with them,
    /// reached without the actor (see `SQLiteStore+Writing.swift`).
    let writes: Mutex<WriteQueue<Model>>
    /// What the store needs to open another connection and to watch for other connections'
    /// commits.
    let options: SQLiteStoreOptions
    /// The watch for other connections' commits while a live query exists (see
    /// `SQLiteStore+OtherConnections.swift`).
    var watch = ConnectionWatch()
    /// Whether this read-only store last found no table of the model's in the database.
    ///
    /// The database was cut off before its first commit, or a writer has yet to make the
    /// table. The store then reads as empty, and looks again before each read.
    var awaitsTable: Bool
    /// Counts how the store's connections answer queries (``queryEvaluationCounts``).
    nonisolated let evaluations: QueryEvaluationCounter

    init(
        url: URL, path: String, layout: TableLayout<Model>, writer: ConnectionQueue?,
        readers: [ConnectionQueue], version: UInt64, migratedFrom: Int?,
        options: SQLiteStoreOptions, evaluations: QueryEvaluationCounter,
        awaitsTable: Bool = false
    ) {
        self.url = url
        self.path = path
        self.layout = layout
        self.writer = writer
        self.readers = readers
        self.isReadOnly = writer == nil
        self.writes = Mutex(WriteQueue(committedVersion: version))
        self.migratedFromSchemaVersion = migratedFrom
        self.options = options
        self.awaitsTable = awaitsTable
        self.evaluations = evaluations
    }

    /// Whether the store is closed.
    nonisolated var isClosed: Bool {
        writes.withLock { $0.isClosed }
    }

    func checkOpen() throws(StoreError) {
        guard !isClosed else { throw .closed(path: path) }
    }

    /// The next read connection, in turn.
    func reader() -> ConnectionQueue {
        nextReader += 1
        return readers[nextReader % readers.count]
    }

    /// Runs a read on the next reader, or answers `empty` while the database holds no table
    /// of the model's (see ``awaitsTable``), after looking again whether a writer made it.
    private func read<Value: Sendable>(
        orEmpty empty: @autoclosure () -> Value,
        _ body: @escaping @Sendable (SQLiteConnection) throws(StoreError) -> Value
    ) async throws(StoreError) -> Value {
        if awaitsTable {
            let state = try await reader().run { [layout] connection throws(StoreError) in
                try connection.inspect(for: layout)
            }
            switch state {
            case .absent: return empty()
            case .current, .withoutWriteVersions: awaitsTable = false
            case .older(let version):
                throw StoreError.migrationFailed(
                    path: path, sourceVersion: version, location: .wholeFile,
                    reason: "a read-only store cannot migrate the database; open it for "
                        + "writing once")
            }
        }
        return try await reader().run(body)
    }

    /// A query's result, with the count and version, read in one read transaction.
    private func result(
        of query: RecordQuery<Model>, compiled: CompiledQuery<Model>
    ) async throws(StoreError) -> QueryResult<Model> {
        try await read(orEmpty: QueryResult(records: [], totalCount: 0, version: 0)) {
            [layout] connection throws(StoreError) in
            try connection.result(of: query, compiled: compiled, in: layout)
        }
    }

    static func compile(_ query: RecordQuery<Model>) throws(StoreError) -> CompiledQuery<Model> {
        do { return try query.compiled() } catch { throw .invalidQuery(error) }
    }

    static func compile(_ condition: Condition<Model>) throws(StoreError)
        -> CompiledCondition<Model>
    {
        do { return try condition.compiled() } catch { throw .invalidQuery(error) }
    }

    /// How the store answered queries so far: in SQLite, or in memory (a condition with an
    /// operand SQLite cannot hold, or a collection condition while a record holds NUL).
    public nonisolated var queryEvaluationCounts: QueryEvaluationCounts {
        evaluations.counts
    }

    // MARK: Reading

    /// The record with an id.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(path:)` when the store is closed; a
    ///   `StoreError` when the database cannot be read.
    /// - Complexity: One lookup in the index of ids: O(log *n*).
    public func fetch(id: Model.ID) async throws -> Model? {
        try checkOpen()
        let key = try layout.key(of: id)
        return try await read(orEmpty: nil) { [layout] connection throws(StoreError) in
            try connection.record(withKey: key, in: layout)
        }
    }

    /// The records a query selects: its condition, sort keys and page run in SQLite.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be
    ///   evaluated; `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: SQLite's: a scan of the table for a condition no index serves, plus a
    ///   sort of the matches (a partial one with a limit); only the page is decoded.
    public func fetch(_ query: RecordQuery<Model>) async throws -> [Model] {
        try checkOpen()
        let compiled = try Self.compile(query)
        return try await read(orEmpty: []) { [layout] connection throws(StoreError) in
            try connection.records(selectedBy: query, compiled: compiled, in: layout)
                .map { $0.record }
        }
    }

    /// The records a query selects with the store's total count and version, read in one
    /// read transaction.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records, the number of records in all, and the version.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be
    ///   evaluated; `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: That of ``fetch(_:)``, plus a count.
    public func fetchResult(_ query: RecordQuery<Model>) async throws -> QueryResult<Model> {
        try checkOpen()
        let compiled = try Self.compile(query)
        return try await result(of: query, compiled: compiled)
    }

    /// The number of records that satisfy a condition, counted in SQLite.
    ///
    /// - Parameter condition: The condition.
    /// - Returns: The number of matching records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the condition cannot be
    ///   evaluated; `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: SQLite's count: a scan of the smallest index for `.true`, of the table
    ///   for a condition no index serves.
    public func count(where condition: Condition<Model>) async throws -> Int {
        try checkOpen()
        if condition.isAlwaysTrue {
            return try await read(orEmpty: 0) { [layout] connection throws(StoreError) in
                try connection.count(in: layout)
            }
        }
        let compiled = try Self.compile(condition)
        return try await read(orEmpty: 0) { [layout] connection throws(StoreError) in
            try connection.count(where: condition, compiled: compiled, in: layout)
        }
    }

    /// The record with an id, with the store's version, read at one moment.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record as read, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: One lookup in the index of ids.
    public func fetchVersioned(id: Model.ID) async throws -> Versioned<Model>? {
        try checkOpen()
        let key = try layout.key(of: id)
        return try await read(orEmpty: nil) { [layout] connection throws(StoreError) in
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
    /// `PRAGMA data_version` every ``SQLiteStoreOptions/observationInterval`` (100 ms by
    /// default) while the store has a live query; the query then re-runs, and its new
    /// result is delivered when it differs from the last. A read-only store observes them
    /// too.
    ///
    /// - Parameter query: The query to keep current.
    /// - Returns: The results, current first; the sequence ends when the store closes.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be
    ///   evaluated; `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: Each result re-runs the query in SQLite and encodes its records once,
    ///   to tell a changed result from the last; while a live query exists, one
    ///   `PRAGMA data_version` per interval.
    public func observe(_ query: RecordQuery<Model>) async throws
        -> AsyncStream<QueryResult<Model>>
    {
        try checkOpen()
        let compiled = try Self.compile(query)
        let first = try await result(of: query, compiled: compiled)
        try checkOpen()
        let (id, stream) = liveQueries.add(query, compiled: compiled, current: first) {
            [weak self] id in
            guard let self else { return }
            Task { await self.removeLiveQuery(id) }
        }
        // Set under the lock the writing tasks read it under, with the version read after
        // it: either their commit sees this query, or this sees their commit's version.
        let committedVersion = writes.withLock { queue in
            queue.hasLiveQueries = true
            return queue.committedVersion
        }
        if first.version < committedVersion {
            // A commit landed while the first result was read.
            refreshLiveQueries(needed: liveQueries.markStale(id))
        }
        startWatching(from: first.version)
        return stream
    }

    private func removeLiveQuery(_ id: LiveQueryRegistry<Model>.ID) async {
        liveQueries.remove(id)
        guard liveQueries.isEmpty else { return }
        writes.withLock { $0.hasLiveQueries = false }
        await stopWatching()
    }

    /// Starts a pass that re-runs the stale live queries on a reader, until none is stale.
    func refreshLiveQueries(needed: Bool) {
        guard needed else { return }
        Task {
            while !isClosed, let stale = liveQueries.nextStale() {
                let result = try? await result(of: stale.query, compiled: stale.compiled)
                if let result { liveQueries.deliver(result, for: stale) }
            }
        }
    }

    // MARK: Closing

    /// Finishes the writes already made, ends every live query and closes the database.
    ///
    /// Later calls throw `StoreError/closed(path:)`; closing again does
    /// nothing. The last connection to close folds the WAL into the database.
    ///
    /// - Throws: Nothing today: a connection that fails to close is let go, and a WAL that
    ///   is not folded in is folded by the next open. The signature is `ModelStore/close()`'s,
    ///   so that every backend closes alike.
    /// - Complexity: That of the writes still queued, plus a WAL checkpoint.
    public func close() async throws {
        let wasClosed = writes.withLock { queue in
            defer { queue.isClosed = true }
            return queue.isClosed
        }
        guard !wasClosed else { return }
        // No write is queued from now on: wait for the groups being committed.
        await withCheckedContinuation { continuation in
            let idle = writes.withLock { queue in
                if queue.isCommitting { queue.idleWaiters.append(continuation) }
                return !queue.isCommitting
            }
            if idle { continuation.resume() }
        }
        liveQueries.finishAll()
        await stopWatching()
        for reader in readers { await reader.close() }
        await writer?.close()
    }
}
