import Foundation
import KeyPathQuery
import ModelStorage

extension OwnedRecords {
    /// Applies one pushed entry in the push's transaction, as the user, and says what became
    /// of it.
    ///
    /// A record is the user's when its owner attribute names the user; a pushed record gets
    /// the user as its owner. A record of another user is never written or deleted: the
    /// entry throws ``SyncError/Code/forbidden``, and the push with it.
    ///
    /// A write is saved over its base with the model's merge policy, as
    /// `StoreTransaction/save(_:mergePolicy:)` saves an edit. A write without a
    /// base (a record the replica made) is inserted; when a record of the user with its id
    /// already exists, it is a conflict settled by the policy. A deletion applies when the
    /// record was not written since its base; otherwise the policy decides, as for an update:
    /// `mergeByPropertyObjectTrump` and `overwrite` delete it, `mergeByPropertyStoreTrump` and
    /// `rollback` keep the server's record, and `error` rejects the deletion.
    func apply(
        _ entry: PushEntry, at index: Int, as user: String,
        in transaction: inout DatabaseTransaction
    ) throws(SyncError) -> PushResult {
        let id = try decode(Model.ID.self, entry.id, "id", index)
        let current = transaction[Model.self].fetch(id: id)
        if let current, current[keyPath: owner] != user {
            throw SyncError(
                .forbidden,
                "Entry \(index) of the push writes \(name) \(entry.id), which belongs to another user"
            )
        }
        let outcome: PushResult.Outcome
        if let text = entry.record {
            var record = try decode(Model.self, text, "record", index)
            guard record.id == id else {
                throw SyncError(
                    .invalidRequest,
                    "Entry \(index) of the push names \(name) \(entry.id) but carries a record with another id"
                )
            }
            record[keyPath: owner] = user
            outcome = try write(
                record, entry: entry, current: current, index: index, in: &transaction)
        } else {
            outcome = try delete(id, entry: entry, current: current, index: index, in: &transaction)
        }
        let now = transaction[Model.self].fetch(id: id)
        return PushResult(
            model: name, id: entry.id, outcome: outcome,
            record: try now.map { (record) throws(SyncError) in try Self.text(record, "record") })
    }

    /// Writes a pushed record over its base, or inserts it.
    private func write(
        _ record: Model, entry: PushEntry, current: Model?, index: Int,
        in transaction: inout DatabaseTransaction
    ) throws(SyncError) -> PushResult.Outcome {
        guard let baseText = entry.base else {
            guard current != nil else {
                transaction[Model.self].upsert(record)
                return .applied
            }
            switch mergePolicy {
            case .mergeByPropertyObjectTrump, .overwrite:
                transaction[Model.self].upsert(record)
                return .applied
            case .mergeByPropertyStoreTrump, .rollback: return .kept
            case .error: return .rejected
            }
        }
        var base = try decode(Model.self, baseText, "base", index)
        base[keyPath: owner] = record[keyPath: owner]
        var edit = Versioned(base, version: entry.baseVersion)
        edit.value = record
        do {
            let saved = try transaction[Model.self].save(edit, mergePolicy: mergePolicy)
            return try Self.text(saved, "record") == Self.text(record, "record")
                ? .applied : .merged
        } catch let error as StoreError where error.code == .conflict {
            return .rejected
        } catch let error as StoreError where error.code == .notFound {
            return .kept
        } catch {
            throw SyncError(
                .invalidRequest, "Entry \(index) of the push cannot be saved to \(name): \(error)")
        }
    }

    /// Deletes a pushed deletion's record, unless the policy keeps a later write.
    private func delete(
        _ id: Model.ID, entry: PushEntry, current: Model?, index: Int,
        in transaction: inout DatabaseTransaction
    ) throws(SyncError) -> PushResult.Outcome {
        guard let current else { return .applied }
        let written: Bool
        if entry.base == nil {
            written = true
        } else if let known = transaction[Model.self].writtenSince(entry.baseVersion, id: id) {
            written = known
        } else {
            var base = try decode(Model.self, entry.base ?? "null", "base", index)
            base[keyPath: owner] = current[keyPath: owner]
            written = try Self.text(base, "base") != Self.text(current, "record")
        }
        if written {
            switch mergePolicy {
            case .mergeByPropertyObjectTrump, .overwrite: break
            case .mergeByPropertyStoreTrump, .rollback: return .kept
            case .error: return .rejected
            }
        }
        _ = transaction[Model.self].delete(id: id)
        return .applied
    }

    /// A value of an entry, decoded, or a refusal naming the entry and the part.
    private func decode<Value: Decodable>(
        _ type: Value.Type, _ text: String, _ part: String, _ index: Int
    ) throws(SyncError) -> Value {
        do {
            return try WireCoding.value(type, fromText: text)
        } catch {
            throw SyncError(
                .invalidRequest,
                "The \(part) of entry \(index) of the push is not a \(name) \(part): \(error)")
        }
    }
}
