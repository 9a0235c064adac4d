import Foundation
import ModelStorage

/// The identity of a server's database: a UUID made when a ``SyncServer`` first serves it.
///
/// Every ``PullResponse`` carries it. A replica that finds another identity than the one its
/// cursor came from — the database was replaced, or restored from a backup to an older
/// version — starts its copy again, as after an expired cursor, instead of trusting a
/// cursor that means nothing there.
public struct SyncServerIdentity: StorableModel, Hashable {
    /// Always `"server"`: a database has one identity.
    public var id: String
    /// The identity: a UUID string.
    public var value: String

    /// The identity's attributes.
    public static let queryAttributes: AttributeMap<SyncServerIdentity> = [
        \.id: "id", \.value: "value",
    ]

    /// `modelsync_server_identity`.
    public static var storageName: String { "modelsync_server_identity" }

    /// The one id.
    static let onlyID = "server"
}
