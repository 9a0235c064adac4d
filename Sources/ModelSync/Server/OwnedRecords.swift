import Foundation
import KeyPathQuery
import ModelStorage

/// The server's rules for one model whose records belong to users: what a user may pull, and
/// how a pushed entry is applied.
struct OwnedRecords<Model: StorableModel>: Sendable
where Model.ID: Comparable & QueryValueConvertible {
    /// The attribute that holds the owning user's id.
    let owner: any WritableKeyPath<Model, String> & Sendable
    /// How a pushed write merges with later changes on the server.
    let mergePolicy: MergePolicy

    /// The model's name in messages.
    var name: String { Model.storageName }

    /// The most pages of the history one pull reads while it finds fewer of the user's
    /// changes than the limit: a bound on one request's work.
    static var pagesReadPerPull: Int { 16 }

    /// The most changes of the history one page reads: with ``pagesReadPerPull``, at most
    /// 16,000 a pull, whatever its limit.
    static var historyPageSize: Int { 1_000 }

    /// A page of the user's changes within the request's scope.
    ///
    /// A change to a record of another user is left out; a record of the user that the scope
    /// does not select comes as a deletion, since it may have left the scope (from the start,
    /// it is left out). A tombstone comes as it is: a deleted record has no owner left to
    /// test, so its id is all it tells.
    ///
    /// The history holds every user's changes, so a page of it may hold few of this user's:
    /// the pull reads on, a page of the history at a time (at most ``pagesReadPerPull``),
    /// until its page holds `limit` changes, whole commits only, or the history ends.
    func pull(
        _ request: PullRequest, as user: String, from server: SyncServer
    ) async throws(SyncError) -> PullResponse {
        let limits = server.limits
        guard request.limit >= 1 else {
            throw SyncError(
                .invalidRequest,
                "A pull of \(name) asks for \(request.limit) changes; ask for 1 or more")
        }
        guard request.limit <= limits.maximumPageSize else {
            throw SyncError(
                .tooLarge,
                "A pull of \(name) asks for \(request.limit) changes a page; the server sends at most \(limits.maximumPageSize)"
            )
        }
        if request.cursor == .start || request.after != nil {
            return try await copy(request, as: user, from: server)
        }
        let scope = try compiledScope(request.scope, limits: limits)
        var changes: [SyncChange] = []
        var cursor = request.cursor
        for _ in 0..<Self.pagesReadPerPull {
            let page = try await historyPage(
                since: cursor, limit: min(request.limit, Self.historyPageSize), of: request,
                in: server)
            // The page's commits, each whole, while the answer stays within the limit.
            var commit: [SyncChange] = []
            var index = page.changes.startIndex
            while index < page.changes.endIndex {
                let version = page.changes[index].version
                commit.removeAll(keepingCapacity: true)
                while index < page.changes.endIndex, page.changes[index].version == version {
                    if let change = try selected(
                        page.changes[index], user: user, scope: scope,
                        fromStart: request.cursor == .start)
                    {
                        commit.append(change)
                    }
                    index += 1
                }
                if !changes.isEmpty, changes.count + commit.count > request.limit {
                    // The rest waits for the next pull, from the end of the last commit taken.
                    return PullResponse(changes: changes, next: cursor, hasMore: true)
                }
                changes += commit
                cursor = ChangeCursor(version: version)
            }
            cursor = page.next
            guard page.hasMore, changes.count < request.limit else {
                return PullResponse(changes: changes, next: cursor, hasMore: page.hasMore)
            }
        }
        return PullResponse(changes: changes, next: cursor, hasMore: true)
    }

    /// A page of the model's history, every user's.
    private func historyPage(
        since cursor: ChangeCursor, limit: Int, of request: PullRequest, in server: SyncServer
    ) async throws(SyncError) -> ChangePage<Model> {
        do {
            let store = try server.database.store(for: Model.self)
            return try await store.changes(since: cursor, limit: limit)
        } catch let error as StoreError where error.code == .changesExpired {
            throw SyncError(
                .cursorExpired,
                "The cursor \(request.cursor) of \(name) is older than the server's history"
                    + (error.historyHorizon.map { " (kept from version \($0))" } ?? "")
                    + "; start again from the start")
        } catch {
            throw SyncError(
                .serverFailed, "The server could not read the changes of \(name): \(error)")
        }
    }

    /// A change of the history as the user sees it, or `nil` when it is not theirs to see.
    private func selected(
        _ change: ChangePage<Model>.Change, user: String, scope: CompiledCondition<Model>?,
        fromStart: Bool
    ) throws(SyncError) -> SyncChange? {
        guard let record = change.record else {
            return SyncChange(
                id: try Self.text(change.id, "id"), record: nil, version: change.version)
        }
        // Another user's record is left out before anything of it is encoded.
        guard record[keyPath: owner] == user else { return nil }
        if scope?.evaluate(record) ?? true {
            return SyncChange(
                id: try Self.text(change.id, "id"), record: try Self.text(record, "record"),
                version: change.version)
        }
        guard !fromStart else { return nil }
        return SyncChange(id: try Self.text(change.id, "id"), record: nil, version: change.version)
    }

    /// A version each time one of the user's records changes, starting with the current one.
    func observe(as user: String, in server: SyncServer) async throws -> AsyncStream<UInt64> {
        let store = try server.database.store(for: Model.self)
        let results = try await store.observe(RecordQuery(where: owner == user))
        return AsyncStream { continuation in
            let task = Task {
                for await result in results { continuation.yield(result.version) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// A page of a copy from the start: the user's records the scope selects, read by a
    /// query in the database (in SQL, in the SQL backends), in the order of their ids.
    private func copy(
        _ request: PullRequest, as user: String, from server: SyncServer
    ) async throws(SyncError) -> PullResponse {
        var condition =
            (owner == user) && (try scope(request.scope, limits: server.limits) ?? .true)
        if let after = request.after {
            let id: Model.ID
            do {
                id = try WireCoding.value(Model.ID.self, from: after)
            } catch {
                throw SyncError(
                    .invalidRequest, "The position of a copy of \(name) is not an id: \(error)")
            }
            condition = condition && \Model.id > id
        }
        let result: QueryResult<Model>
        do {
            let store = try server.database.store(for: Model.self)
            // One record more than the page, to tell whether a page follows.
            result = try await store.fetchResult(
                RecordQuery(
                    where: condition, sortedBy: [.ascending(\Model.id)],
                    limit: request.limit + 1))
        } catch {
            throw SyncError(
                .serverFailed, "The server could not read the records of \(name): \(error)")
        }
        let page = result.records.prefix(request.limit)
        var changes: [SyncChange] = []
        changes.reserveCapacity(page.count)
        for record in page {
            changes.append(
                SyncChange(
                    id: try Self.text(record.id, "id"), record: try Self.text(record, "record"),
                    version: result.version))
        }
        // The copy's cursor is the version its first page was read at: the feed from there
        // brings whatever changed while the later pages were read.
        let start = request.after == nil ? ChangeCursor(version: result.version) : request.cursor
        let last = result.records.count > request.limit ? page.last : nil
        // A database that never committed has nothing to copy and no history to follow.
        return PullResponse(
            changes: changes, next: start, hasMore: start != .start,
            resume: try last.map { (record) throws(SyncError) in try Self.json(record.id, "id") })
    }

    /// The scope a request sends, checked against the limits and compiled; `nil` for none.
    func compiledScope(
        _ scope: JSONValue?, limits: SyncLimits
    ) throws(SyncError) -> CompiledCondition<Model>? {
        guard let condition = try self.scope(scope, limits: limits) else { return nil }
        do {
            return try condition.compiled()
        } catch {
            throw SyncError(.invalidRequest, "The scope cannot be evaluated on \(name): \(error)")
        }
    }

    /// The scope a request sends, checked against the limits and decoded; `nil` for none.
    func scope(_ scope: JSONValue?, limits: SyncLimits) throws(SyncError) -> Condition<Model>? {
        guard let scope, scope != .null else { return nil }
        let depth = WireCoding.depth(of: scope)
        guard depth <= limits.maximumScopeDepth else {
            throw SyncError(
                .tooLarge,
                "The scope of \(name) nests \(depth) deep; the server takes at most \(limits.maximumScopeDepth)"
            )
        }
        do {
            let condition = try WireCoding.value(Condition<Model>.self, from: scope)
            _ = try condition.compiled()
            return condition
        } catch {
            throw SyncError(.invalidRequest, "The scope is not a condition of \(name): \(error)")
        }
    }

    /// A value's JSON text, or a server failure naming what did not encode.
    static func text(_ value: some Encodable, _ what: String) throws(SyncError) -> String {
        do {
            return try WireCoding.text(of: value)
        } catch {
            throw SyncError(
                .serverFailed, "A \(what) of \(Model.storageName) does not encode: \(error)")
        }
    }

    /// A value's JSON form, or a server failure naming what did not encode.
    static func json(_ value: some Encodable, _ what: String) throws(SyncError) -> JSONValue {
        do {
            return try WireCoding.json(value)
        } catch {
            throw SyncError(
                .serverFailed, "A \(what) of \(Model.storageName) does not encode: \(error)")
        }
    }
}
