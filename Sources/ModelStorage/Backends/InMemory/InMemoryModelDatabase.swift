import Foundation
import KeyPathQuery

/// A database of several models kept in memory: the in-memory ``ModelDatabase``.
///
/// ```swift
/// let dex = try InMemoryModelDatabase(for: [Pokemon.self, PokemonSpecies.self])
/// let species = try dex.store(for: PokemonSpecies.self)
/// try await dex.transaction { transaction in
///     transaction[PokemonSpecies.self].upsert(bulbasaurSpecies)
///     transaction[Pokemon.self].upsert(bulbasaur)
/// }
/// ```
///
/// It answers as a file or database backend does, so it stands in for one in tests and
/// previews; its records last as long as the process, or until ``close()``.
public actor InMemoryModelDatabase: ModelDatabase {
    /// The models the database holds, in the order it was made with.
    public nonisolated let models: [any StorableModel.Type]

    /// Where the database keeps its records, as its errors name it: ``StoreLocation/memory``.
    public nonisolated var location: StoreLocation { .memory }

    nonisolated let modelNames: [String]
    /// Each model's records, its `StoreState<Model>`.
    private var tables = PerModelValues()
    /// Each model's live queries.
    private var observers = LiveQueryRegistries()
    private var version: UInt64 = 0
    private var isClosed = false

    /// Creates an empty database of some models.
    ///
    /// - Parameter models: The models it holds.
    /// - Throws: ``StoreError/invalidModels(at:reason:)`` when `models` is empty, lists
    ///   a model twice, or two models share a `storageName`.
    public init(for models: [any StorableModel.Type]) throws {
        modelNames = try Self.checkedNames(of: models, at: .memory)
        self.models = models
        for model in models { Self.addTable(for: model, to: &tables) }
    }

    /// Creates the database of one model, holding some records in order: what an
    /// ``InMemoryStore`` is made over.
    init<Model: StorableModel>(of model: Model.Type, records: [Model]) {
        models = [model]
        modelNames = [String(describing: model)]
        var transaction = StoreTransaction<Model>(base: RecordTable(), version: 0)
        transaction.upsert(contentsOf: records)
        var state = StoreState<Model>()
        state.apply(transaction.changes)
        tables[StoreState<Model>.self] = state
        version = state.version
    }

    private static func addTable<Model: StorableModel>(
        for model: Model.Type, to tables: inout PerModelValues
    ) {
        tables[StoreState<Model>.self] = StoreState<Model>()
    }

    /// The store of one of the database's models.
    ///
    /// ```swift
    /// let pokemon = try dex.store(for: Pokemon.self)
    /// try await pokemon.upsert(pikachu)
    /// ```
    ///
    /// Every call returns a store over the same records; closing any of them closes the
    /// database.
    ///
    /// - Parameter model: The model.
    /// - Returns: The model's store.
    /// - Throws: ``StoreError/unknownModel(_:at:models:)`` when the database does not
    ///   hold the model.
    public nonisolated func store<Model: StorableModel>(
        for model: Model.Type
    ) throws(StoreError) -> InMemoryStore<Model> {
        guard models.contains(where: { $0 == model }) else {
            throw .unknownModel(
                String(describing: model), at: .memory, models: modelNames)
        }
        return InMemoryStore(database: self)
    }

    /// The store of one of the database's models, as ``ModelDatabase/store(for:)`` hands it
    /// to code written against any database: the same `InMemoryStore` as the `store(for:)`
    /// that returns it, which a call on the database itself chooses.
    ///
    /// ```swift
    /// func load(_ pokemon: [Pokemon], into dex: some ModelDatabase) async throws {
    ///     try await dex.store(for: Pokemon.self).upsert(contentsOf: pokemon)
    /// }
    /// ```
    ///
    /// - Parameter model: The model.
    /// - Returns: The model's store.
    /// - Throws: ``StoreError/unknownModel(_:at:models:)`` when the database does not
    ///   hold the model.
    @_disfavoredOverload
    public nonisolated func store<Model: StorableModel>(
        for model: Model.Type
    ) throws(StoreError) -> any ModelStore<Model> {
        try store(for: model) as InMemoryStore<Model>
    }

    // MARK: Transactions

    /// Reads any of the database's models at one moment, writing nothing (see
    /// ``ModelDatabase/read(_:)``).
    ///
    /// - Parameter body: Reads through the transaction; its result is returned.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``StoreError/unknownModel(_:at:models:)`` when it
    ///   read a model the database does not hold; ``StoreError/closed(at:)`` when the
    ///   database is closed.
    /// - Complexity: The body's reads.
    public func read<Result: Sendable>(
        _ body: @escaping @Sendable (DatabaseTransaction) throws -> Result
    ) throws -> Result {
        try checkOpen()
        return try CommittedTables(tables: tables).read(
            version: version, at: .memory, models: modelNames, body)
    }

    /// Runs reads and writes across the database's models that commit together or not at
    /// all (see ``ModelDatabase/transaction(_:)``).
    ///
    /// - Parameter body: Reads and writes through the transaction; its result is returned.
    /// - Returns: What `body` returns, once its changes are committed.
    /// - Throws: What `body` throws, with nothing changed;
    ///   ``StoreError/unknownModel(_:at:models:)`` when it reached a model the database
    ///   does not hold; ``StoreError/closed(at:)`` when the database is closed.
    /// - Complexity: The body's, plus O(*m*) in the records it writes.
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout DatabaseTransaction) throws -> Result
    ) throws -> Result {
        try checkOpen()
        let (result, changes) = try run(body)
        guard changes.contains(where: { !$0.isEmpty }) else { return result }
        version += 1
        var refresh = false
        var changed: Set<ObjectIdentifier> = []
        for (model, modelChanges) in zip(models, changes) where !modelChanges.isEmpty {
            changed.insert(ObjectIdentifier(model))
            refresh = apply(modelChanges, of: model) || refresh
        }
        for model in models {
            refresh = noteCommit(toModels: changed, of: model) || refresh
        }
        for model in models { setVersion(of: model) }
        if refresh { Task { self.refreshObservers() } }
        return result
    }

    /// Runs a body and returns its result with each model's changes, in the order of
    /// `models`; the transaction (and its hold on the tables) ends before they are applied.
    private func run<Result>(
        _ body: (inout DatabaseTransaction) throws -> Result
    ) throws -> (Result, [Changes]) {
        var transaction = DatabaseTransaction(
            version: version, tables: CommittedTables(tables: tables))
        let result = try body(&transaction)
        try transaction.checkModels(in: .memory, models: modelNames)
        try transaction.settleReferences(among: models)
        return (result, models.map { Self.changes(of: $0, in: transaction) })
    }

    private static func changes<Model: StorableModel>(
        of model: Model.Type, in transaction: DatabaseTransaction
    ) -> Changes {
        Changes(transaction.changes(of: model))
    }

    private func apply<Model: StorableModel>(
        _ changes: Changes, of model: Model.Type
    ) -> Bool {
        guard let changes = changes.value as? [RecordChange<Model>], !changes.isEmpty else {
            return false
        }
        guard var state = tables.removeValue(StoreState<Model>.self) else { return false }
        let applied = state.apply(changes, committedVersion: version)
        tables[StoreState<Model>.self] = state
        return observers.noteCommit(applied, of: model)
    }

    private func noteCommit<Model: StorableModel>(
        toModels changed: Set<ObjectIdentifier>, of model: Model.Type
    ) -> Bool {
        observers.noteCommit(toModels: changed, of: model)
    }

    private func setVersion<Model: StorableModel>(of model: Model.Type) {
        guard var state = tables.removeValue(StoreState<Model>.self) else { return }
        state.setVersion(version)
        tables[StoreState<Model>.self] = state
    }

    // MARK: One model's records

    /// One model's committed records; `nil` only for a model the database does not hold,
    /// which ``store(for:)`` refuses.
    func state<Model: StorableModel>(of model: Model.Type) throws(StoreError) -> StoreState<Model> {
        try checkOpen()
        guard let state = tables[StoreState<Model>.self] else {
            throw .unknownModel(
                String(describing: model), at: .memory, models: modelNames)
        }
        return state
    }

    /// One model's committed records, with a query whose references are resolved through
    /// every model's committed records, read at one moment.
    func state<Model: StorableModel>(
        of model: Model.Type, resolving query: RecordQuery<Model>
    ) throws(StoreError) -> (state: StoreState<Model>, query: RecordQuery<Model>) {
        let state = try state(of: model)
        let resolved = try CommittedTables(tables: tables).resolvingReferences(
            query, version: version, at: .memory, models: modelNames)
        return (state, resolved)
    }

    /// Drops a model's tombstones older than its retention at a time.
    func pruneHistory<Model: StorableModel>(
        of model: Model.Type, now: Date
    ) throws(StoreError) -> Int {
        var state = try state(of: model)
        tables[StoreState<Model>.self] = nil
        let dropped = state.pruneHistory(now: now)
        tables[StoreState<Model>.self] = state
        return dropped
    }

    func observe<Model: StorableModel>(
        _ query: RecordQuery<Model>
    ) throws(StoreError) -> AsyncStream<QueryResult<Model>> {
        let read = try state(of: Model.self, resolving: query)
        let compiled = try StoreTransaction<Model>.compile(read.query)
        return observers.add(query, compiled: compiled, current: read.state.result(of: compiled)) {
            [weak self] id in
            guard let self else { return }
            Task { await self.removeObserver(id) }
        }.results
    }

    private func removeObserver<Model: StorableModel>(_ id: LiveQueryRegistry<Model>.ID) {
        observers.remove(id)
    }

    private func refreshObservers() {
        for model in models { refreshObservers(of: model) }
    }

    private func refreshObservers<Model: StorableModel>(of model: Model.Type) {
        guard let state = tables[StoreState<Model>.self] else { return }
        observers.refresh(from: state, tables: CommittedTables(tables: tables))
    }

    // MARK: Closing

    /// Ends every live query and drops every record.
    ///
    /// ```swift
    /// try await dex.close()
    /// ```
    ///
    /// Later calls, on the database and on every store it handed out, throw
    /// ``StoreError/closed(at:)``. Closing again does nothing. Nothing is written anywhere:
    /// every write committed when its call returned.
    ///
    /// - Throws: Nothing in this backend; the signature is ``ModelDatabase/close()``'s, the
    ///   same as every other backend's, so that code written against one closes any.
    /// - Complexity: O(*n*) to let the *n* records go.
    public func close() async throws {
        guard !isClosed else { return }
        isClosed = true
        for model in models { finishObservers(of: model) }
        tables = PerModelValues()
    }

    private func finishObservers<Model: StorableModel>(of model: Model.Type) {
        observers.finishAll(of: model)
    }

    private func checkOpen() throws(StoreError) {
        guard !isClosed else { throw .closed(at: .memory) }
    }
}

/// A model's changes, `[RecordChange<Model>]`, where the model is not known statically.
private struct Changes: Sendable {
    let isEmpty: Bool
    let value: any Sendable

    init<Model: StorableModel>(_ changes: [RecordChange<Model>]) {
        isEmpty = changes.isEmpty
        value = changes
    }
}
