import Foundation
import KeyPathQuery
import ModelStorage

extension Replica {
    /// The most entries one push carries: the server's default limit
    /// (`SyncLimits/maximumPushEntries`).
    static let pushBatchSize = 500

    /// Sends the outbox to the server, a batch at a time, in the order it was written, until
    /// it is empty.
    ///
    /// A push that was sent before and not answered (a lost connection, a crash) is sent
    /// first, with its id: the server applies it once. Each answer is stored in one local
    /// commit: the entries it settles leave the outbox, each record takes the server's value,
    /// and the next push is kept before it is sent.
    ///
    /// - Returns: What became of each entry pushed.
    /// - Throws: ``SyncError``; the entries not yet answered stay in the outbox.
    @discardableResult
    public func push() async throws(SyncError) -> [PushResult] {
        var results: [PushResult] = []
        let byName = Dictionary(
            models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var next = try await local("make a push") { transaction in
            try Self.nextPush(in: &transaction)
        }
        while let (request, revisions) = next {
            let response = try await transport.push(request)
            let scopes = scopes
            // The answer, and the next push kept before it is sent, in one commit.
            next = try await local("store the answer to push \(request.pushID)") { transaction in
                // The entries and shadows the answer settles, each read in one query.
                let keys = response.results.map {
                    SyncOutboxEntry.key(model: $0.model, recordID: $0.id)
                }
                try transaction[SyncOutboxEntry.self].prefetch(ids: keys)
                try transaction[SyncShadow.self].prefetch(ids: keys)
                for result in response.results {
                    guard let model = byName[result.model] else { continue }
                    let key = SyncOutboxEntry.key(model: model.name, recordID: result.id)
                    try model.records.settle(
                        result, version: response.version, sentRevision: revisions[key],
                        scope: scopes[result.model] ?? nil, in: &transaction)
                }
                _ = transaction[SyncPendingPush.self].delete(id: SyncPendingPush.onlyID)
                return try Self.nextPush(in: &transaction)
            }
            results += response.results
        }
        return results
    }

    /// The push to send next: the one under way, or a new one made of the oldest entries of
    /// the outbox, kept before it is sent; `nil` when the outbox is empty.
    private static func nextPush(
        in transaction: inout DatabaseTransaction
    ) throws -> (PushRequest, [String: Int])? {
        if let pending = transaction[SyncPendingPush.self].fetch(id: SyncPendingPush.onlyID) {
            let request = try JSONDecoder().decode(
                PushRequest.self, from: Data(pending.request.utf8))
            return (request, pending.revisions)
        }
        let entries = try transaction[SyncOutboxEntry.self].fetch(
            RecordQuery(
                sortedBy: [.ascending(\.order), .ascending(\.position)],
                limit: pushBatchSize))
        guard !entries.isEmpty else { return nil }
        let request = PushRequest(
            pushID: UUID().uuidString,
            entries: entries.map { entry in
                PushEntry(
                    model: entry.model, id: entry.recordID, record: entry.record,
                    base: entry.base, baseVersion: entry.baseVersion)
            })
        let revisions = Dictionary(
            entries.map { ($0.id, $0.revision) }, uniquingKeysWith: { first, _ in first })
        transaction[SyncPendingPush.self].upsert(
            SyncPendingPush(
                id: SyncPendingPush.onlyID,
                request: String(decoding: try JSONEncoder().encode(request), as: UTF8.self),
                revisions: revisions, createdAt: Date()))
        return (request, revisions)
    }
}
