import Foundation
import ModelStorage

extension Replica {
    /// Pulls every model's changes to the end, applying each page in one local commit with
    /// the cursor.
    ///
    /// - Returns: How many changes were pulled.
    /// - Throws: ``SyncError``; the pages applied before the error are kept, and the next
    ///   pull goes on from there.
    @discardableResult
    public func pull() async throws(SyncError) -> Int {
        var total = 0
        for model in models { total += try await pull(model) }
        return total
    }

    /// Pulls the models a notice names, to the end: the others have not changed.
    ///
    /// - Parameter names: The models' storage names; a name the replica does not sync is
    ///   passed over.
    /// - Returns: How many changes were pulled.
    /// - Throws: ``SyncError``, as ``pull()``.
    @discardableResult
    public func pull(models names: [String]) async throws(SyncError) -> Int {
        var total = 0
        for model in models where names.contains(model.name) { total += try await pull(model) }
        return total
    }

    /// Pulls one model to the end: a scope change first, then the changes since the cursor.
    private func pull(_ model: ReplicaModel) async throws(SyncError) -> Int {
        let scope = scopes[model.name] ?? nil
        let scopeText = scope.map(WireCoding.text)
        let name = model.name
        var state =
            try await local("read the state of \(name)") { transaction in
                transaction[SyncModelState.self].fetch(id: name)
            } ?? SyncModelState(id: name, scope: nil)
        // A first pull holds only what was written here, under any scope since: it lets go of
        // what its scope does not select as a change of scope does.
        if state.scope != scopeText {
            state = try await changeScope(of: model, in: state, to: scope)
        }
        var pulled = 0
        if state.wideningCursor != nil {
            pulled += try await widen(model, state: &state, scope: scope)
        }
        var more = true
        while more {
            let copying = state.cursor == .start || state.copyAfter != nil
            let after = try state.copyAfter.map { (text) throws(SyncError) in
                try Self.scopeJSON(text, of: model)
            }
            let request = PullRequest(
                model: name, scope: scope, cursor: state.cursor, limit: pullPageSize,
                after: after)
            let response: PullResponse
            do {
                response = try await transport.pull(request)
            } catch  where error.code == .cursorExpired {
                try await restart(model, &state, anotherDatabase: false)
                continue
            }
            if let server = response.server {
                if let known = state.server, known != server, state.cursor != .start {
                    // Another database, or this one restored: the cursor means nothing there.
                    state.server = server
                    try await restart(model, &state, anotherDatabase: true)
                    continue
                }
                state.server = server
            }
            more = response.hasMore
            state.cursor = response.next
            state.copyAfter = response.resume.map(WireCoding.text)
            if copying, state.copyVersion == nil || response.resume == nil {
                // A record the copy brought is the server's as of the copy's start or later,
                // and the history from there shadows any change: the start is its base
                // version. A copy started again keeps the earlier copy's until it ends, for
                // the records it has not brought again yet.
                state.copyVersion = response.next.version
            }
            if !more { state.lastPulledAt = Date() }
            let next = state
            try await local("apply a page of \(name)") { transaction in
                if copying {
                    try model.records.applyCopy(
                        response.changes, after: after, through: response.resume,
                        startedAt: response.next.version, in: &transaction)
                } else {
                    try model.records.apply(response.changes, in: &transaction)
                }
                transaction[SyncModelState.self].upsert(next)
            }
            pulled += response.changes.count
        }
        return pulled
    }

    /// Starts a model's copy again from the start.
    ///
    /// The pages that follow drop what the server no longer holds. The shadows go, and every record held takes the last copy's
    /// version as its base until the new copy brings it again: earlier than its own, so a
    /// write to it at worst meets a conflict the merge policy settles. From another
    /// database, no version of this one means anything.
    private func restart(
        _ model: ReplicaModel, _ state: inout SyncModelState, anotherDatabase: Bool
    ) async throws(SyncError) {
        state.cursor = .start
        state.copyAfter = nil
        if anotherDatabase { state.copyVersion = nil }
        let restarted = state
        try await local("start \(state.id) again") { transaction in
            try model.records.forgetShadows(in: &transaction)
            transaction[SyncModelState.self].upsert(restarted)
        }
    }

    /// Lets the records outside a new scope go, and starts pulling those it adds.
    private func changeScope(
        of model: ReplicaModel, in state: SyncModelState, to scope: JSONValue?
    ) async throws(SyncError) -> SyncModelState {
        let settled = try state.settledScope.map { (text) throws(SyncError) in
            try Self.scopeJSON(text, of: model)
        }
        // The records outside the new scope leave, so the replica holds in full what both
        // scopes select; the pull adds what the new one selects beyond that.
        let held = try model.records.intersection(settled, scope)
        let widening = try model.records.widening(scope, beyond: held)
        var next = state
        next.scope = scope.map(WireCoding.text)
        // A widening under way gives way to this one, which starts from the first id.
        next.wideningAfter = nil
        if widening == nil {
            next.settledScope = next.scope
            next.wideningCursor = nil
        } else {
            next.settledScope = held.map(WireCoding.text)
            next.wideningCursor = .start
        }
        let changed = next
        try await local("change the scope of \(model.name)") { transaction in
            _ = try model.records.dropRecords(outside: scope, in: &transaction)
            transaction[SyncModelState.self].upsert(changed)
        }
        return changed
    }

    /// Pulls the records a wider scope adds, from the start, to the end.
    private func widen(
        _ model: ReplicaModel, state: inout SyncModelState, scope: JSONValue?
    ) async throws(SyncError) -> Int {
        let settled = try state.settledScope.map { (text) throws(SyncError) in
            try Self.scopeJSON(text, of: model)
        }
        let added = try model.records.widening(scope, beyond: settled)
        var pulled = 0
        while let cursor = state.wideningCursor {
            let after = try state.wideningAfter.map { (text) throws(SyncError) in
                try Self.scopeJSON(text, of: model)
            }
            let response = try await transport.pull(
                PullRequest(
                    model: model.name, scope: added, cursor: cursor, limit: pullPageSize,
                    after: after))
            // A copy of what the scope adds, to its last page: the pull since the cursor
            // brings what changed meanwhile.
            if let resume = response.resume {
                state.wideningCursor = response.next
                state.wideningAfter = WireCoding.text(resume)
            } else {
                state.wideningCursor = nil
                state.wideningAfter = nil
                state.settledScope = state.scope
            }
            // A copy gives records only; a deletion would not be the scope's to apply.
            let added = response.changes.filter { $0.record != nil }
            let next = state
            try await local("apply a page of \(model.name)") { transaction in
                try model.records.apply(added, in: &transaction)
                transaction[SyncModelState.self].upsert(next)
            }
            pulled += added.count
        }
        return pulled
    }

    /// A stored scope's JSON.
    private static func scopeJSON(_ text: String, of model: ReplicaModel) throws(SyncError)
        -> JSONValue
    {
        do {
            return try WireCoding.json(text: text)
        } catch {
            throw SyncError(
                .localStoreFailed, "The stored scope of \(model.name) does not decode: \(error)")
        }
    }
}
