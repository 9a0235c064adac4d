import Foundation
import KeyPathQuery
import ModelStorage

/// A replica's work on the records of one model.
struct TypedRecords<Model: StorableModel>: ReplicaRecords {
    /// The model's storage name.
    var name: String { Model.storageName }

    func recordWrites(in transaction: inout DatabaseTransaction) throws(SyncError) {
        let changes = transaction.changes(of: Model.self)
        guard !changes.isEmpty else { return }
        let order = transaction.version + 1
        let sent =
            transaction[SyncPendingPush.self].fetch(id: SyncPendingPush.onlyID)?.revisions ?? [:]
        for (position, change) in changes.enumerated() {
            let recordID = try Self.text(change.id, "id")
            let key = SyncOutboxEntry.key(model: name, recordID: recordID)
            let record: String?
            switch change {
            case .upsert(let model): record = try Self.text(model, "record")
            case .delete: record = nil
            }
            if var entry = transaction[SyncOutboxEntry.self].fetch(id: key) {
                if record == nil, entry.base == nil, sent[key] == nil {
                    // Made and deleted here, never sent: the server has nothing to hear.
                    _ = transaction[SyncOutboxEntry.self].delete(id: key)
                    continue
                }
                entry.record = record
                entry.order = order
                entry.position = position
                entry.revision += 1
                transaction[SyncOutboxEntry.self].upsert(entry)
            } else {
                let shadow = transaction[SyncShadow.self].fetch(id: key)
                if record == nil, shadow == nil { continue }
                transaction[SyncOutboxEntry.self].upsert(
                    SyncOutboxEntry(
                        id: key, model: name, recordID: recordID, record: record,
                        base: shadow?.record, baseVersion: shadow?.version ?? 0, order: order,
                        position: position, revision: 0))
            }
        }
    }

    func apply(
        _ changes: [SyncChange], pass: Int, in transaction: inout DatabaseTransaction
    ) throws(SyncError) {
        for change in changes {
            let recordID = WireCoding.text(change.id)
            let key = SyncOutboxEntry.key(model: name, recordID: recordID)
            if transaction[SyncOutboxEntry.self].contains(id: key) {
                // A local write waits: the record keeps it, and the push's answer settles it.
                // The copy of the server's record moves on, so that a pass sees it.
                if let json = change.record {
                    transaction[SyncShadow.self].upsert(
                        SyncShadow(
                            id: key, model: name, record: WireCoding.text(json),
                            version: change.version, pass: pass))
                } else {
                    _ = transaction[SyncShadow.self].delete(id: key)
                }
                continue
            }
            if var shadow = transaction[SyncShadow.self].fetch(id: key),
                shadow.version > change.version
            {
                // The replica holds a later state (a push's answer); the pass saw the record.
                shadow.pass = pass
                transaction[SyncShadow.self].upsert(shadow)
                continue
            }
            let id = try Self.decode(Model.ID.self, change.id, "id")
            if let json = change.record {
                transaction[Model.self].upsert(try Self.decode(Model.self, json, "record"))
                transaction[SyncShadow.self].upsert(
                    SyncShadow(
                        id: key, model: name, record: WireCoding.text(json),
                        version: change.version,
                        pass: pass))
            } else {
                _ = transaction[Model.self].delete(id: id)
                _ = transaction[SyncShadow.self].delete(id: key)
            }
        }
    }

    func settle(
        _ result: PushResult, version: UInt64, sentRevision: Int?, scope: JSONValue?,
        in transaction: inout DatabaseTransaction
    ) throws(SyncError) {
        let recordID = WireCoding.text(result.id)
        let key = SyncOutboxEntry.key(model: name, recordID: recordID)
        // During a pass over the server's records from the start, the answer marks the record
        // seen only if the pass saw it: an answer kept from before may be out of date.
        let state = transaction[SyncModelState.self].fetch(id: name)
        let current = state?.pass ?? 1
        let seen = transaction[SyncShadow.self].fetch(id: key)?.pass == current
        let pass = state?.isRestarting == true && !seen ? current - 1 : current
        let id = try Self.decode(Model.ID.self, result.id, "id")
        let record = try result.record.map { (json) throws(SyncError) in
            try Self.decode(Model.self, json, "record")
        }
        if record != nil {
            transaction[SyncShadow.self].upsert(
                SyncShadow(
                    id: key, model: name, record: WireCoding.text(result.record ?? .null),
                    version: version, pass: pass))
        } else {
            _ = transaction[SyncShadow.self].delete(id: key)
        }
        if var entry = transaction[SyncOutboxEntry.self].fetch(id: key),
            entry.revision != sentRevision
        {
            // Written again while the push was under way: the later write stays, based on the
            // server's answer when the server took the pushed one.
            if result.outcome == .applied || result.outcome == .merged {
                entry.base = result.record.map(WireCoding.text)
                entry.baseVersion = version
                transaction[SyncOutboxEntry.self].upsert(entry)
            }
            return
        }
        _ = transaction[SyncOutboxEntry.self].delete(id: key)
        if let record, try Self.selects(scope, record) {
            transaction[Model.self].upsert(record)
        } else {
            _ = transaction[Model.self].delete(id: id)
            if record != nil { _ = transaction[SyncShadow.self].delete(id: key) }
        }
    }

    /// Whether a scope selects a record.
    static func selects(_ scope: JSONValue?, _ record: Model) throws(SyncError) -> Bool {
        guard let scope else { return true }
        let condition = try condition(scope)
        do {
            return try condition.compiled().evaluate(record)
        } catch {
            throw SyncError(
                .misconfigured, "The scope of \(Model.self) cannot be evaluated: \(error)")
        }
    }

    /// A scope's condition.
    static func condition(_ scope: JSONValue) throws(SyncError) -> Condition<Model> {
        do {
            return try WireCoding.value(Condition<Model>.self, from: scope)
        } catch {
            throw SyncError(.misconfigured, "The scope of \(Model.self) does not decode: \(error)")
        }
    }

    /// A value's JSON text, or a local failure naming what did not encode.
    static func text(_ value: some Encodable, _ what: String) throws(SyncError) -> String {
        do {
            return WireCoding.text(try WireCoding.json(value))
        } catch {
            throw SyncError(
                .localStoreFailed, "A \(what) of \(Model.self) does not encode: \(error)")
        }
    }

    /// A value from the server, or a failure naming what did not decode.
    static func decode<Value: Decodable>(
        _ type: Value.Type, _ json: JSONValue, _ what: String
    ) throws(SyncError) -> Value {
        do {
            return try WireCoding.value(type, from: json)
        } catch {
            throw SyncError(
                .serverFailed,
                "The server sent a \(what) of \(Model.self) that does not decode: \(error)")
        }
    }
}
