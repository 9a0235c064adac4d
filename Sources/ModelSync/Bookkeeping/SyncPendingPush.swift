import Foundation
import ModelStorage

/// A push a replica has sent, or is about to send, and has no answer to yet: kept so that the
/// same push, with the same id, is sent again after a failure or a crash.
public struct SyncPendingPush: StorableModel, Hashable {
    /// Always `"push"`: a replica has at most one push under way.
    public var id: String
    /// The request, as JSON text.
    public var request: String
    /// The revision of each outbox entry the push carries, by entry id: an entry written
    /// again since is not removed by the answer.
    public var revisions: [String: Int]
    /// When the push was first made.
    public var createdAt: Date

    /// The push's attributes.
    public static let queryAttributes: AttributeMap<SyncPendingPush> = [
        \.id: "id", \.request: "request", \.createdAt: "createdAt",
    ]

    /// `modelsync_pending_push`.
    public static var storageName: String { "modelsync_pending_push" }

    /// The one id.
    static let onlyID = "push"
}
