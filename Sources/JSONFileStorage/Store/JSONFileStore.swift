import Foundation
import KeyPathQuery
import ModelStorage

/// A store kept in one human-readable JSON file, with durable writes, a journal that keeps
/// small saves small, and a lock that lets one process write at a time.
///
/// ```swift
/// let store = try await JSONFileStore<Pokemon>.open(at: url)
/// try await store.upsert(contentsOf: pokemon)
/// try await store.update(id: 25) { $0.favorite = true }
/// let favorites = try await store.fetch(RecordQuery(where: \.favorite == true))
/// try await store.close()
/// ```
///
/// Every record lives in memory, in insertion order with an index by id, and queries run
/// there with the same engine as `InMemoryStore`. On disk the store is a document holding
/// every record and a journal of the commits since: a save returns only once its commit is
/// durable, and saves from concurrent tasks are grouped into one journal append and one sync.
/// The journal is folded into a rewritten document once it outgrows
/// ``JSONFileExtras/compactionThreshold`` and half the document, and when the store
/// closes; the previous document is kept as a backup. See <doc:Durability> for the
/// guarantees and the file layout.
///
/// A file the store cannot read opens with a `StoreError` that names the file, the
/// problem and where, and the store never writes over it. The one exception, recovered on
/// its own and reported in ``recovery``, is the torn last journal line of a save that was
/// interrupted before it was acknowledged.
///
/// Opening for writing takes the store's lock for as long as the store is open; call
/// ``close()`` to release it (and to fold the journal), or let the process end. Opening
/// read-only takes no lock and sees the files as they were when it opened.
///
/// A document path that is a symbolic link stands for its target: the store's files live
/// beside the target, the link stays a link, and the store has one lock whatever name it is
/// opened by. Files larger than ``JSONFileExtras/maximumFileSize`` (256 MiB by default)
/// are neither read nor written: `StoreError/fileTooLarge(at:size:limit:)`.
///
/// A store is one model's view of a ``JSONFileModelDatabase``: ``open(at:options:)`` opens
/// the database of the one model, and
/// ``JSONFileModelDatabase/store(for:)->JSONFileStore<Model>`` hands out the store of each
/// model of a database of several, whose writes commit with the other models' in one
/// journal. Copies of a store are the same store.
public struct JSONFileStore<Model: StorableModel>: ModelStore {
    /// The database the store's records are kept in.
    public let database: JSONFileModelDatabase

    init(database: JSONFileModelDatabase) {
        self.database = database
    }

    /// The document's URL, as it was opened at.
    public var url: URL { database.url }
    /// Where the store keeps its records, as its errors name it: the
    /// `StoreLocation/file(_:)` of its document.
    public var location: StoreLocation { database.location }
    /// Whether the store was opened read-only.
    public var isReadOnly: Bool { database.isReadOnly }
    /// What the store recovered on its own when it opened: a torn last journal line it
    /// dropped, or `nil`.
    public var recovery: StoreRecovery? { database.recovery }
    /// The schema version the model's records were migrated from when the store opened, or
    /// `nil` when they were current.
    public var migratedFromSchemaVersion: Int? {
        database.migratedFromSchemaVersion(of: Model.self)
    }

    // MARK: Reading

    /// The record with an id.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: O(1) on average.
    public func fetch(id: Model.ID) async throws -> Model? {
        try await database.read(Model.self) { $0.fetch(id: id) }
    }

    /// The records a query selects.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: O(*n*) to filter, plus the sort (see `ModelStore/fetch(_:)`); O(*k* log
    ///   *k*) when the condition pins *k* ids (`\.id == x`, `.in(\.id, ids)`, or an `&&` with
    ///   such a clause), which are looked up instead; O(log *n* + *c* log *c*) when an index of
    ///   one of the model's `StorableModel/indexedAttributes` narrows it to *c* candidates.
    public func fetch(_ query: RecordQuery<Model>) async throws -> [Model] {
        try await database.read(Model.self, resolving: query) {
            (state, query) throws(StoreError) in try state.fetch(query)
        }
    }

    /// The records a query selects with the store's total count and version, read at once.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records, the number of records in all, and the database's
    ///   version.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: That of ``fetch(_:)``.
    public func fetchResult(_ query: RecordQuery<Model>) async throws -> QueryResult<Model> {
        try await database.read(Model.self, resolving: query) {
            (state, query) throws(StoreError) in try state.fetchResult(query)
        }
    }

    /// The number of records that satisfy a condition.
    ///
    /// - Parameter condition: The condition.
    /// - Returns: The number of matching records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the condition cannot be evaluated;
    ///   `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: O(1) for `.true`, O(*k* log *k*) when it pins *k* ids, O(log *n* + *c* log
    ///   *c*) when an index narrows it to *c* candidates, O(*n*) otherwise.
    public func count(where condition: Condition<Model>) async throws -> Int {
        try await database.read(Model.self, resolving: RecordQuery(where: condition)) {
            (state, query) throws(StoreError) in try state.count(where: query.condition)
        }
    }

    /// How many records a query or count with this condition evaluates it on: the candidates
    /// the ids it pins, an index of an indexed attribute or the index of words of searchable
    /// attributes narrow it to, or else every record.
    ///
    /// Tests read it to see that an index is used.
    func examinedRecordCount(where condition: Condition<Model>) async throws -> Int {
        try await database.read(Model.self) { $0.table.examinedCount(for: condition) }
    }

    /// The record with an id, with the database's version.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record as read, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: O(1) on average.
    public func fetchVersioned(id: Model.ID) async throws -> Versioned<Model>? {
        try await database.read(Model.self) { $0.versioned(id: id) }
    }

    // MARK: Writing

    /// Runs reads and writes that commit together or not at all, grouped with concurrent
    /// writes of every model of the database into one durable commit.
    ///
    /// The body runs on the database's actor when the group it joins is formed, after every
    /// write queued before it; the call returns once the group's commit is durable.
    ///
    /// - Parameter body: Reads and writes through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, with nothing changed; `StoreError/readOnly(at:)`,
    ///   `StoreError/closed(at:)`, or `StoreError/io(at:operation:code:message:)`
    ///   when the commit cannot be stored, with nothing changed in memory or on disk.
    /// - Complexity: The body's, plus one journal append and sync shared by the group (or a
    ///   document rewrite, O(*n*), when the journal is due for compaction).
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
    ) async throws -> Result {
        try await database.transaction { transaction in try body(&transaction[Model.self]) }
    }

    // MARK: Observing

    /// A live query: the current results, then new results after every commit of this
    /// database that can change them.
    ///
    /// Commits made by other processes to the same files are not observed; a read-only store
    /// never changes, so it yields its results once.
    ///
    /// - Parameter query: The query to keep current.
    /// - Returns: The results, current first; the sequence ends when the store closes.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(at:)` when the store is closed.
    /// - Complexity: Each result re-runs the query.
    public func observe(_ query: RecordQuery<Model>) async throws -> AsyncStream<
        QueryResult<Model>
    > {
        try await database.observe(query)
    }

    // MARK: Closing

    /// Closes the store's database: finishes the writes already made, folds the journal into
    /// the document, ends every live query and releases the lock.
    ///
    /// Later calls, on this store and on every other store of the database, throw
    /// `StoreError/closed(at:)`; closing again does nothing. If the journal cannot be
    /// folded (a full disk, say), the store closes anyway and throws: every acknowledged save
    /// is still in the journal and is replayed by the next open.
    ///
    /// - Throws: `StoreError/io(at:operation:code:message:)` when the document cannot be
    ///   rewritten.
    /// - Complexity: O(*n*) to rewrite the document when the journal has entries.
    public func close() async throws {
        try await database.close()
    }
}
