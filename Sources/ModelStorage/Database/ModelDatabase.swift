/// A database of several models: a table (or collection) per model, one commit version, and
/// transactions that span the models.
///
/// Open a database with the models it holds, take a ``ModelStore`` for each model, and use
/// each store as you would a store of one model: every query, write, merge policy and live
/// query works unchanged. A ``transaction(_:)`` of the database reads and writes any of its
/// models and commits all of them or none, as one durable commit:
///
/// ```swift
/// let dex = try InMemoryModelDatabase(for: [Pokemon.self, PokemonSpecies.self])
/// let pokemon = try dex.store(for: Pokemon.self)
/// try await dex.transaction { transaction in
///     transaction[PokemonSpecies.self].upsert(bulbasaurSpecies)
///     transaction[Pokemon.self].upsert(bulbasaur)
/// }
/// let favorites = try await pokemon.fetch(RecordQuery(where: \.favorite == true))
/// ```
///
/// A store of one model is the database of that one model: `InMemoryStore<Pokemon>()` is
/// `InMemoryModelDatabase(for: [Pokemon.self])`'s store of `Pokemon`.
///
/// ## Implementation requirements
///
/// A conforming type must:
///
/// - Hand out through ``store(for:)``, for each of its models, a ``ModelStore`` that meets
///   that protocol's contract, and refuse a model it was not opened with, with
///   ``StoreError/unknownModel(_:at:models:)``.
/// - Count commits in one version for the whole database, which every store's
///   ``ModelStore/fetchVersioned(id:)``, ``QueryResult/version`` and ``StoreTransaction``
///   read: a commit of any model raises it by one.
/// - Run ``transaction(_:)`` bodies and the stores' writes one at a time, each over every
///   commit before it, and commit a body's changes to every model at once, durably as one
///   commit, or none of them.
/// - Run ``read(_:)`` bodies over every model as of one commit, without writing, on a
///   database opened read-only too.
/// - Close with ``close()``, and close with it every store it handed out; a store's
///   ``ModelStore/close()`` closes the database.
public protocol ModelDatabase: Sendable {
    /// The models the database holds, in the order it was opened with.
    var models: [any StorableModel.Type] { get }

    /// Where the database keeps its records, as its errors name it: a file, a database,
    /// memory, or a name of the backend's choosing. Every store it hands out has the same
    /// location.
    var location: StoreLocation { get }

    /// The store of one of the database's models, for code written against any database.
    ///
    /// ```swift
    /// func load(_ pokemon: [Pokemon], into dex: some ModelDatabase) async throws {
    ///     let store = try dex.store(for: Pokemon.self)
    ///     try await store.upsert(contentsOf: pokemon)
    /// }
    /// ```
    ///
    /// Every call returns a store over the same records, counted in the database's one
    /// version; closing any store closes the database, and a store of a closed database
    /// throws ``StoreError/closed(at:)`` from its calls.
    ///
    /// Each bundled backend also has a `store(for:)` that returns its own store type
    /// (``InMemoryModelDatabase/store(for:)->InMemoryStore<Model>`` returns an
    /// ``InMemoryStore``, `SQLiteModelDatabase`'s an `SQLiteStore`, …), which a call on the
    /// concrete database chooses; through `some ModelDatabase` or `any ModelDatabase`, this
    /// requirement answers with the same store.
    ///
    /// - Parameter model: One of the models the database was opened with.
    /// - Returns: The model's store.
    /// - Throws: ``StoreError/unknownModel(_:at:models:)``, naming the model, the
    ///   database and the models it holds, when the database was not opened with `model`;
    ///   nothing is changed.
    /// - Complexity: At most O(*m*) in the number of models, in the bundled backends.
    func store<Model: StorableModel>(
        for model: Model.Type
    ) throws(StoreError) -> any ModelStore<Model>

    /// Runs reads and writes across the database's models that commit together or not at
    /// all.
    ///
    /// ```swift
    /// try await dex.transaction { transaction in
    ///     let gone = try transaction[PokemonSpecies.self].delete(where: \.isLegendary == true)
    ///     transaction[Pokemon.self].upsert(contentsOf: replacements)
    ///     return gone
    /// }
    /// ```
    ///
    /// The body may run later than the call, on the database's own executor, grouped with
    /// other writes into one commit to storage; it must not block.
    ///
    /// - Parameter body: Reads and writes through the transaction; its result is returned.
    /// - Returns: What `body` returns, once its changes to every model are committed.
    /// - Throws: What `body` throws, with nothing changed;
    ///   ``StoreError/unknownModel(_:at:models:)`` when it reached a model the database
    ///   does not hold; a ``StoreError`` when the changes cannot be stored, with nothing
    ///   changed either.
    /// - Complexity: The body's, plus storing its changes.
    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout DatabaseTransaction) throws -> Result
    ) async throws -> Result

    /// Reads any of the database's models at one moment, writing nothing.
    ///
    /// ```swift
    /// let (legendary, pokemon) = try await dex.read { snapshot in
    ///     (try snapshot[PokemonSpecies.self].fetch(RecordQuery(where: \.isLegendary == true)),
    ///      snapshot[Pokemon.self].count)
    /// }
    /// ```
    ///
    /// The body sees every model as of one commit, as a ``transaction(_:)`` does, but it is
    /// not queued behind the writes, and it works on a database opened read-only. It is
    /// given a transaction to read: a write to a copy of it is never stored.
    ///
    /// - Parameter body: Reads through the transaction; its result is returned.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``StoreError/unknownModel(_:at:models:)`` when it
    ///   read a model the database does not hold; ``StoreError/closed(at:)`` when the
    ///   database is closed; a ``StoreError`` when the records cannot be read.
    /// - Complexity: The body's reads.
    func read<Result: Sendable>(
        _ body: @escaping @Sendable (DatabaseTransaction) throws -> Result
    ) async throws -> Result

    /// Finishes the writes already made, ends every live query of every model, and releases
    /// what the database holds; every store it handed out is closed with it.
    ///
    /// - Throws: ``StoreError`` when the work of closing fails; the database is closed all
    ///   the same, and every acknowledged write is kept.
    func close() async throws
}

extension ModelDatabase {
    /// Reads through a ``transaction(_:)`` that writes nothing: the default for a database
    /// with no read of its own.
    ///
    /// The read is queued with the writes, and a database that refuses transactions (one
    /// opened read-only) refuses it too. Every bundled backend reads on its own instead.
    ///
    /// - Parameter body: Reads through the transaction; its result is returned.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` or ``transaction(_:)`` throws.
    /// - Complexity: The body's reads, plus an empty commit.
    public func read<Result: Sendable>(
        _ body: @escaping @Sendable (DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        try await transaction { transaction in try body(transaction) }
    }

    /// Checks the models a database is to be opened with, as every bundled backend does,
    /// and returns their type names.
    ///
    /// ```swift
    /// let names = try Self.checkedNames(of: models, at: .file(path))
    /// ```
    ///
    /// - Parameters:
    ///   - models: The models.
    ///   - location: Where the database keeps its records, for the error.
    /// - Returns: The models' type names, in order, for
    ///   ``StoreError/unknownModel(_:at:models:)``.
    /// - Throws: ``StoreError/invalidModels(at:reason:)`` when `models` is empty, lists
    ///   a model twice, two models share a `storageName` (ignoring case, as table names
    ///   do), a model refers to one that is not among them, or a reference that is not
    ///   optional has the delete rule `nullify`.
    /// - Complexity: O(*m*) in the number of models.
    public static func checkedNames(
        of models: [any StorableModel.Type], at location: StoreLocation
    ) throws(StoreError) -> [String] {
        guard !models.isEmpty else {
            throw .invalidModels(at: location, reason: "no model was given")
        }
        var seen: Set<ObjectIdentifier> = []
        var names: [String: String] = [:]
        for model in models {
            let type = String(describing: model)
            guard seen.insert(ObjectIdentifier(model)).inserted else {
                throw .invalidModels(at: location, reason: "\(type) is listed twice")
            }
            let storage = model.storageName.lowercased()
            if let other = names[storage] {
                throw .invalidModels(
                    at: location,
                    reason: "\(other) and \(type) have the same storageName "
                        + "\"\(model.storageName)\" (table names ignore case); declare another "
                        + "storageName for one of them")
            }
            names[storage] = type
        }
        for model in models { try checkReferences(of: model, among: models, at: location) }
        return models.map { String(describing: $0) }
    }

    /// Checks that the models a model refers to are in the database, and that only an
    /// optional reference is nullified.
    private static func checkReferences<Model: StorableModel>(
        of model: Model.Type, among models: [any StorableModel.Type], at location: StoreLocation
    ) throws(StoreError) {
        for reference in Model.declaredReferences {
            let place = "\(Model.self).\(reference.attributeName)"
            guard models.contains(where: { $0 == reference.target }) else {
                throw .invalidModels(
                    at: location,
                    reason: "\(place) refers to \(reference.target), which is not among the "
                        + "models; open the database with \(reference.target) too")
            }
            if reference.deleteRule == .nullify, !reference.isOptional {
                throw .invalidModels(
                    at: location,
                    reason: "\(place) cannot be nullified when its record is deleted: it is not "
                        + "optional; declare it optional, or delete rule cascade or deny")
            }
        }
    }
}
