import Foundation

extension Pokedex {
    /// Fetches Pokémon from the service into the store, reporting progress after each one.
    ///
    /// Only the ids the store lacks are fetched (with ``SyncMode/missingOnly``, the default):
    /// a gap in the middle of the range is filled, not skipped, and a sync that was cancelled
    /// or failed half-way resumes with exactly the ids still missing. Requests run
    /// concurrently, up to the client's
    /// ``PokeAPIClient/Configuration/maxConcurrentRequests``, and each Pokémon is saved as it
    /// arrives (a file store groups the saves into few writes).
    ///
    /// ```swift
    /// for try await progress in pokedex.sync(1...151) {
    ///     print("\(progress.completed)/\(progress.total), failed: \(progress.failedIDs)")
    /// }
    /// ```
    ///
    /// With ``SyncMode/refresh``, stored Pokémon are fetched again and the service's facts
    /// replace theirs, while what the user owns stays: the ``Favorite`` and ``Note`` records
    /// are never written by a sync, and each stored record is read before its request and
    /// saved after it with `MergePolicy.mergeByPropertyStoreTrump`, so a legacy
    /// ``Pokemon/favorite`` flag set while the request was in flight wins over the read.
    ///
    /// In a Pokédex with a ``database``, what each Pokémon links to is saved before it, in
    /// one commit: its species, the species' evolution chain, its types, its abilities and
    /// the moves it learns, those of them the database keeps and lacks (each fetched once,
    /// however many Pokémon link to it), and with it its learnset (``LearnsetEntry``),
    /// which replaces the one stored. A link that cannot be fetched fails its Pokémon, which the next sync
    /// fetches again. A stored Pokémon that lacks what this version keeps is fetched again
    /// too, keeping what the user owns: one stored before ``Pokemon/speciesID`` existed, and
    /// one whose species, chain, types or abilities the database keeps but lacks.
    ///
    /// An id the service does not have (404) is reported in ``SyncProgress/notFound``; one
    /// that fails after every retry in ``SyncProgress/failures``; neither ends the sync.
    /// Stopping the iteration cancels the requests still in flight.
    ///
    /// - Parameters:
    ///   - ids: The ids to sync, such as `1...151`.
    ///   - mode: Whether to fetch only missing ids (the default) or refresh every one.
    /// - Returns: Progress, first before any request, then after each id. The sequence throws
    ///   when the store cannot be read or written (a `StoreError`), and ends early when the
    ///   task iterating it is cancelled.
    public func sync(
        _ ids: some Sequence<Int>, mode: SyncMode = .missingOnly
    ) -> AsyncThrowingStream<SyncProgress, any Error> {
        var seen = Set<Int>()
        let requested = ids.filter { seen.insert($0).inserted }
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: SyncProgress.self, throwing: (any Error).self)
        let work = Task {
            do {
                try await run(requested, mode: mode) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in work.cancel() }
        return stream
    }

    /// Syncs, waiting for the end, and returns the final progress.
    ///
    /// - Parameters:
    ///   - ids: The ids to sync.
    ///   - mode: Whether to fetch only missing ids (the default) or refresh every one.
    /// - Returns: The final progress: what was saved, not found and failed.
    /// - Throws: A `StoreError` when the store cannot be read or written;
    ///   `CancellationError` when cancelled.
    @discardableResult
    public func syncAll(
        _ ids: some Sequence<Int>, mode: SyncMode = .missingOnly
    ) async throws -> SyncProgress {
        var last: SyncProgress?
        for try await progress in sync(ids, mode: mode) { last = progress }
        try Task.checkCancellation()
        return last ?? SyncProgress(requested: 0, skipped: 0, total: 0)
    }

    /// The ids of `ids` that the store lacks, in their order.
    ///
    /// - Parameter ids: The ids to look for.
    /// - Returns: Those not stored.
    /// - Throws: A `StoreError` when the store cannot be read.
    public func missingIDs(in ids: some Sequence<Int>) async throws -> [Int] {
        let ids = Array(ids)
        let stored = Set(try await store.fetch(RecordQuery(where: .in(\.id, ids))).map(\.id))
        return ids.filter { !stored.contains($0) }
    }

    /// What a sync fetches: the ids in order, and those of them already stored, which it
    /// refreshes.
    private struct Plan {
        var ids: [Int]
        var stored: Set<Int>
    }

    /// The ids a sync fetches: every one in refresh mode; otherwise those the store lacks
    /// and those stored incomplete (see ``incompleteIDs(of:)``).
    private func plan(_ requested: [Int], mode: SyncMode) async throws -> Plan {
        let stored = try await store.fetch(RecordQuery(where: .in(\.id, requested)))
        let storedIDs = Set(stored.map(\.id))
        guard mode == .missingOnly else { return Plan(ids: requested, stored: storedIDs) }
        let incomplete = try await incompleteIDs(of: stored)
        return Plan(
            ids: requested.filter { !storedIDs.contains($0) || incomplete.contains($0) },
            stored: storedIDs)
    }

    // MARK: - The work

    private enum Outcome: Sendable {
        case saved(Int)
        case notFound(Int)
        case failed(SyncFailure)
    }

    private func run(
        _ requested: [Int], mode: SyncMode, report: (SyncProgress) -> Void
    ) async throws {
        let plan = try await plan(requested, mode: mode)
        let toFetch = plan.ids
        var progress = SyncProgress(
            requested: requested.count, skipped: requested.count - toFetch.count,
            total: toFetch.count, refetched: toFetch.count { plan.stored.contains($0) })
        report(progress)
        // A window of requests as wide as the client's cap keeps every slot busy without
        // making a task per id up front.
        let width = max(client.configuration.maxConcurrentRequests, 1)
        let fetches = LinkFetches()
        let stored = StoredLinks()
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            var pending = toFetch.makeIterator()
            for _ in 0..<width {
                guard let id = pending.next() else { break }
                let refreshing = plan.stored.contains(id)
                group.addTask {
                    try await syncOne(id, refreshing: refreshing, fetches: fetches, stored: stored)
                }
            }
            while let outcome = try await group.next() {
                switch outcome {
                case .saved(let id):
                    progress.saved += 1
                    progress.latestID = id
                case .notFound(let id):
                    progress.notFound.append(id)
                    progress.latestID = id
                case .failed(let failure):
                    progress.failures.append(failure)
                    progress.latestID = failure.id
                }
                report(progress)
                if let id = pending.next() {
                    let refreshing = plan.stored.contains(id)
                    group.addTask {
                        try await syncOne(
                            id, refreshing: refreshing, fetches: fetches, stored: stored)
                    }
                }
            }
        }
    }

    /// Fetches and saves one id.
    ///
    /// Service failures are outcomes; store failures and cancellation are thrown.
    private func syncOne(
        _ id: Int, refreshing: Bool, fetches: LinkFetches, stored: StoredLinks
    ) async throws -> Outcome {
        // A stored record is read before the request: it is the base of the three-way merge
        // that keeps what the user changed while the request was out.
        let before = refreshing ? try await store.fetchVersioned(id: id) : nil
        let fetched: FetchedPokemon
        do {
            guard let found = try await client.pokemon(id: id) else { return .notFound(id) }
            fetched = found
        } catch let error as PokeAPIError {
            return .failed(SyncFailure(id: id, reason: error.description))
        }
        try Task.checkCancellation()
        if database != nil {
            // A new Pokémon is inserted in its links' commit: one commit a Pokémon.
            let pokemon = Pokemon(fetched)
            do {
                let inserted = try await saveLinks(
                    of: pokemon, learnset: fetched.learnset,
                    inserting: before == nil ? pokemon : nil, fetches: fetches, stored: stored)
                if inserted { return .saved(id) }
            } catch let missing as MissingLink {
                return .failed(SyncFailure(id: id, reason: missing.reason))
            }
        }
        if let before {
            try await refresh(before, with: fetched)
            return .saved(id)
        }
        do {
            try await store.insert(Pokemon(fetched))
        } catch StoreError.Code.duplicateID {
            // Saved meanwhile (by another sync, another process): refresh it instead.
            guard let stored = try await store.fetchVersioned(id: id) else {
                try await store.upsert(Pokemon(fetched))
                return .saved(id)
            }
            try await refresh(stored, with: fetched)
        }
        return .saved(id)
    }

    private func refresh(_ read: Versioned<Pokemon>, with fetched: FetchedPokemon) async throws {
        var edit = read
        edit.value.refresh(from: fetched)
        try await store.save(edit, mergePolicy: .mergeByPropertyStoreTrump)
    }
}
