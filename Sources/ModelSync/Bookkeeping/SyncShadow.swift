import Foundation
import ModelStorage

/// A record as a replica last had it from the server, and the server's version then: the
/// base of the replica's next write to it, for the server's merge policy.
public struct SyncShadow: StorableModel, Hashable {
    /// The model's storage name and the record's id, as in ``SyncOutboxEntry``.
    public var id: String
    /// The model's storage name.
    public var model: String
    /// The record, as JSON text.
    public var record: String
    /// The server's version at which the replica had it.
    public var version: UInt64
    /// The pass of the model's copy that last saw it: a copy started again from the
    /// server's start drops, when it ends, the records its pass did not see.
    public var pass: Int

    /// The shadow's attributes.
    public static let queryAttributes: AttributeMap<SyncShadow> = [
        \.id: "id", \.model: "model", \.record: "record", \.version: "version", \.pass: "pass",
    ]

    /// Shadows are swept by model and pass.
    public static var indexedAttributes: [IndexedAttribute<SyncShadow>] {
        [IndexedAttribute(\.model)]
    }

    /// `modelsync_shadow`.
    public static var storageName: String { "modelsync_shadow" }
}
