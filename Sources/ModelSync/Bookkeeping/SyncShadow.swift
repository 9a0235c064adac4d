import Foundation
import ModelStorage

/// The server's version of a record as a replica holds it, when a change of the server's
/// history or a push's answer brought it: the base version of the replica's next write to it,
/// for the server's merge policy.
///
/// A record that a copy from the start brought has none: it is as the server held it at the
/// copy's version or later, and any change to it since came through the history and left a
/// shadow. Its base version is the copy's (``SyncModelState/copyVersion``). The base record
/// itself is the replica's record before the write, which equals the server's while no write
/// of the replica waits in the outbox.
public struct SyncShadow: StorableModel, Hashable {
    /// The model's storage name and the record's id, as in ``SyncOutboxEntry``.
    public var id: String
    /// The model's storage name.
    public var model: String
    /// The server's version of the record as the replica holds it.
    public var version: UInt64

    /// The shadow's attributes.
    public static let queryAttributes: AttributeMap<SyncShadow> = [
        \.id: "id", \.model: "model", \.version: "version",
    ]

    /// A pull reads the model's shadows later than its changes.
    public static var indexedAttributes: [IndexedAttribute<SyncShadow>] {
        [IndexedAttribute(\.model, foldingText: false), IndexedAttribute(\.version)]
    }

    /// `modelsync_shadow`.
    public static var storageName: String { "modelsync_shadow" }
}
