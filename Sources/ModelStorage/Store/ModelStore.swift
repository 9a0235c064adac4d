import Foundation
import KeyPathQuery

/// A store of one model's records: fetch, query, count, write, transact, merge and observe,
/// all asynchronous and safe to call from any task.
///
/// Write code against the protocol and pick a backend where the store is made; the in-memory
/// store behaves exactly as the file store does, so it stands in for it in tests:
///
/// ```swift
/// func favorites(in store: some ModelStore<Pokemon>) async throws -> [Pokemon] {
///     try await store.fetch(RecordQuery(where: \.favorite == true, sortedBy: [.ascending(\.name)]))
/// }
///
/// let onDisk = try await JSONFileStore<Pokemon>.open(at: url)
/// let inTests = InMemoryStore<Pokemon>()
/// ```
///
/// Every write is a transaction: it commits whole or not at all, and a commit is visible to
/// every later read. Writes based on an earlier read go through ``fetchVersioned(id:)`` and
/// ``save(_:mergePolicy:)`` with a ``MergePolicy``. ``observe(_:)`` turns a query into a
/// live sequence of results.
///
/// ## Implementation requirements
///
/// A conforming type must:
///
/// - Be `Sendable` and safe to call concurrently; an actor is the simplest way.
/// - Give each record one place in a stable order (insertion order: a replaced record keeps
///   its place, a record inserted again after a delete goes last).
/// - Answer with exactly what KeyPathQuery's in-memory engine answers over the store's
///   records in that order: ``fetch(_:)`` and each result of ``observe(_:)`` (and so
///   ``fetchResult(_:)``) return what `RecordQuery.apply(to:)` (the compiled query,
///   `RecordQuery.compiled()`) returns — the same records in the same order, ties between
///   sort keys included — ``count(where:)`` and ``delete(where:)`` count what
///   `Condition.filter(_:)` keeps, and ``aggregate(_:)`` returns what
///   `AggregateQuery.apply(to:)` returns over the records (or throws the same
///   `QueryError` as ``StoreError/invalidQuery(_:)``). Inside ``transaction(_:)``, ``StoreTransaction``'s reads
///   answer the same way over the committed records with the body's writes laid over them.
///   How a backend gets there is its own: it may run the engine, or translate the query, as
///   a database does; the results must not differ, so that every backend answers alike.
/// - Refuse nothing the engine accepts, and accept nothing it rejects: a query or condition
///   the engine rejects (a negative limit or offset, a regular expression that does not
///   compile, a condition nested too deep) throws ``StoreError/invalidQuery(_:)``, as the
///   bundled backends do; one the engine accepts is answered, a part the backend
///   cannot translate evaluated with the engine itself. The only other errors a read throws
///   are the store's own (``StoreError/closed(at:)``, a file or database that cannot be
///   read), never a refusal of the query.
/// - Run ``transaction(_:)`` bodies one at a time, each over every commit before it
///   (serializable), and make a body's changes visible only if the body returns and the
///   changes are stored; when the body throws or storing fails, leave every record exactly as
///   it was and rethrow. Return from a write only once its commit is as durable as the
///   backend promises.
/// - Count commits in a version that ``fetchVersioned(id:)`` reports and
///   ``StoreTransaction/version`` reads, increasing by one per commit that changes something.
/// - Keep each record's write version — the version after the commit that last inserted or
///   updated it, `version + 1` for a transaction's writes — and give it to the transaction
///   (``CommittedRecords/writeVersion(ofID:)``, or the `writeVersions` of
///   ``StoreTransaction/init(_:writeVersions:version:)``), so that a save of an earlier read
///   is a conflict exactly when the record was written since the read, whatever its values.
///   A durable backend keeps them across reopens.
/// - Yield from ``observe(_:)`` the current results first, then new results after every
///   commit that can change them: one that inserts or deletes a record (the total count
///   changes), or that changes a record which matched the condition before or matches it
///   after, whichever attributes changed. A slow consumer may see only the newest result.
/// - Close in ``close()``: finish the writes already made (each returns or throws as it
///   would have), end every live query's sequence, and release what the store holds (locks,
///   files, connections). After it every call throws ``StoreError/closed(at:)``, and closing
///   again does nothing.
/// - Throw ``StoreError`` for the failures it names (see each requirement).
///
/// Only ``fetch(id:)``, ``fetch(_:)``, ``count(where:)``, ``fetchVersioned(id:)``,
/// ``transaction(_:)``, ``observe(_:)`` and ``close()`` have no default: every other write is provided in
/// terms of ``transaction(_:)`` and ``StoreTransaction``, which also resolves merges (a
/// backend that reads its records on demand makes one over its ``CommittedRecords``), and
/// ``fetchResult(_:)`` in terms of ``observe(_:)``. Run
/// `ModelStorageTesting`'s conformance checks against your backend to prove it meets this
/// contract; its differential check compares the answers with the engine's on hundreds of
/// random queries over adversarial records.
public protocol ModelStore<Model>: Sendable {
    /// The model the store keeps.
    associatedtype Model: StorableModel

    /// Where the store keeps its records, as its errors name it: a file, a database, memory,
    /// or a name of the backend's choosing.
    ///
    /// ```swift
    /// if case .file(let path) = store.location { print("Back up \(path)") }
    /// ```
    var location: StoreLocation { get }

    /// The record with an id.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record, or `nil` when none has the id.
    /// - Throws: ``StoreError/closed(at:)`` when the store is closed.
    /// - Complexity: O(1) on average in both bundled backends.
    func fetch(id: Model.ID) async throws -> Model?

    /// The records a query selects: those that satisfy its condition, sorted by its sort keys
    /// (ties keep the store's order), then paged by its offset and limit.
    ///
    /// ```swift
    /// let strongest = try await store.fetch(
    ///     RecordQuery(where: \.attack >= 80, sortedBy: [.descending(\.attack)], limit: 10))
    /// ```
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated.
    /// - Complexity: O(*n*) to filter the *n* records, plus O(*m* log *k*) to sort the *m*
    ///   matches when a limit keeps *k* of them.
    func fetch(_ query: RecordQuery<Model>) async throws -> [Model]

    /// The number of records that satisfy a condition.
    ///
    /// - Parameter condition: The condition; `.true` counts every record.
    /// - Returns: The number of matching records.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the condition cannot be evaluated.
    /// - Complexity: O(1) for `.true`, O(*n*) otherwise.
    func count(where condition: Condition<Model>) async throws -> Int

    /// The aggregates of the records a query selects — counts, sums, averages, minimums and
    /// maximums, at once or per group — computed where the records are.
    ///
    /// ```swift
    /// let perGeneration = try await store.aggregate(
    ///     AggregateQuery(.count, .average(\.attack), groupedBy: [\.generation]))
    /// ```
    ///
    /// The answer is what `AggregateQuery.apply(to:)` answers over the store's records. The
    /// default implementation does exactly that over ``fetch(_:)``'s records of the query's
    /// condition (through an index where the condition allows, as a fetch does); the SQL
    /// stores answer it with one statement in their database.
    ///
    /// - Parameter query: The aggregates, the condition, the groups and the condition on
    ///   groups.
    /// - Returns: The rows, one per group in ascending order of the group values (one in all
    ///   without groups).
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated, or a sum
    ///   of integers does not fit in `Int64` (its ``StoreError/queryError`` has code
    ///   `QueryError.Code.aggregateOverflow`); ``StoreError/closed(at:)`` when the store is
    ///   closed.
    /// - Complexity: O(*n*) in the records the condition selects, plus O(*g* log *g*) to
    ///   order the *g* groups.
    func aggregate(_ query: AggregateQuery<Model>) async throws -> [AggregateRow]

    /// The records a query selects together with the store's total count and version, all
    /// read at one moment — what a list screen shows beside "n of m loaded".
    ///
    /// ```swift
    /// let result = try await store.fetchResult(RecordQuery(where: \.favorite == true))
    /// print("\(result.records.count) favorites; \(result.totalCount) stored in all")
    /// ```
    ///
    /// The default implementation takes the first result of ``observe(_:)``, which the
    /// contract requires to be read at one moment; backends may read it more directly.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records, the number of records in all, and the version read.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated;
    ///   ``StoreError/closed(at:)`` when the store is closed.
    /// - Complexity: That of ``fetch(_:)``.
    func fetchResult(_ query: RecordQuery<Model>) async throws -> QueryResult<Model>

    /// The record with an id, with the store's version, ready to edit and save with a merge
    /// policy.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record as read, or `nil` when none has the id.
    /// - Throws: ``StoreError/closed(at:)`` when the store is closed.
    /// - Complexity: O(1) on average.
    func fetchVersioned(id: Model.ID) async throws -> Versioned<Model>?

    /// Runs several reads and writes that commit together or not at all.
    ///
    /// ```swift
    /// let moved = try await store.transaction { transaction in
    ///     let doomed = try transaction.delete(where: \.hp == 0)
    ///     transaction.upsert(contentsOf: replacements)
    ///     return doomed
    /// }
    /// ```
    ///
    /// The body may run later than the call, on the store's own executor, grouped with other
    /// writes into one commit to storage; it must not block.
    ///
    /// - Parameter body: Reads and writes through the transaction; its result is returned.
    /// - Returns: What `body` returns, once its changes are committed.
    /// - Throws: What `body` throws, with nothing changed; a ``StoreError`` when the changes
    ///   cannot be stored, with nothing changed either.
    /// - Complexity: The body's, plus storing its changes.
    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
    ) async throws -> Result

    /// A live query: the current results, then new results after every commit that can
    /// change them.
    ///
    /// ```swift
    /// for await result in try await store.observe(RecordQuery(where: \.favorite == true)) {
    ///     print("\(result.records.count) favorites of \(result.totalCount)")
    /// }
    /// ```
    ///
    /// A commit can change the results when it inserts or deletes a record, or changes a
    /// record that matched before or matches after — whichever attribute it changed, so
    /// toggling `favorite` while filtered by favorites updates the list. A consumer slower
    /// than the commits skips to the newest result. The sequence ends when the store closes.
    ///
    /// Which commits a backend observes beyond its own is its to say: `InMemoryStore` has no
    /// other writer, and `JSONFileStore` does not observe saves made by other processes to
    /// its files, while `SQLiteStore` (in the SQLiteStorage product) observes commits that
    /// other connections and processes make to its database, within
    /// `SQLiteStoreOptions.observationInterval`.
    ///
    /// - Parameter query: The query to keep current.
    /// - Returns: The results, current first.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated;
    ///   ``StoreError/closed(at:)`` when the store is closed.
    /// - Complexity: Each result re-runs the query: see ``fetch(_:)``.
    func observe(_ query: RecordQuery<Model>) async throws -> AsyncStream<QueryResult<Model>>

    /// Inserts a new record.
    ///
    /// - Parameter model: The record.
    /// - Throws: ``StoreError/duplicateID(_:)`` when a record already has its id.
    /// - Complexity: O(1) on average, plus storing it.
    func insert(_ model: Model) async throws

    /// Inserts a record, or replaces the one with its id in place.
    ///
    /// - Parameter model: The record.
    /// - Throws: ``StoreError`` when the change cannot be stored.
    /// - Complexity: O(1) on average, plus storing it.
    func upsert(_ model: Model) async throws

    /// Inserts or replaces several records in one commit.
    ///
    /// - Parameter models: The records; a later one with the same id wins.
    /// - Throws: ``StoreError`` when the changes cannot be stored.
    /// - Complexity: O(*m*) in the number of records, plus storing them.
    func upsert(contentsOf models: [Model]) async throws

    /// Deletes the record with an id.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: Whether a record was deleted.
    /// - Throws: ``StoreError`` when the change cannot be stored.
    /// - Complexity: O(1) on average, plus storing it.
    @discardableResult
    func delete(id: Model.ID) async throws -> Bool

    /// Deletes every record that satisfies a condition, in one commit.
    ///
    /// - Parameter condition: The condition.
    /// - Returns: The number of records deleted.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the condition cannot be evaluated.
    /// - Complexity: O(*n*) in the number of records, plus storing the change.
    @discardableResult
    func delete(where condition: Condition<Model>) async throws -> Int

    /// Changes one record in place, reading and writing in one commit.
    ///
    /// ```swift
    /// try await store.update(id: 25) { $0.favorite.toggle() }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The record's id.
    ///   - body: Changes the record; it must not change the id, and may run later on the
    ///     store's executor.
    /// - Returns: The record as changed.
    /// - Throws: ``StoreError/notFound(_:)`` when no record has the id,
    ///   ``StoreError/identifierChanged(from:to:)`` when `body` changes it, or what `body`
    ///   throws, with nothing changed.
    /// - Complexity: O(1) on average, plus `body` and storing the change.
    @discardableResult
    func update(id: Model.ID, _ body: @escaping @Sendable (inout Model) throws -> Void)
        async throws -> Model

    /// The records written and deleted after a cursor, in commit order: a page of the
    /// model's change feed (see ``ChangePage``).
    ///
    /// ```swift
    /// let page = try await favorites.changes(since: cursor, limit: 500)
    /// ```
    ///
    /// The model must declare a ``StorableModel/changeHistory``. The cost follows the changes
    /// read, not the number of records; each page is read at one moment.
    ///
    /// - Parameters:
    ///   - cursor: Where the reader is: ``ChangeCursor/start``, or the ``ChangePage/next``
    ///     of its last page.
    ///   - limit: How many changes the page holds at most, unless one commit has more: a
    ///     page ends at a commit. At least 1.
    /// - Returns: The changes after `cursor`, and the cursor to read from next.
    /// - Throws: ``StoreError/changesExpired(_:since:horizon:at:)`` for a cursor the history
    ///   no longer covers: read again from ``ChangeCursor/start``;
    ///   ``StoreError/historyNotKept(_:at:)`` for a model without a history;
    ///   ``StoreError/invalidQuery(_:)`` for a limit below 1; ``StoreError/closed(at:)``.
    /// - Complexity: O(*c*) in the changes read, plus O(log *h*) in the history's length.
    func changes(since cursor: ChangeCursor, limit: Int) async throws -> ChangePage<Model>

    /// Drops the tombstones older than the model's ``ChangeHistory/tombstoneRetention``, and
    /// moves its history's horizon past them.
    ///
    /// Stores that keep their records in a file or database also prune as they open.
    ///
    /// - Parameter now: The time to count the retention back from.
    /// - Returns: How many tombstones were dropped: none for a model without a history.
    /// - Throws: ``StoreError/readOnly(at:)``, ``StoreError/closed(at:)``, or the store's
    ///   errors of a write.
    @discardableResult
    func pruneChangeHistory(now: Date) async throws -> Int

    /// Finishes the writes already made, ends every live query and releases what the store
    /// holds: its lock, files or connections.
    ///
    /// ```swift
    /// let store = try await SQLiteStore<Pokemon>.open(at: url)
    /// try await store.upsert(contentsOf: pokemon)
    /// try await store.close()
    /// ```
    ///
    /// Every backend closes with this one call, so code written against the protocol closes
    /// whatever store it was given. Later calls throw ``StoreError/closed(at:)``; closing
    /// again does nothing. A store that is not closed is closed when the process ends, without
    /// the work a backend does on closing (`JSONFileStore` folds its journal into its
    /// document, `SQLiteStore` its WAL into its database).
    ///
    /// - Throws: ``StoreError`` when the work of closing fails, such as rewriting a document on
    ///   a full disk; the store is closed all the same, and every acknowledged write is kept.
    /// - Complexity: That of the writes still queued, plus the backend's own work of closing.
    func close() async throws
}

extension ModelStore {
    /// The records a query selects with the store's total count and version, read at one
    /// moment: the first result of ``observe(_:)``.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records, the number of records in all, and the version read.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated;
    ///   ``StoreError/closed(at:)`` when the store is closed.
    /// - Complexity: That of ``fetch(_:)``.
    public func fetchResult(_ query: RecordQuery<Model>) async throws -> QueryResult<Model> {
        for await result in try await observe(query) {
            return result
        }
        // A stream that ends at once: the store closed before it could answer.
        throw StoreError.closed(at: .named(String(describing: Self.self)))
    }
}
