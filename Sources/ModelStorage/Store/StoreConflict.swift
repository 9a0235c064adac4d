/// A record written since the read a save was based on: which record, which attributes each
/// side changed.
///
/// Thrown as ``StoreError/conflict(_:)`` by a save under ``MergePolicy/error``. Attributes are
/// the top-level keys of the record's encoded JSON object. A record written since the read
/// whose values are back to those read (an attribute that went 35 → 99 → 35) is a conflict
/// with no attribute in ``changedInStore``.
public struct StoreConflict: Hashable, Sendable {
    /// The record's id, as text.
    public let id: String
    /// The attributes the save changed, relative to its read, sorted.
    public let changedBySave: [String]
    /// The attributes the store changed since the read, sorted; empty when the record was
    /// deleted, or written since the read with the values it was read with.
    public let changedInStore: [String]
    /// Whether the record was deleted since the read.
    public let deletedInStore: Bool

    /// Creates a conflict.
    ///
    /// - Parameters:
    ///   - id: The record's id, as text.
    ///   - changedBySave: The attributes the save changed.
    ///   - changedInStore: The attributes the store changed since the read.
    ///   - deletedInStore: Whether the record was deleted since the read.
    public init(
        id: String, changedBySave: [String], changedInStore: [String], deletedInStore: Bool
    ) {
        self.id = id
        self.changedBySave = changedBySave
        self.changedInStore = changedInStore
        self.deletedInStore = deletedInStore
    }

    /// Whether both sides changed at least one same attribute.
    public var overlaps: Bool {
        !Set(changedBySave).isDisjoint(with: changedInStore)
    }
}

extension StoreConflict: CustomStringConvertible {
    /// The conflict as a sentence naming the record and the attributes on each side.
    public var description: String {
        let ours = changedBySave.isEmpty ? "nothing" : changedBySave.joined(separator: ", ")
        if deletedInStore {
            return "Record \(id) was deleted since it was read; this save changed \(ours)."
        }
        guard !changedInStore.isEmpty else {
            return "Record \(id) was written since it was read, though its values are those "
                + "read; this save changed \(ours)."
        }
        let theirs = changedInStore.joined(separator: ", ")
        return "Record \(id) changed since it was read: this save changed \(ours); the store "
            + "changed \(theirs)."
    }
}
