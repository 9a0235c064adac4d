import Foundation
import ModelStorage

/// A push a ``SyncServer`` applied: kept in the same commit as the push's writes, so that the
/// same push sent again is answered with the same response and never applied twice.
///
/// Open the server's database with ``SyncServer/bookkeepingModels`` beside the synced models.
public struct SyncPushReceipt: StorableModel, Hashable {
    /// The push's id, as the replica made it.
    public var id: String
    /// The user who pushed.
    public var userID: String
    /// The response the push was answered with, as JSON text.
    public var response: String
    /// When the push was applied.
    public var appliedAt: Date

    /// A receipt.
    ///
    /// - Parameters:
    ///   - id: The push's id.
    ///   - userID: The user who pushed.
    ///   - response: The response, as JSON text.
    ///   - appliedAt: When the push was applied.
    public init(id: String, userID: String, response: String, appliedAt: Date) {
        self.id = id
        self.userID = userID
        self.response = response
        self.appliedAt = appliedAt
    }

    /// The receipt's attributes.
    public static let queryAttributes: AttributeMap<SyncPushReceipt> = [
        \.id: "id", \.userID: "userID", \.response: "response", \.appliedAt: "appliedAt",
    ]

    /// `modelsync_push_receipt`.
    public static var storageName: String { "modelsync_push_receipt" }
}
