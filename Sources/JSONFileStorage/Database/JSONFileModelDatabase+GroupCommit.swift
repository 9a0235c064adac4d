import Foundation
import KeyPathQuery
import ModelStorage

/// A write waiting for the next group commit: its transaction body, and how to tell its
/// caller the outcome.
struct PendingWrite: Sendable {
    /// How a body ran.
    enum Outcome: Sendable {
        /// The body returned: resume the caller once the group is durable, or fail it.
        case succeeded(resume: @Sendable () -> Void, fail: @Sendable (any Error) -> Void)
        /// The body threw: its changes are dropped and its caller resumed with the error.
        case failed(resume: @Sendable () -> Void)
    }

    let run: @Sendable (inout DatabaseTransaction) -> Outcome
}

extension JSONFileModelDatabase {
    /// Runs reads and writes across the database's models that commit together or not at
    /// all, grouped with concurrent writes into one durable commit.
    ///
    /// ```swift
    /// try await dex.transaction { transaction in
    ///     transaction[PokemonSpecies.self].upsert(bulbasaurSpecies)
    ///     transaction[Pokemon.self].upsert(bulbasaur)
    /// }
    /// ```
    ///
    /// The body runs on the database's actor when the group it joins is formed, after every
    /// write queued before it, of any model; the call returns once the group's commit — one
    /// journal line, one sync — is durable.
    ///
    /// - Parameter body: Reads and writes through the transaction; its result is returned.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, with nothing changed;
    ///   `StoreError/unknownModel(_:at:models:)` when it reached a model the
    ///   database does not hold; `StoreError/deleteDenied(_:id:referencedBy:referringID:)`
    ///   or `StoreError/danglingReference(_:id:attribute:target:targetID:)` when its
    ///   changes would break a reference between models; `StoreError/readOnly(at:)`,
    ///   `StoreError/closed(at:)`, or `StoreError/io(at:operation:code:message:)`
    ///   when the commit cannot be stored, with nothing changed in memory or on disk.
    /// - Complexity: The body's, plus one journal append and sync shared by the group (or a
    ///   document rewrite, O(*n*) in the records of every model, when the journal is due for
    ///   compaction).
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        try checkOpen()
        guard files != nil else { throw StoreError.readOnly(at: .file(paths.document)) }
        let path = paths.document
        let (models, names) = (models, modelNames)
        return try await withCheckedThrowingContinuation { continuation in
            pending.append(
                PendingWrite { transaction in
                    do {
                        let result = try body(&transaction)
                        try transaction.checkModels(in: .file(path), models: names)
                        try transaction.settleReferences(among: models)
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

    /// Commits the queued writes in groups until none is left: each write's body runs in
    /// order over the committed records and the group's earlier writes, and is a commit of
    /// its own, with its own version; then the group is stored with one durable write and
    /// applied to memory.
    func flush() async {
        while !pending.isEmpty {
            let batch = pending
            pending.removeAll()
            var group = CommitGroup()
            let encoder = RecordEncoder(sortingKeys: sortsKeys)
            var waiting: [(resume: @Sendable () -> Void, fail: @Sendable (any Error) -> Void)] =
                []
            for write in batch {
                // The write reads the commits before it, its group's included.
                let before = version + UInt64(group.versions.count)
                let (outcome, own) = run(write, after: group, version: before)
                switch outcome {
                case .succeeded(let resume, let fail):
                    // Each write's records are encoded on their own, so that one that does
                    // not encode fails its own write, not the others of its group.
                    do {
                        try group.absorb(own, version: before + 1, encoder: encoder)
                    } catch {
                        fail(error)
                        continue
                    }
                    waiting.append((resume, fail))
                case .failed(let resume):
                    resume()
                }
            }
            if let last = group.versions.last, let files {
                let handoff = Handoff(group.sections(models: models, tables: tables))
                let versions = group.versions
                do {
                    try await files.perform { (writer) throws(StoreError) in
                        try writer.commit(handoff, versions: versions)
                    }
                } catch {
                    for write in waiting { write.fail(error) }
                    continue
                }
                apply(group, version: last)
            }
            for write in waiting { write.resume() }
        }
        isFlushing = false
        let waiters = flushWaiters
        flushWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Applies a group's commits of every model to memory, in order, raises the version of
    /// every model to the last one's, and refreshes the live queries they can change.
    private func apply(_ group: CommitGroup, version: UInt64) {
        self.version = version
        var refresh = false
        var changed: Set<ObjectIdentifier> = []
        for model in models {
            if Self.changes(model, in: group) { changed.insert(ObjectIdentifier(model)) }
            refresh = apply(group, of: model) || refresh
        }
        for model in models {
            refresh = noteCommit(toModels: changed, of: model) || refresh
        }
        if refresh { Task { self.refreshObservers() } }
    }

    private static func changes<Model: StorableModel>(
        _ model: Model.Type, in group: CommitGroup
    ) -> Bool {
        !group.commits(of: model).isEmpty
    }

    private func noteCommit<Model: StorableModel>(
        toModels changed: Set<ObjectIdentifier>, of model: Model.Type
    ) -> Bool {
        observers.noteCommit(toModels: changed, of: model)
    }

    private func apply<Model: StorableModel>(_ group: CommitGroup, of model: Model.Type) -> Bool {
        guard var state = tables.removeValue(StoreState<Model>.self) else { return false }
        var applied: [StoreState<Model>.AppliedChange] = []
        for commit in group.commits(of: model) {
            applied += state.apply(
                commit.changes, committedVersion: commit.version, deletedAt: group.date)
        }
        state.setVersion(version)
        tables[StoreState<Model>.self] = state
        return observers.noteCommit(applied, of: model)
    }

    /// Runs one write's body over the committed records and the group's earlier writes, and
    /// returns what it wrote of each model.
    ///
    /// A function of its own so that the transaction, which shares the committed tables, is
    /// gone before the group absorbs the write and the commit is applied.
    private func run(_ write: PendingWrite, after group: CommitGroup, version: UInt64) -> (
        PendingWrite.Outcome, [any CommitGroup.Write]
    ) {
        var transaction = DatabaseTransaction(
            version: version, tables: CommitGroup.Tables(tables: tables, overlays: group.overlays))
        let outcome = write.run(&transaction)
        guard case .succeeded = outcome else { return (outcome, []) }
        return (outcome, models.compactMap { group.write(of: $0, in: transaction, over: tables) })
    }
}
