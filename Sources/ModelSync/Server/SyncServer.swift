import Foundation
import InternalSupport
import ModelStorage

/// The side of sync that holds the shared database: it answers replicas' pulls and pushes,
/// as the users their transports authenticated, and tells them when to pull.
///
/// ```swift
/// let shared = try await PostgresModelDatabase.open(
///     configuration, for: [Favorite.self, Note.self, Pokemon.self] + SyncServer.bookkeepingModels)
/// let server = try SyncServer(
///     database: shared,
///     models: [.model(Favorite.self, owner: \.userID), .model(Note.self, owner: \.userID)])
/// let page = try await server.pull(request, as: "ash")
/// ```
///
/// A server serves any `ModelDatabase`; `pokedex-service` runs one over
/// PostgreSQL behind HTTP, and ``InProcessTransport`` reaches one in the same process. Each
/// synced model must keep a change history, and the database must hold
/// ``SyncServer/bookkeepingModels``.
///
/// ## Who sees what
///
/// Every request is made as a user, whom the transport authenticated. A pull gives only the
/// user's records (those whose owner attribute names the user) that the request's scope
/// selects; a push writes only the user's records, and stamps the user as the owner of each
/// record it writes. A push that touches another user's record is refused whole with
/// ``SyncError/Code/forbidden``, and nothing is written.
///
/// ## Conflicts
///
/// A pushed write carries the record the replica had from the server and the version it
/// read it at. The server saves the write over that base with the model's merge policy,
/// attribute by attribute, as a save in the store does (see
/// `MergePolicy`). A deletion against a record written since its base is
/// settled by the same policy: `mergeByPropertyObjectTrump` (the default) and `overwrite`
/// delete it, `mergeByPropertyStoreTrump` and `rollback` keep the server's record, and
/// `error` rejects the deletion. An update against a record deleted since its base inserts it
/// again under `mergeByPropertyObjectTrump` and `overwrite`, and stays deleted under the
/// others. Every result carries the record as the server then holds it, and the replica takes
/// it, so that all replicas end with the server's records.
public struct SyncServer: Sendable {
    /// The shared database.
    public let database: any ModelDatabase
    /// The limits requests are held to.
    public let limits: SyncLimits
    /// The models served, by storage name.
    let models: [String: SyncedModel]
    /// The database's identity, once read.
    private let identity = IdentityCache()

    /// The models the server keeps its own records in: open its database with them.
    public static var bookkeepingModels: [any StorableModel.Type] {
        [SyncPushReceipt.self, SyncServerIdentity.self]
    }

    /// A server over a database.
    ///
    /// - Parameters:
    ///   - database: The shared database; it holds every synced model and
    ///     ``bookkeepingModels``.
    ///   - models: The models to serve, each with its owner attribute.
    ///   - limits: The limits requests are held to.
    /// - Throws: ``SyncError/Code/misconfigured`` when the database lacks one of the models
    ///   or the receipts, when a model keeps no change history, or when a model is listed
    ///   twice.
    public init(
        database: some ModelDatabase, models: [SyncedModel], limits: SyncLimits = SyncLimits()
    ) throws(SyncError) {
        var byName: [String: SyncedModel] = [:]
        let held = Set(database.models.map { ObjectIdentifier($0) })
        for model in models {
            guard byName.updateValue(model, forKey: model.name) == nil else {
                throw SyncError(.misconfigured, "The model \(model.name) is served twice")
            }
            guard held.contains(ObjectIdentifier(model.type)) else {
                throw SyncError(
                    .misconfigured,
                    "The database at \(database.location) does not hold \(model.type), which the server serves"
                )
            }
            guard model.type.changeHistory != nil else {
                throw SyncError(
                    .misconfigured,
                    "\(model.type) keeps no change history; declare `static var changeHistory: ChangeHistory? { ChangeHistory() }` to sync it"
                )
            }
        }
        for model in Self.bookkeepingModels where !held.contains(ObjectIdentifier(model)) {
            throw SyncError(
                .misconfigured,
                "The database at \(database.location) does not hold \(model); open it with SyncServer.bookkeepingModels"
            )
        }
        self.database = database
        self.models = byName
        self.limits = limits
    }

    /// The storage names of the models served, sorted.
    public var modelNames: [String] { models.keys.sorted() }

    /// A page of one model's changes, as a user sees them (see ``SyncTransport/pull(_:)``).
    ///
    /// - Parameters:
    ///   - request: The model, scope, cursor and page size.
    ///   - user: The authenticated user.
    /// - Returns: The user's changes after the cursor, within the scope.
    /// - Throws: ``SyncError``: `invalidRequest` for an unknown model, a scope that is not
    ///   the model's, or a limit below 1; `tooLarge` past the limits; `cursorExpired` when
    ///   the cursor is older than the history; `serverFailed` when the database fails.
    public func pull(_ request: PullRequest, as user: String) async throws(SyncError)
        -> PullResponse
    {
        var response = try await model(named: request.model).pull(request, user, self)
        response.server = try await databaseIdentity()
        return response
    }

    /// The identity of the database (``SyncServerIdentity``), made and stored on first use.
    ///
    /// - Returns: A UUID string.
    /// - Throws: ``SyncError/Code/serverFailed`` when it cannot be read or stored.
    public func databaseIdentity() async throws(SyncError) -> String {
        if let known = identity.value { return known }
        do {
            let value = try await database.transaction { transaction in
                if let stored = transaction[SyncServerIdentity.self].fetch(
                    id: SyncServerIdentity.onlyID)
                {
                    return stored.value
                }
                let made = SyncServerIdentity(
                    id: SyncServerIdentity.onlyID, value: UUID().uuidString)
                transaction[SyncServerIdentity.self].upsert(made)
                return made.value
            }
            identity.value = value
            return value
        } catch {
            throw SyncError(
                .serverFailed, "The server could not read its database's identity: \(error)")
        }
    }

    /// The model a request names.
    func model(named name: String) throws(SyncError) -> SyncedModel {
        guard let model = models[name] else {
            throw SyncError(
                .invalidRequest,
                "The server does not sync a model named \"\(name)\"; it syncs \(modelNames.joined(separator: ", "))"
            )
        }
        return model
    }
}

/// The identity of a server's database, read once and kept.
final class IdentityCache: Sendable {
    private let stored = Mutex<String?>(nil)

    var value: String? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
