import Foundation
import RecordCoding

/// Resolves a save based on an earlier read against the record as it is now, attribute by
/// attribute, under a ``MergePolicy``.
package enum MergeResolver {
    /// What a save does.
    package enum Outcome<Model> {
        /// Write this record.
        case write(Model)
        /// Write nothing; this is the stored record.
        case keep(Model)
    }

    /// The key a record that is not a JSON object is compared under, as a single attribute.
    package static let wholeValueAttribute = "self"

    /// Resolves a save.
    ///
    /// - Parameters:
    ///   - edit: The record as read and as edited.
    ///   - current: The record now, or `nil` when it was deleted.
    ///   - policy: The merge policy.
    ///   - writtenSinceRead: Whether the record was written since the read, so that the save
    ///     is a conflict even when no attribute differs from the read's; when `false`, it is
    ///     one only when an attribute does.
    /// - Returns: The record to write, or the stored record to keep.
    /// - Throws: ``StoreError/conflict(_:)`` under ``MergePolicy/error``,
    ///   ``StoreError/notFound(_:)`` for a deleted record the policy keeps deleted,
    ///   ``StoreError/encodingFailed(id:reason:)`` for a record that does not encode.
    package static func resolve<Model: StorableModel>(
        _ edit: Versioned<Model>, against current: Model?, policy: MergePolicy,
        writtenSinceRead: Bool = false
    ) throws(StoreError) -> Outcome<Model> {
        let id = String(describing: edit.base.id)
        let base = try attributes(of: edit.base, id: id)
        let mine = try attributes(of: edit.value, id: id)
        let changedBySave = changedKeys(from: base, to: mine)
        guard let current else {
            switch policy {
            case .error:
                throw .conflict(
                    StoreConflict(
                        id: id, changedBySave: changedBySave, changedInStore: [],
                        deletedInStore: true))
            case .mergeByPropertyObjectTrump, .overwrite:
                return .write(edit.value)
            case .mergeByPropertyStoreTrump, .rollback:
                throw .notFound(id)
            }
        }
        guard !changedBySave.isEmpty else { return .keep(current) }
        let theirs = try attributes(of: current, id: id)
        let changedInStore = changedKeys(from: base, to: theirs)
        guard writtenSinceRead || !changedInStore.isEmpty else { return .write(edit.value) }
        let kept: [String]
        switch policy {
        case .error:
            throw .conflict(
                StoreConflict(
                    id: id, changedBySave: changedBySave, changedInStore: changedInStore,
                    deletedInStore: false))
        case .overwrite:
            return .write(edit.value)
        case .rollback:
            return .keep(current)
        case .mergeByPropertyObjectTrump:
            kept = changedBySave
        case .mergeByPropertyStoreTrump:
            kept = changedBySave.filter { !changedInStore.contains($0) }
        }
        guard !kept.isEmpty else { return .keep(current) }
        var merged = theirs
        for key in kept { merged[key] = mine[key] }
        let json = merged.isObject ? .object(merged.members) : merged[wholeValueAttribute]
        return .write(try decode(json ?? .null, as: Model.self, id: id))
    }

    /// A record's attributes: the top-level members of its encoded JSON object, or the whole
    /// value as one attribute when it is not an object.
    package struct Attributes: Equatable {
        var members: [String: JSONValue]
        var isObject: Bool

        subscript(key: String) -> JSONValue? {
            get { members[key] }
            set { members[key] = newValue }
        }
    }

    /// A record's attributes.
    package static func attributes<Model: StorableModel>(
        of model: Model, id: String
    ) throws(StoreError) -> Attributes {
        let value: JSONValue
        do {
            value = try JSONParser.parse(try RecordEncoder().encode(model))
        } catch {
            throw .encodingFailed(id: id, reason: RecordCoding.reason(error))
        }
        if let members = value.objectValue { return Attributes(members: members, isObject: true) }
        return Attributes(members: [wholeValueAttribute: value], isObject: false)
    }

    /// The keys whose values differ between two attribute sets, sorted.
    package static func changedKeys(from old: Attributes, to new: Attributes) -> [String] {
        Set(old.members.keys).union(new.members.keys).filter { old[$0] != new[$0] }.sorted()
    }

    private static func decode<Model: StorableModel>(
        _ json: JSONValue, as _: Model.Type, id: String
    ) throws(StoreError) -> Model {
        do {
            let data = try RecordEncoder().encode(json)
            return try RecordCoding.makeDecoder().decode(Model.self, from: data)
        } catch {
            throw .encodingFailed(
                id: id, reason: "the merged record does not decode: \(RecordCoding.reason(error))")
        }
    }
}
