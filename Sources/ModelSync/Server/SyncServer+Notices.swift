import Foundation
import ModelStorage

extension SyncServer {
    /// Notices of changes to the user's records in every model served.
    ///
    /// Each notice after a model's first carries the user's changes of that model since the
    /// one before (``SyncNotice/Changes``), read from the history as a pull with no scope
    /// reads them, so that a replica in step takes them without a pull. A notice of more
    /// than ``SyncLimits/maximumNoticeChanges`` changes, or one whose changes cannot be
    /// read, only says to pull.
    ///
    /// - Parameter user: The authenticated user.
    /// - Returns: A notice each time a commit changes the user's records of a model; the
    ///   stream starts with one notice for each model, which carries no changes.
    /// - Throws: ``SyncError/Code/serverFailed`` when the database cannot be observed.
    public func notices(for user: String) async throws(SyncError) -> AsyncThrowingStream<
        SyncNotice, any Error
    > {
        var streams: [(SyncedModel, AsyncStream<UInt64>)] = []
        do {
            for (_, model) in models.sorted(by: { $0.key < $1.key }) {
                streams.append((model, try await model.observe(user, self)))
            }
        } catch {
            throw SyncError(
                .serverFailed, "The server cannot watch the records of \(user): \(error)")
        }
        let observed = streams
        return AsyncThrowingStream { continuation in
            let task = Task {
                await withTaskGroup(of: Void.self) { group in
                    for (model, versions) in observed {
                        group.addTask {
                            var since: ChangeCursor?
                            for await version in versions {
                                let notice = await self.notice(
                                    of: model, at: version, since: since, for: user)
                                since = notice.changes?.next ?? ChangeCursor(version: version)
                                continuation.yield(notice)
                            }
                        }
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The notice of a change to a model seen at a version: with the user's changes since the
    /// previous notice when they can be read and are few enough.
    private func notice(
        of model: SyncedModel, at version: UInt64, since: ChangeCursor?, for user: String
    ) async -> SyncNotice {
        let bare = SyncNotice(version: version, models: [model.name])
        guard let since, since != .start, limits.maximumNoticeChanges > 0 else { return bare }
        let request = PullRequest(
            model: model.name, scope: nil, cursor: since, limit: limits.maximumNoticeChanges)
        // A commit is taken whole, so a page may hold more than its limit.
        guard let response = try? await model.pull(request, user, self), !response.hasMore,
            response.changes.count <= limits.maximumNoticeChanges,
            let server = try? await databaseIdentity()
        else { return bare }
        return SyncNotice(
            version: max(version, response.next.version), models: [model.name],
            changes: SyncNotice.Changes(
                model: model.name, since: since, next: response.next, server: server,
                changes: response.changes))
    }
}
