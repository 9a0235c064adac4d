import Foundation
import InternalSupport
import KeyPathQuery
import ModelStorage

/// A local database kept in step with a shared one: the user's records follow them across
/// machines, and writes made offline are pushed when the server can be reached.
///
/// ```swift
/// let local = try await SQLiteModelDatabase.open(
///     at: url, for: [Favorite.self, Note.self] + Replica.bookkeepingModels)
/// let replica = try Replica(
///     database: local,
///     transport: HTTPSyncTransport(baseURL: serviceURL, token: token),
///     models: [ReplicaModel(Favorite.self), ReplicaModel(Note.self)])
///
/// try await replica.transaction { transaction in
///     transaction[Favorite.self].upsert(Favorite(pokemonID: 6))
/// }
/// let report = try await replica.sync()
/// ```
///
/// ## The outbox
///
/// A write made through ``transaction(_:)`` (or a transaction that ends with
/// ``ReplicaModel/recordWrites(of:in:)``) adds an entry to the replica's outbox in the same
/// commit, so it is as durable as the write. ``push()`` sends the outbox in the order it was
/// written, with an id the server applies once; an entry leaves the outbox only when the
/// server's answer is stored. Writes made to the database without recording them are not
/// pushed.
///
/// ## Pulling
///
/// ``pull()`` reads each model's changes since the replica's cursor, within its scope, and
/// applies them, a page to a commit, cursor included. A record with a write still in the
/// outbox keeps its local value: the answer to its push settles it. A cursor older than the
/// server's history starts the model's copy again, and the records it no longer finds leave
/// the replica.
///
/// When every replica has pushed and pulled and nobody writes, every replica holds exactly
/// the server's records of its user in its scope.
public actor Replica {
    /// The local database.
    public nonisolated let database: any ModelDatabase
    /// How the replica reaches the server.
    public nonisolated let transport: any SyncTransport
    /// The models kept in step.
    public nonisolated let models: [ReplicaModel]
    /// The most changes one pull asks for.
    public nonisolated let pullPageSize: Int
    /// The scope each model should have, by name, as set last.
    var scopes: [String: JSONValue?]
    /// Where a local write is signalled while ``run(retryDelay:maximumRetryDelay:onError:)``
    /// follows them: the continuation of its current stream, or `nil`.
    nonisolated let writeSignal = Mutex<AsyncStream<Void>.Continuation?>(nil)

    /// The models a replica keeps its own records in: open the local database with them.
    public static var bookkeepingModels: [any StorableModel.Type] {
        [SyncOutboxEntry.self, SyncShadow.self, SyncModelState.self, SyncPendingPush.self]
    }

    /// A replica of some models over a local database.
    ///
    /// - Parameters:
    ///   - database: The local database; it holds every model in `models` and
    ///     ``bookkeepingModels``.
    ///   - transport: How to reach the server.
    ///   - models: The models to keep in step, each with its scope.
    ///   - pullPageSize: The most changes one pull asks for; 10,000 by default, at most the
    ///     server's `SyncLimits/maximumPageSize` (10,000 by default). Each page is one local
    ///     commit.
    /// - Throws: ``SyncError/Code/misconfigured`` when the database lacks a model or the
    ///   bookkeeping models, a model is listed twice, or the page size is below 1.
    public init(
        database: some ModelDatabase, transport: any SyncTransport, models: [ReplicaModel],
        pullPageSize: Int = 10_000
    ) throws(SyncError) {
        guard pullPageSize >= 1 else {
            throw SyncError(
                .misconfigured, "A replica pulls at least 1 change a page, not \(pullPageSize)")
        }
        let held = Set(database.models.map { ObjectIdentifier($0) })
        var scopes: [String: JSONValue?] = [:]
        for model in models {
            guard scopes.updateValue(model.scope, forKey: model.name) == nil else {
                throw SyncError(.misconfigured, "The model \(model.name) is listed twice")
            }
            guard held.contains(ObjectIdentifier(model.type)) else {
                throw SyncError(
                    .misconfigured,
                    "The database at \(database.location) does not hold \(model.type), which the replica syncs"
                )
            }
        }
        for model in Self.bookkeepingModels where !held.contains(ObjectIdentifier(model)) {
            throw SyncError(
                .misconfigured,
                "The database at \(database.location) does not hold \(model); open it with Replica.bookkeepingModels"
            )
        }
        self.database = database
        self.transport = transport
        self.models = models
        self.pullPageSize = pullPageSize
        self.scopes = scopes
    }

    /// Reads and writes the local database in one transaction, and adds the writes to synced
    /// models to the outbox in the same commit.
    ///
    /// ```swift
    /// try await replica.transaction { transaction in
    ///     try transaction[Note.self].update(id: noteID) { $0.text = "Breathes fire." }
    /// }
    /// ```
    ///
    /// - Parameter body: Reads and writes, as in `ModelDatabase/transaction(_:)`.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` or the database throws; nothing is written then.
    @discardableResult
    public nonisolated func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        let models = models
        let result = try await database.transaction { transaction in
            let result = try body(&transaction)
            try ReplicaModel.recordWrites(of: models, in: &transaction)
            return result
        }
        _ = writeSignal.withLock { $0?.yield() }
        return result
    }

    /// Changes the records of a model the replica keeps.
    ///
    /// The records the new scope no longer selects leave the replica at the next pull (but
    /// for those with writes still to push), and the records it adds are pulled then: only
    /// the difference travels.
    ///
    /// - Parameters:
    ///   - scope: The records to keep.
    ///   - model: The model, one of ``models``.
    /// - Throws: ``SyncError/Code/misconfigured`` when the replica does not sync the model or
    ///   the scope cannot be encoded.
    public func setScope<Model: StorableModel>(
        _ scope: Condition<Model>, for model: Model.Type
    ) throws(SyncError) {
        guard scopes[Model.storageName] != nil else {
            throw SyncError(.misconfigured, "The replica does not sync \(Model.self)")
        }
        scopes[Model.storageName] = try ReplicaModel.encoded(scope)
    }

    /// Pushes the outbox, then pulls every model to the end.
    ///
    /// - Returns: What was pushed and pulled.
    /// - Throws: ``SyncError``; what was done before the error is kept, and the next sync
    ///   goes on from there.
    @discardableResult
    public func sync() async throws(SyncError) -> SyncReport {
        let pushed = try await push()
        let pulled = try await pull()
        return SyncReport(pushResults: pushed, pulledChanges: pulled)
    }

    /// Runs a local transaction, with its failures as ``SyncError``.
    func local<Result: Sendable>(
        _ what: String, _ body: @escaping @Sendable (inout DatabaseTransaction) throws -> Result
    ) async throws(SyncError) -> Result {
        do {
            return try await database.transaction(body)
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError(.localStoreFailed, "The replica could not \(what): \(error)")
        }
    }
}
