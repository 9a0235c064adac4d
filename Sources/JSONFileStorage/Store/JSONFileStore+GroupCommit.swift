import Foundation
import ModelStorage

/// A write waiting for the next group commit: its transaction body, and how to tell its
/// caller the outcome.
struct PendingWrite<Model: StorableModel>: Sendable {
    /// How a body ran.
    enum Outcome: Sendable {
        /// The body returned: resume the caller once the group is durable, or fail it.
        case succeeded(resume: @Sendable () -> Void, fail: @Sendable (any Error) -> Void)
        /// The body threw: its changes are dropped and its caller resumed with the error.
        case failed(resume: @Sendable () -> Void)
    }

    let run: @Sendable (inout StoreTransaction<Model>) -> Outcome
}

extension JSONFileStore {
    /// Runs reads and writes that commit together or not at all, grouped with concurrent
    /// writes into one durable commit.
    ///
    /// The body runs on the store's actor when the group it joins is formed, after every
    /// write queued before it; the call returns once the group's commit is durable.
    ///
    /// - Parameter body: Reads and writes through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, with nothing changed; `StoreError/readOnly(path:)`,
    ///   `StoreError/closed(path:)`, or `StoreError/io(path:operation:code:message:)`
    ///   when the commit cannot be stored, with nothing changed in memory or on disk.
    /// - Complexity: The body's, plus one journal append and sync shared by the group (or a
    ///   document rewrite, O(*n*), when the journal is due for compaction).
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout StoreTransaction<Model>) throws -> Result
    ) async throws -> Result {
        try checkOpen()
        guard files != nil else { throw StoreError.readOnly(path: paths.document) }
        return try await withCheckedThrowingContinuation { continuation in
            pending.append(
                PendingWrite { transaction in
                    do {
                        let result = try body(&transaction)
                        return .succeeded(
                            resume: { continuation.resume(returning: result) },
                            fail: { continuation.resume(throwing: $0) })
                    } catch {
                        return .failed(resume: { continuation.resume(throwing: error) })
                    }
                })
            if !isFlushing {
                isFlushing = true
                Task { await self.flush() }
            }
        }
    }

    /// Commits the queued writes in groups until none is left: each group's bodies run in
    /// order over the committed records and the group's earlier writes, then the group is
    /// stored with one durable write and applied to memory.
    private func flush() async {
        while !pending.isEmpty {
            let batch = pending
            pending.removeAll()
            var group = Overlay<Model>()
            var encodings: [(ids: [Model.ID], records: [Data])] = []
            var waiting: [(resume: @Sendable () -> Void, fail: @Sendable (any Error) -> Void)] =
                []
            for write in batch {
                let (outcome, own) = run(write, after: group)
                switch outcome {
                case .succeeded(let resume, let fail):
                    // Each write's records are encoded on their own, so that one that does
                    // not encode fails its own write, not the others of its group.
                    do {
                        encodings.append(try encode(own))
                    } catch {
                        fail(error)
                        continue
                    }
                    group.absorb(own)
                    waiting.append((resume, fail))
                case .failed(let resume):
                    resume()
                }
            }
            let changes = group.changes(over: state.table)
            let records = Self.records(of: changes, from: encodings)
            encodings.removeAll()
            if !changes.isEmpty, let files {
                let version = state.version + 1
                let handoff = Handoff(state.table)
                do {
                    try await files.perform { (writer) throws(StoreError) in
                        try writer.commit(
                            changes, encoded: records, version: version, over: handoff)
                    }
                } catch {
                    for write in waiting { write.fail(error) }
                    continue
                }
                let applied = state.apply(changes)
                if observers.noteCommit(applied) {
                    Task { self.refreshObservers() }
                }
            }
            for write in waiting { write.resume() }
        }
        isFlushing = false
        let waiters = flushWaiters
        flushWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Encodes the records a write inserted or replaced, in the order it first touched them:
    /// a large batch on every core (``BatchEncoder``).
    ///
    /// - Throws: `StoreError/encodingFailed(id:reason:)` for the first that does not encode.
    private func encode(_ own: Overlay<Model>) throws(StoreError) -> (
        ids: [Model.ID], records: [Data]
    ) {
        var ids: [Model.ID] = []
        var models: [Model] = []
        ids.reserveCapacity(own.entries.count)
        models.reserveCapacity(own.entries.count)
        for (id, value) in own.entries {
            guard let model = value else { continue }
            ids.append(id)
            models.append(model)
        }
        do {
            return (ids, try BatchEncoder.encode(models, with: encoder))
        } catch {
            throw .encodingFailed(
                id: String(describing: ids[error.index]), reason: RecordCoding.reason(error.error))
        }
    }

    /// The encoded records of a group's upserts, in the order of its changes.
    ///
    /// A group of one write already has them in that order; otherwise a later write's
    /// encoding of a record replaces an earlier one's.
    private static func records(
        of changes: [RecordChange<Model>], from encodings: [(ids: [Model.ID], records: [Data])]
    ) -> [Data] {
        if encodings.count == 1, let only = encodings.first,
            only.records.count
                == changes.count(where: { if case .upsert = $0 { true } else { false } })
        {
            return only.records
        }
        var byID: [Model.ID: Data] = [:]
        for encoding in encodings {
            for (id, record) in zip(encoding.ids, encoding.records) { byID[id] = record }
        }
        return changes.compactMap { change in
            guard case .upsert(let model) = change else { return nil }
            return byID[model.id]
        }
    }

    /// Runs one write's body over the committed records and the group's earlier writes.
    ///
    /// A function of its own so that the transaction, which shares the group's storage, is
    /// gone before the group absorbs the write (and the group is not copied).
    private func run(_ write: PendingWrite<Model>, after group: Overlay<Model>) -> (
        PendingWrite<Model>.Outcome, Overlay<Model>
    ) {
        var transaction = state.makeTransaction(after: group)
        let outcome = write.run(&transaction)
        return (outcome, transaction.own)
    }
}
