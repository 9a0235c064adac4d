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
/// after which every call throws ``StoreError/closed(at:)`` as the file stores' do.
///
/// A store is one model's view of an ``InMemoryModelDatabase``: ``init()`` makes a database
/// of the one model, and ``InMemoryModelDatabase/store(for:)->InMemoryStore<Model>`` hands
/// out the store of each model of a database of several. Copies of a store are the same
/// store.
public struct InMemoryStore<Model: StorableModel>: ModelStore {
    /// The database the store's records are kept in.
    public let database: InMemoryModelDatabase

    /// Where the store keeps its records, as its errors name it: ``StoreLocation/memory``.
    public var location: StoreLocation { .memory }

    init(database: InMemoryModelDatabase) {
        self.database = database
    }

    /// Creates an empty store.
    ///
    /// ```swift
    /// let store = InMemoryStore<Pokemon>()
    /// ```
    public init() {
        self.init(database: InMemoryModelDatabase(of: Model.self, records: []))
    }

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
        self.init(database: InMemoryModelDatabase(of: Model.self, records: Array(records)))
    }

    /// The record with an id.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record, or `nil` when none has the id.
    /// - Throws: ``StoreError/closed(at:)`` when the store is closed.
    /// - Complexity: O(1) on average.
    public func fetch(id: Model.ID) async throws -> Model? {
        try await database.state(of: Model.self).fetch(id: id)
    }

    /// The records a query selects.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated;
    ///   ``StoreError/closed(at:)`` when the store is closed.
    /// - Complexity: O(*n*) to filter, plus the sort (see ``ModelStore/fetch(_:)``); O(*k* log
    ///   *k*) when the condition pins *k* ids (`\.id == x`, `.in(\.id, ids)`, or an `&&` with
    ///   such a clause), which are looked up instead; O(log *n* + *c* log *c*) when an index of
    ///   one of the model's ``StorableModel/indexedAttributes`` narrows it to *c* candidates.
    public func fetch(_ query: RecordQuery<Model>) async throws -> [Model] {
        let read = try await database.state(of: Model.self, resolving: query)
        return try read.state.fetch(read.query)
    }

    /// The records a query selects with the store's total count and version, read at once.
    ///
    /// - Parameter query: The condition, sort keys and page.
    /// - Returns: The selected records, the number of records in all, and the version.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated;
    ///   ``StoreError/closed(at:)`` when the store is closed.
    /// - Complexity: That of ``fetch(_:)``.
    public func fetchResult(_ query: RecordQuery<Model>) async throws -> QueryResult<Model> {
        let read = try await database.state(of: Model.self, resolving: query)
        return try read.state.fetchResult(read.query)
    }

    /// The number of records that satisfy a condition.
    ///
    /// - Parameter condition: The condition.
    /// - Returns: The number of matching records.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the condition cannot be evaluated;
    ///   ``StoreError/closed(at:)`` when the store is closed.
    /// - Complexity: O(1) for `.true`, O(*k* log *k*) when it pins *k* ids, O(log *n* + *c* log
    ///   *c*) when an index narrows it to *c* candidates, O(*n*) otherwise.
    public func count(where condition: Condition<Model>) async throws -> Int {
        let read = try await database.state(
            of: Model.self, resolving: RecordQuery(where: condition))
        return try read.state.count(where: read.query.condition)
    }

    /// How many records a query or count with this condition evaluates it on: the candidates
    /// the ids it pins, an index of an indexed attribute or the index of words of searchable
    /// attributes narrow it to, or else every record.
    ///
    /// Tests read it to see that an index is used.
    func examinedRecordCount(where condition: Condition<Model>) async throws -> Int {
        try await database.state(of: Model.self).table.examinedCount(for: condition)
    }

    /// The record with an id, with the store's version.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record as read, or `nil` when none has the id.
    /// - Throws: ``StoreError/closed(at:)`` when the store is closed.
    /// - Complexity: O(1) on average.
    public func fetchVersioned(id: Model.ID) async throws -> Versioned<Model>? {
        try await database.state(of: Model.self).versioned(id: id)
    }

    /// Runs reads and writes that commit together or not at all.
    ///
    /// - Parameter body: Reads and writes through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, with nothing changed; ``StoreError/closed(at:)`` when
    ///   the store is closed.
    /// - Complexity: The body's, plus O(*c*) to apply its *c* changes.
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
    ) async throws -> Result {
        try await database.transaction { transaction in try body(&transaction[Model.self]) }
    }

    /// A live query: the current results, then new results after every commit that can
    /// change them.
    ///
    /// - Parameter query: The query to keep current.
    /// - Returns: The results, current first.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated;
    ///   ``StoreError/closed(at:)`` when the store is closed.
    /// - Complexity: Each result re-runs the query.
    public func observe(_ query: RecordQuery<Model>) async throws -> AsyncStream<QueryResult<Model>>
    {
        try await database.observe(query)
    }

    /// Closes the store's database: ends every live query and lets the records go; later
    /// calls, on this store and every other store of the database, throw
    /// ``StoreError/closed(at:)``, and closing again does nothing.
    ///
    /// Nothing is written anywhere: the records are simply gone with the store. A write
    /// already made has committed when its call returned, since the store commits at once.
    ///
    /// - Throws: Nothing in this backend; the signature is ``ModelStore/close()``'s.
    /// - Complexity: O(*n*) to let the *n* records go.
    public func close() async throws {
        try await database.close()
    }
}
