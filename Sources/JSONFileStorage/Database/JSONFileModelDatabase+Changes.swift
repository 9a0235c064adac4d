import Foundation
import ModelStorage

extension JSONFileModelDatabase {
    /// Drops a model's tombstones older than its retention at a time, and keeps the horizon
    /// its history reached in the journal, so that the next open finds it there.
    ///
    /// The pruning takes its turn with the group commits: it waits for the commit in flight,
    /// and holds new ones back until its line is written, so that the files see one piece of
    /// work at a time.
    ///
    /// - Returns: How many tombstones were dropped.
    /// - Throws: `StoreError/closed(at:)`, `StoreError/readOnly(at:)`,
    ///   `StoreError/unknownModel(_:at:models:)`, or
    ///   `StoreError/io(at:operation:code:message:)` when the line cannot be written: the
    ///   history is pruned in memory all the same, and the next open finds it as it was.
    func pruneHistory<Model: StorableModel>(
        of model: Model.Type, now: Date
    ) async throws(StoreError) -> Int {
        try checkOpen()
        guard let files else { throw .readOnly(at: .file(paths.document)) }
        while isFlushing {
            await withCheckedContinuation { flushWaiters.append($0) }
        }
        try checkOpen()
        guard var state = tables.removeValue(StoreState<Model>.self) else {
            throw unknownModel(model)
        }
        let dropped = state.pruneHistory(now: now)
        tables[StoreState<Model>.self] = state
        guard dropped > 0, let horizon = state.history?.horizon else { return dropped }
        let part = StoreJournal.part(
            model: StoreJournal.quoted(Model.storageName), horizon: horizon)
        let version = version
        isFlushing = true
        do {
            try await files.perform { (writer) throws(StoreError) in
                try writer.recordPruning([part], version: version)
            }
        } catch {
            resumeWrites()
            throw error
        }
        resumeWrites()
        return dropped
    }

    /// Ends a pruning's turn with the files: the writes queued meanwhile are committed, and
    /// whoever waits for the files gets them once those are.
    private func resumeWrites() {
        guard pending.isEmpty else {
            Task { await self.flush() }
            return
        }
        isFlushing = false
        let waiters = flushWaiters
        flushWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}
