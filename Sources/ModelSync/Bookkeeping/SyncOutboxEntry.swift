import Foundation
import ModelStorage

/// A write a replica has made and the server has not yet acknowledged: one per record.
///
/// A ``Replica`` writes it in the same commit as the write itself, so it is as durable as the
/// write; it leaves the outbox only when the server's answer to the push that carried it is
/// stored. A later write to the same record replaces its value and keeps its base.
public struct SyncOutboxEntry: StorableModel, Hashable {
    /// The model's storage name and the record's id as JSON, which name the record.
    public var id: String
    /// The model's storage name.
    public var model: String
    /// The record's id, as JSON text.
    public var recordID: String
    /// The record as written, as JSON text, or `nil` when it was deleted.
    public var record: String?
    /// The record as the replica last had it from the server, as JSON text; `nil` when the
    /// replica made it.
    public var base: String?
    /// The server's version at which the replica had ``base``.
    public var baseVersion: UInt64
    /// The local commit that last wrote the record, which orders the outbox.
    public var order: UInt64
    /// The record's place among the writes of that commit.
    public var position: Int
    /// How many times the record was written since it entered the outbox.
    public var revision: Int

    /// The entry's attributes.
    public static let queryAttributes: AttributeMap<SyncOutboxEntry> = [
        \.id: "id", \.model: "model", \.recordID: "recordID", \.record: "record", \.base: "base",
        \.baseVersion: "baseVersion", \.order: "order", \.position: "position",
        \.revision: "revision",
    ]

    /// The outbox is read by model and in order.
    public static var indexedAttributes: [IndexedAttribute<SyncOutboxEntry>] {
        [IndexedAttribute(\.model, foldingText: false), IndexedAttribute(\.order)]
    }

    /// `modelsync_outbox`.
    public static var storageName: String { "modelsync_outbox" }

    /// The id of the entry of a record: its model and its id.
    static func key(model: String, recordID: String) -> String { model + "\u{1F}" + recordID }
}
