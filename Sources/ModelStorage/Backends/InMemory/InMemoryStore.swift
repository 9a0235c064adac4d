import KeyPathQuery

/// A store that keeps its records in memory: fast, and with exactly the semantics of
/// `JSONFileStore`, so it stands in for the file store in tests and previews.
///
/// ```swift
/// let store = InMemoryStore(previewPokemon)
/// try await store.update(id: 25) { $0.favorite = true }
/// let favorites = try await store.fetch(RecordQuery(where: \.favorite == true))
/// ```
///
/// Records are kept in insertion order with an index by id, so a lookup by id is one hash
/// lookup and queries evaluate with KeyPathQuery's in-memory engine, as the file store's do.
/// Nothing is written anywhere; the records live as long as the store, or until ``close()``,
/// after which every call throws ``StoreError/closed(path:)`` as the file stores' do.
public actor InMemoryStore<Model: StorableModel>: ModelStore {
    private var state = StoreState<Model>()
    private var observers = LiveQueryRegistry<Model>()
    private var isClosed = false

    /// Creates an empty store.
    ///
    /// ```swift
    /// let store = InMemoryStore<Pokemon>()
    /// ```
    public init() {}

    /// Creates a store holding some records, in order.
    ///
    /// ```swift
    /// let store = InMemoryStore(previewPokemon)
    /// ```
    ///
    /// - Parameter records: The records; a later one with the same id replaces an earlier one
    ///   in its place.
    /// - Complexity: O(*n*) in the number of records.
    public init(_ records: some Sequence<Model>) {
        var transaction = StoreTransaction<Model>(base: RecordTable(), version: 0)
        transaction.upsert(contentsOf: records)
        state.apply(transaction.changes)
    }

    /// The record with an id.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record, or `nil` when none has the id.
    /// - Throws: ``StoreError/closed(path:)`` when the store is closed.
    /// - Complexity: O(1) on average.
    public func fetch(id: Model.ID) throws -> Model? {
        try checkOpen()
        return state.fetch(id: id)
    }

    /// The records a query selects.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated;
    ///   ``StoreError/closed(path:)`` when the store is closed.
    /// - Complexity: O(*n*) to filter, plus the sort (see ``ModelStore/fetch(_:)``); O(*k* log
    ///   *k*) when the condition pins *k* ids (`\.id == x`, `.in(\.id, ids)`, or an `&&` with
    ///   such a clause), which are looked up instead; O(log *n* + *c* log *c*) when an index of
    ///   one of the model's ``StorableModel/indexedAttributes`` narrows it to *c* candidates.
    public func fetch(_ query: RecordQuery<Model>) throws -> [Model] {
        try checkOpen()
        return try state.fetch(query)
    }

    /// The records a query selects with the store's total count and version, read at once.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records, the number of records in all, and the version.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated;
    ///   ``StoreError/closed(path:)`` when the store is closed.
    /// - Complexity: That of ``fetch(_:)``.
    public func fetchResult(_ query: RecordQuery<Model>) throws -> QueryResult<Model> {
        try checkOpen()
        return try state.fetchResult(query)
    }

    /// The number of records that satisfy a condition.
    ///
    /// - Parameter condition: The condition.
    /// - Returns: The number of matching records.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the condition cannot be evaluated;
    ///   ``StoreError/closed(path:)`` when the store is closed.
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
    /// - Throws: ``StoreError/closed(path:)`` when the store is closed.
    /// - Complexity: O(1) on average.
    public func fetchVersioned(id: Model.ID) throws -> Versioned<Model>? {
        try checkOpen()
        return state.versioned(id: id)
    }

    /// Runs reads and writes that commit together or not at all.
    ///
    /// - Parameter body: Reads and writes through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, with nothing changed; ``StoreError/closed(path:)`` when
    ///   the store is closed.
    /// - Complexity: The body's, plus O(*c*) to apply its *c* changes.
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
    ) throws -> Result {
        try checkOpen()
        let (result, changes) = try run(body)
        let applied = state.apply(changes)
        if observers.noteCommit(applied) {
            Task { self.refreshObservers() }
        }
        return result
    }

    /// A live query: the current results, then new results after every commit that can
    /// change them.
    ///
    /// - Parameter query: The query to keep current.
    /// - Returns: The results, current first.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated;
    ///   ``StoreError/closed(path:)`` when the store is closed.
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

    /// Ends every live query and lets the records go; later calls throw
    /// ``StoreError/closed(path:)``, and closing again does nothing.
    ///
    /// Nothing is written anywhere: the records are simply gone with the store. A write
    /// already made has committed when its call returned, since the store commits at once.
    ///
    /// - Throws: Nothing in this backend; the signature is ``ModelStore/close()``'s.
    /// - Complexity: O(*n*) to let the *n* records go.
    public func close() async throws {
        guard !isClosed else { return }
        isClosed = true
        observers.finishAll()
        state = StoreState()
    }

    /// Throws ``StoreError/closed(path:)`` once the store is closed.
    private func checkOpen() throws(StoreError) {
        guard !isClosed else { throw .closed(path: String(describing: Self.self)) }
    }

    /// Runs a body over a transaction and returns its changes.
    ///
    /// A function of its own so that the transaction, which shares the table's storage, is
    /// gone before the changes are applied (and the table is changed in place, not copied).
    private func run<Result>(
        _ body: (inout StoreTransaction<Model>) throws -> Result
    ) rethrows -> (Result, [RecordChange<Model>]) {
        var transaction = state.makeTransaction()
        let result = try body(&transaction)
        return (result, transaction.changes)
    }

    private func removeObserver(_ id: LiveQueryRegistry<Model>.ID) {
        observers.remove(id)
    }

    private func refreshObservers() {
        observers.refresh(from: state)
    }
}
