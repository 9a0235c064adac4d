import Foundation
import ModelStorage

extension Replica {
    /// Takes a notice from the server: applies the changes it carries when the replica is in
    /// step to take them, and pulls the models it names otherwise.
    ///
    /// ``run(retryDelay:maximumRetryDelay:onError:)`` takes every notice this way; a replica
    /// that reads ``SyncTransport/notices()`` itself can too.
    ///
    /// - Parameter notice: The notice.
    /// - Throws: ``SyncError``, as ``pull(models:)``.
    public func take(_ notice: SyncNotice) async throws(SyncError) {
        if let changes = notice.changes, try await apply(changes) { return }
        try await pull(models: notice.models)
    }

    /// Applies the changes a notice carries, with the model's cursor in the same commit, when
    /// the replica holds every change up to where they start, from the same database, and
    /// has nothing to do first: no copy, scope change or widening under way.
    ///
    /// - Returns: Whether the replica now holds the changes; `false` when it must pull.
    private func apply(_ carried: SyncNotice.Changes) async throws(SyncError) -> Bool {
        // A model the replica does not keep has nothing for it.
        guard let model = models.first(where: { $0.name == carried.model }) else { return true }
        let scope = scopes[model.name] ?? nil
        let scopeText = scope.map(WireCoding.text)
        return try await local("apply a notice of \(model.name)") { transaction in
            guard var state = transaction[SyncModelState.self].fetch(id: model.name),
                state.server == carried.server, state.scope == scopeText,
                state.copyAfter == nil, state.wideningCursor == nil, state.cursor != .start,
                state.cursor >= carried.since
            else { return false }
            // A later pull, or a notice repeated: nothing new.
            guard state.cursor < carried.next else { return true }
            let fresh = carried.changes.filter { $0.version > state.cursor.version }
            try model.records.apply(
                try model.records.selecting(fresh, scope: scope), in: &transaction)
            state.cursor = carried.next
            state.lastPulledAt = Date()
            transaction[SyncModelState.self].upsert(state)
            return true
        }
    }
}
