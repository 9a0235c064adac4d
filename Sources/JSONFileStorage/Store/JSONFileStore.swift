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
/// ``JSONFileStoreOptions/compactionThreshold`` and half the document, and when the store
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
/// opened by. Files larger than ``JSONFileStoreOptions/maximumFileSize`` (256 MiB by default)
/// are neither read nor written: `StoreError/fileTooLarge(path:size:limit:)`.
public actor JSONFileStore<Model: StorableModel>: ModelStore {
    /// The document's location.
    public nonisolated let url: URL
    /// Whether the store was opened read-only.
    public nonisolated let isReadOnly: Bool
    /// What the store recovered on its own when it opened: a torn last journal line it
    /// dropped, or `nil`.
    public nonisolated let recovery: StoreRecovery?
    /// The schema version the files were migrated from when the store opened, or `nil` when
    /// they were current.
    public nonisolated let migratedFromSchemaVersion: Int?

    let paths: StorePaths
    let files: StoreFiles<Model>?
    var state: StoreState<Model>
    var observers = LiveQueryRegistry<Model>()
    var pending: [PendingWrite<Model>] = []
    var isFlushing = false
    var flushWaiters: [CheckedContinuation<Void, Never>] = []
    var isClosed = false
    /// The encoder for records, configured as the files are.
    let encoder: JSONEncoder

    init(
        url: URL, paths: StorePaths, files: StoreFiles<Model>?,
        loaded: StoreLoader.Loaded<Model>, sortsKeys: Bool
    ) {
        self.url = url
        self.paths = paths
        self.files = files
        self.isReadOnly = files == nil
        self.encoder = RecordCoding.makeEncoder(sortingKeys: sortsKeys)
        self.state = loaded.state
        self.migratedFromSchemaVersion = loaded.migratedFrom
        self.recovery = loaded.journal.tornTail.map {
            StoreRecovery(
                path: paths.journal, line: $0.line, byteOffset: $0.offset,
                droppedByteCount: $0.byteCount)
        }
    }

    func checkOpen() throws(StoreError) {
        guard !isClosed else { throw .closed(path: paths.document) }
    }

    // MARK: Reading

    /// The record with an id.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: O(1) on average.
    public func fetch(id: Model.ID) throws -> Model? {
        try checkOpen()
        return state.fetch(id: id)
    }

    /// The records a query selects.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: O(*n*) to filter, plus the sort (see `ModelStore/fetch(_:)`); O(*k* log
    ///   *k*) when the condition pins *k* ids (`\.id == x`, `.in(\.id, ids)`, or an `&&` with
    ///   such a clause), which are looked up instead; O(log *n* + *c* log *c*) when an index of
    ///   one of the model's `StorableModel/indexedAttributes` narrows it to *c* candidates.
    public func fetch(_ query: RecordQuery<Model>) throws -> [Model] {
        try checkOpen()
        return try state.fetch(query)
    }

    /// The records a query selects with the store's total count and version, read at once.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records, the number of records in all, and the version.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: That of ``fetch(_:)``.
    public func fetchResult(_ query: RecordQuery<Model>) throws -> QueryResult<Model> {
        try checkOpen()
        return try state.fetchResult(query)
    }

    /// The number of records that satisfy a condition.
    ///
    /// - Parameter condition: The condition.
    /// - Returns: The number of matching records.
    /// - Throws: `StoreError/invalidQuery(_:)` when the condition cannot be evaluated;
    ///   `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: O(1) for `.true`, O(*k* log *k*) when it pins *k* ids, O(log *n* + *c* log
    ///   *c*) when an index narrows it to *c* candidates, O(*n*) otherwise.
    public func count(where condition: Condition<Model>) throws -> Int {
        try checkOpen()
        return try state.count(where: condition)
    }

    /// How many records a query or count with this condition evaluates it on: the candidates
    /// the ids it pins or an index of an indexed attribute narrow it to, or else every record.
    ///
    /// Tests read it to see that an index is used.
    func examinedRecordCount(where condition: Condition<Model>) -> Int {
        state.table.examinedCount(for: condition)
    }

    /// The record with an id, with the store's version.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record as read, or `nil` when none has the id.
    /// - Throws: `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: O(1) on average.
    public func fetchVersioned(id: Model.ID) throws -> Versioned<Model>? {
        try checkOpen()
        return state.versioned(id: id)
    }

    // MARK: Observing

    /// A live query: the current results, then new results after every commit of this store
    /// that can change them.
    ///
    /// Commits made by other processes to the same files are not observed; a read-only store
    /// never changes, so it yields its results once.
    ///
    /// - Parameter query: The query to keep current.
    /// - Returns: The results, current first; the sequence ends when the store closes.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated;
    ///   `StoreError/closed(path:)` when the store is closed.
    /// - Complexity: Each result re-runs the query.
    public func observe(_ query: RecordQuery<Model>) throws -> AsyncStream<QueryResult<Model>> {
        try checkOpen()
        let compiled = try StoreTransaction<Model>.compile(query)
        return observers.add(query, compiled: compiled, current: state.result(of: compiled)) {
            [weak self] id in
            guard let self else { return }
            Task { await self.removeObserver(id) }
        }.results
    }

    private func removeObserver(_ id: LiveQueryRegistry<Model>.ID) {
        observers.remove(id)
    }

    func refreshObservers() {
        observers.refresh(from: state)
    }

    // MARK: Closing

    /// Finishes the writes already made, folds the journal into the document, ends every
    /// live query and releases the lock.
    ///
    /// Later calls throw `StoreError/closed(path:)`; closing again does nothing. If the
    /// journal cannot be folded (a full disk, say), the store closes anyway and throws: every
    /// acknowledged save is still in the journal and is replayed by the next open.
    ///
    /// - Throws: `StoreError/io(path:operation:code:message:)` when the document cannot be
    ///   rewritten.
    /// - Complexity: O(*n*) to rewrite the document when the journal has entries.
    public func close() async throws {
        guard !isClosed else { return }
        isClosed = true
        while isFlushing {
            await withCheckedContinuation { flushWaiters.append($0) }
        }
        observers.finishAll()
        guard let files else { return }
        let version = state.version
        let handoff = Handoff(state.table)
        try await files.perform { (writer) throws(StoreError) in
            try writer.close(handoff, version: version)
        }
    }
}
