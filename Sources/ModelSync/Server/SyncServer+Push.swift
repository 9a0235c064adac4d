import Foundation
import ModelStorage

extension SyncServer {
    /// Applies a push once, as a user (see ``SyncTransport/push(_:)``).
    ///
    /// Every entry is applied in one transaction of the database, with a receipt of the
    /// push: the push is applied whole or not at all, and a push whose id the server has
    /// seen is answered with the response it was answered with then.
    ///
    /// - Parameters:
    ///   - request: The push.
    ///   - user: The authenticated user.
    /// - Returns: What became of each entry, and the server's version after the push.
    /// - Throws: ``SyncError``: `forbidden` when an entry touches another user's record, or
    ///   the push id was used by another user; `invalidRequest` for an unknown model, an
    ///   entry that does not decode, a record whose id is not the entry's, or an empty push
    ///   id; `tooLarge` past the entry limit; `serverFailed` when the database fails.
    ///   Nothing is stored when it throws.
    public func push(_ request: PushRequest, as user: String) async throws(SyncError)
        -> PushResponse
    {
        guard !request.pushID.isEmpty, request.pushID.utf8.count <= 128 else {
            throw SyncError(.invalidRequest, "A push needs an id of 1 to 128 bytes")
        }
        guard request.entries.count <= limits.maximumPushEntries else {
            throw SyncError(
                .tooLarge,
                "The push carries \(request.entries.count) entries; the server takes at most \(limits.maximumPushEntries)"
            )
        }
        let rules = try request.entries.map { (entry) throws(SyncError) in
            try model(named: entry.model)
        }
        let pushID = request.pushID
        do {
            return try await database.transaction { transaction in
                if let receipt = transaction[SyncPushReceipt.self].fetch(id: pushID) {
                    guard receipt.userID == user else {
                        throw SyncError(.forbidden, "The push id \(pushID) belongs to another user")
                    }
                    return try WireCoding.value(PushResponse.self, fromText: receipt.response)
                }
                // Each model's records in one read, not one read an entry.
                for (name, entries) in Dictionary(grouping: request.entries, by: \.model) {
                    try model(named: name).prefetch(entries, &transaction)
                }
                var results: [PushResult] = []
                for (index, entry) in request.entries.enumerated() {
                    results.append(try rules[index].apply(entry, index, user, &transaction))
                }
                let response = PushResponse(version: transaction.version + 1, results: results)
                try transaction[SyncPushReceipt.self].insert(
                    SyncPushReceipt(
                        id: pushID, userID: user,
                        response: try WireCoding.text(of: response),
                        appliedAt: Date()))
                return response
            }
        } catch let error as SyncError {
            throw error
        } catch let error as StoreError where error.code == .danglingReference {
            throw SyncError(
                .invalidRequest, "The push refers to a record the server does not hold: \(error)")
        } catch {
            throw SyncError(.serverFailed, "The server could not apply push \(pushID): \(error)")
        }
    }
}

extension SyncServer {
    /// Drops the receipts of pushes applied before a date, and returns how many.
    ///
    /// A receipt answers a push sent again after its answer was lost. Keep each longer than
    /// a device may hold an unanswered push — as long as the models keep their tombstones
    /// (`ChangeHistory.tombstoneRetention`), since a device offline for longer starts its
    /// copy again anyway. A push sent again after its receipt is gone is applied again: its
    /// writes are settled against the records as they are then, by the merge policy.
    ///
    /// ```swift
    /// try await server.pruneReceipts(appliedBefore: .now.addingTimeInterval(-90 * 86_400))
    /// ```
    ///
    /// - Parameter date: The oldest time a receipt kept was applied at.
    /// - Returns: How many receipts were dropped.
    /// - Throws: ``SyncError/Code/serverFailed`` when the database fails.
    @discardableResult
    public func pruneReceipts(appliedBefore date: Date) async throws(SyncError) -> Int {
        do {
            return try await database.transaction { transaction in
                try transaction[SyncPushReceipt.self].delete(where: \.appliedAt < date)
            }
        } catch {
            throw SyncError(.serverFailed, "The server could not drop old push receipts: \(error)")
        }
    }
}
