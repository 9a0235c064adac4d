import Foundation
import KeyPathQuery
import ModelStorage

/// A database of several models kept in one human-readable JSON file, with durable writes,
/// one journal for every model, and a lock that lets one process write at a time: the
/// JSON-file `ModelDatabase`.
///
/// ```swift
/// let dex = try await JSONFileModelDatabase.open(
///     at: url, for: [Pokemon.self, PokemonSpecies.self])
/// let pokemon = try dex.store(for: Pokemon.self)
/// try await dex.transaction { transaction in
///     transaction[PokemonSpecies.self].upsert(bulbasaurSpecies)
///     transaction[Pokemon.self].upsert(bulbasaur)
/// }
/// let favorites = try await pokemon.fetch(RecordQuery(where: \.favorite == true))
/// try await dex.close()
/// ```
///
/// The document holds a section per model, under the model's `StorableModel/storageName`,
/// and the journal holds every commit of the database, one line each, whichever models it
/// touches: a ``transaction(_:)`` across models is one line and one sync, replayed whole or
/// not at all. The database counts its commits in one version, which every model's store
/// reports. Writes of every model's store and the database's transactions are grouped into
/// one journal append and one sync when they come together. See <doc:Durability>.
///
/// Each model keeps its own schema version and migrations; a model added to an existing
/// file starts with no records, and the section of a model the file has but the database
/// was not opened with is kept as it is. A ``JSONFileStore`` is the database of one model.
public actor JSONFileModelDatabase: ModelDatabase {
    /// The models the database holds, in the order it was opened with.
    public nonisolated let models: [any StorableModel.Type]
    /// The document's URL, as it was opened at.
    public nonisolated let url: URL
    /// Where the database keeps its records, as its errors name it: the
    /// `StoreLocation/file(_:)` of its document, whose URL is ``url``.
    public nonisolated var location: StoreLocation { .file(paths.document) }
    /// Whether the database was opened read-only.
    public nonisolated let isReadOnly: Bool
    /// What the database recovered on its own when it opened: a torn last journal line it
    /// dropped, or `nil`.
    public nonisolated let recovery: StoreRecovery?

    nonisolated let modelNames: [String]
    nonisolated let migratedFrom: [ObjectIdentifier: Int]
    let paths: StorePaths
    let files: StoreFiles?
    /// Each model's records, its `StoreState<Model>`; every one's version is the database's.
    var tables: PerModelValues
    /// Each model's live queries.
    var observers = LiveQueryRegistries()
    /// The number of commits.
    var version: UInt64
    var pending: [PendingWrite] = []
    var isFlushing = false
    var flushWaiters: [CheckedContinuation<Void, Never>] = []
    var isClosed = false
    /// Whether records are written with their keys sorted, as the files are.
    let sortsKeys: Bool

    init(
        models: [any StorableModel.Type], names: [String], url: URL, paths: StorePaths,
        files: StoreFiles?, loaded: StoreLoader.Loaded, sortsKeys: Bool
    ) {
        self.models = models
        self.modelNames = names
        self.url = url
        self.paths = paths
        self.files = files
        self.isReadOnly = files == nil
        self.sortsKeys = sortsKeys
        self.tables = loaded.tables
        self.version = loaded.version
        self.migratedFrom = loaded.migratedFrom
        self.recovery = loaded.journal.tornTail.map {
            StoreRecovery(
                path: paths.journal, line: $0.line, byteOffset: $0.offset,
                droppedByteCount: $0.byteCount)
        }
    }

    /// The schema version a model's records were migrated from when the database opened, or
    /// `nil` when they were current (or the model is not the database's).
    ///
    /// - Parameter model: One of the database's models.
    /// - Returns: The older schema version, or `nil`.
    public nonisolated func migratedFromSchemaVersion(of model: any StorableModel.Type) -> Int? {
        migratedFrom[ObjectIdentifier(model)]
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
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not
    ///   hold the model.
    public nonisolated func store<Model: StorableModel>(
        for model: Model.Type
    ) throws(StoreError) -> JSONFileStore<Model> {
        guard models.contains(where: { $0 == model }) else {
            throw unknownModel(model)
        }
        return JSONFileStore(database: self)
    }

    /// The store of one of the database's models, as `ModelDatabase.store(for:)` hands it
    /// to code written against any database: the same `JSONFileStore` as the `store(for:)`
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
    /// - Throws: `StoreError/unknownModel(_:at:models:)` when the database does not
    ///   hold the model.
    @_disfavoredOverload
    public nonisolated func store<Model: StorableModel>(
        for model: Model.Type
    ) throws(StoreError) -> any ModelStore<Model> {
        try store(for: model) as JSONFileStore<Model>
    }

    nonisolated func unknownModel(_ model: Any.Type) -> StoreError {
        .unknownModel(String(describing: model), at: .file(paths.document), models: modelNames)
    }

    func checkOpen() throws(StoreError) {
        guard !isClosed else { throw .closed(at: .file(paths.document)) }
    }

    // MARK: Reading

    /// Reads any of the database's models at one moment, writing nothing (see
    /// `ModelDatabase.read(_:)`): the committed records, on the database's actor, in a
    /// database opened read-only too.
    ///
    /// - Parameter body: Reads through the transaction; its result is returned.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `StoreError.unknownModel(_:at:models:)` when it
    ///   read a model the database does not hold; `StoreError.closed(at:)` when the
    ///   database is closed.
    /// - Complexity: The body's reads.
    public func read<Result: Sendable>(
        _ body: @escaping @Sendable (DatabaseTransaction) throws -> Result
    ) throws -> Result {
        try checkOpen()
        return try CommittedTables(tables: tables).read(
            version: version, at: .file(paths.document), models: modelNames, body)
    }

    /// Runs a read of one model's committed records on the database's actor.
    func read<Model: StorableModel, Result: Sendable>(
        _ model: Model.Type, _ body: @Sendable (StoreState<Model>) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        try checkOpen()
        guard let state = tables[StoreState<Model>.self] else {
            throw unknownModel(model)
        }
        return try body(state)
    }

    /// Runs a read of one model's committed records with a query whose references are
    /// resolved through every model's committed records, at one moment.
    func read<Model: StorableModel, Result: Sendable>(
        _ model: Model.Type, resolving query: RecordQuery<Model>,
        _ body: @Sendable (StoreState<Model>, RecordQuery<Model>) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        let committed = CommittedTables(tables: tables)
        let document = paths.document
        let names = modelNames
        return try read(model) { (state) throws(StoreError) in
            let resolved = try committed.resolvingReferences(
                query, version: state.version, at: .file(document), models: names)
            return try body(state, resolved)
        }
    }

    // MARK: Observing

    func observe<Model: StorableModel>(
        _ query: RecordQuery<Model>
    ) throws(StoreError) -> AsyncStream<QueryResult<Model>> {
        try checkOpen()
        guard let state = tables[StoreState<Model>.self] else { throw unknownModel(Model.self) }
        let resolved = try CommittedTables(tables: tables).resolvingReferences(
            query, version: state.version, at: .file(paths.document), models: modelNames)
        let compiled = try StoreTransaction<Model>.compile(resolved)
        return observers.add(query, compiled: compiled, current: state.result(of: compiled)) {
            [weak self] id in
            guard let self else { return }
            Task { await self.removeObserver(id) }
        }.results
    }

    private func removeObserver<Model: StorableModel>(_ id: LiveQueryRegistry<Model>.ID) {
        observers.remove(id)
    }

    func refreshObservers() {
        for model in models { refreshObservers(of: model) }
    }

    private func refreshObservers<Model: StorableModel>(of model: Model.Type) {
        guard let state = tables[StoreState<Model>.self] else { return }
        observers.refresh(from: state, tables: CommittedTables(tables: tables))
    }

    // MARK: Closing

    /// Finishes the writes already made, folds the journal into the document, ends every
    /// live query of every model and releases the lock; every store the database handed out
    /// is closed with it.
    ///
    /// Later calls, on the database and its stores, throw `StoreError/closed(at:)`;
    /// closing again does nothing. If the journal cannot be folded (a full disk, say), the
    /// database closes anyway and throws: every acknowledged save is still in the journal and
    /// is replayed by the next open.
    ///
    /// - Throws: `StoreError/io(at:operation:code:message:)` when the document cannot be
    ///   rewritten.
    /// - Complexity: O(*n*) in the records of every model to rewrite the document when the
    ///   journal has entries.
    public func close() async throws {
        guard !isClosed else { return }
        isClosed = true
        while isFlushing {
            await withCheckedContinuation { flushWaiters.append($0) }
        }
        for model in models { observers.finishAll(of: model) }
        guard let files else { return }
        let version = version
        let handoff = Handoff(StoreWriter.sections(of: tables, models: models))
        try await files.perform { (writer) throws(StoreError) in
            try writer.close(handoff, version: version)
        }
    }
}
