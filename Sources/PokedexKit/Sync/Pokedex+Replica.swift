import Foundation
import ModelSync

extension Pokedex {
    /// The user's data a replica keeps in step: every ``Favorite`` and every ``Note`` of the
    /// signed-in user.
    ///
    /// - Returns: The replica's models.
    /// - Throws: `SyncError` only if a scope could not be encoded, which these cannot.
    public static func replicaModels() throws(SyncError) -> [ReplicaModel] {
        [try ReplicaModel(Favorite.self), try ReplicaModel(Note.self)]
    }

    /// A replica of the user's data over the Pokédex's database, through a transport.
    ///
    /// ```swift
    /// let replica = try pokedex.replica(
    ///     transport: HTTPSyncTransport(baseURL: serviceURL, token: token))
    /// let report = try await replica.sync()
    /// ```
    ///
    /// Every favorite and note the Pokédex writes enters the replica's outbox in the same
    /// commit, offline too, when its database keeps ``PokedexModels/replicaBookkeeping``;
    /// `Replica.sync()` pushes them and pulls what other devices wrote. The reference data
    /// is never synced: each side reads it from the bundle or PokeAPI.
    ///
    /// - Parameter transport: How to reach the server.
    /// - Returns: The replica.
    /// - Throws: `SyncError` (`misconfigured`) when the Pokédex has no database, or one
    ///   without the user's data or the replica's bookkeeping.
    public func replica(transport: any SyncTransport) throws(SyncError) -> Replica {
        guard let database else {
            throw SyncError(.misconfigured, "The Pokédex has no database to sync")
        }
        return try Replica(database: database, transport: transport, models: Self.replicaModels())
    }

    /// Whether a database keeps a replica's outbox.
    static func keepsOutbox(_ database: any ModelDatabase) -> Bool {
        database.models.contains { ObjectIdentifier($0) == ObjectIdentifier(SyncOutboxEntry.self) }
    }
}
