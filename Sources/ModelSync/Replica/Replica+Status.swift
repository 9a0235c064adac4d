import Foundation
import ModelStorage

/// Where a replica stands: what waits to be pushed, and when each model was last pulled.
public struct SyncStatus: Hashable, Sendable {
    /// One model's standing.
    public struct ModelStatus: Hashable, Sendable {
        /// The model's storage name.
        public var model: String
        /// How many of its records have writes waiting to be pushed.
        public var pendingWrites: Int
        /// Where the replica is in the server's history of the model.
        public var cursor: ChangeCursor
        /// When the model was last pulled to the end; `nil` when never.
        public var lastPulledAt: Date?
    }

    /// Each model's standing, in the replica's order.
    public var models: [ModelStatus]
    /// Whether a push was sent and not answered yet: it is sent again first.
    public var hasPushUnderWay: Bool

    /// How many records have writes waiting to be pushed, over every model.
    public var pendingWrites: Int { models.reduce(0) { $0 + $1.pendingWrites } }

    /// When every model was last pulled to the end: the earliest of their times, or `nil`
    /// when one was never pulled.
    public var lastSyncedAt: Date? {
        var earliest: Date?
        for model in models {
            guard let pulled = model.lastPulledAt else { return nil }
            earliest = min(earliest ?? pulled, pulled)
        }
        return earliest
    }
}

extension Replica {
    /// What waits to be pushed, and when each model was last pulled; read from the local
    /// database alone, offline too.
    ///
    /// - Returns: The replica's standing.
    /// - Throws: ``SyncError/Code/localStoreFailed`` when the local database cannot be read.
    public func status() async throws(SyncError) -> SyncStatus {
        let names = models.map(\.name)
        do {
            return try await database.read { snapshot in
                var models: [SyncStatus.ModelStatus] = []
                for name in names {
                    let state = snapshot[SyncModelState.self].fetch(id: name)
                    models.append(
                        SyncStatus.ModelStatus(
                            model: name,
                            pendingWrites: try snapshot[SyncOutboxEntry.self].count(
                                where: \.model == name),
                            cursor: state?.cursor ?? .start, lastPulledAt: state?.lastPulledAt))
                }
                return SyncStatus(
                    models: models,
                    hasPushUnderWay: snapshot[SyncPendingPush.self].contains(
                        id: SyncPendingPush.onlyID))
            }
        } catch {
            throw SyncError(.localStoreFailed, "The replica could not read its state: \(error)")
        }
    }
}
