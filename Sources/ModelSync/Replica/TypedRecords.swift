import Foundation
import KeyPathQuery
import ModelStorage

/// A replica's work on the records of one model.
struct TypedRecords<Model: StorableModel>: ReplicaRecords
where Model.ID: Comparable & QueryValueConvertible {
    /// The model's storage name.
    var name: String { Model.storageName }

    func recordWrites(in transaction: inout DatabaseTransaction) throws(SyncError) {
        let changes = transaction.changes(of: Model.self)
        guard !changes.isEmpty else { return }
        let order = transaction.version + 1
        let sent =
            transaction[SyncPendingPush.self].fetch(id: SyncPendingPush.onlyID)?.revisions ?? [:]
        let copyVersion = transaction[SyncModelState.self].fetch(id: name)?.copyVersion
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
                continue
            }
            // With no write waiting, the record before this one is the server's, at the
            // version its shadow keeps, or, brought by a copy and untouched since, the copy's.
            let baseVersion =
                transaction[SyncShadow.self].fetch(id: key)?.version ?? copyVersion
            let base = try baseVersion.flatMap { _ throws(SyncError) in
                try transaction[Model.self].recordBeforeWrites(id: change.id).map {
                    (model) throws(SyncError) in try Self.text(model, "record")
                }
            }
            if record == nil, base == nil { continue }
            transaction[SyncOutboxEntry.self].upsert(
                SyncOutboxEntry(
                    id: key, model: name, recordID: recordID, record: record, base: base,
                    baseVersion: base == nil ? 0 : baseVersion ?? 0, order: order,
                    position: position, revision: 0))
        }
    }

    func apply(_ changes: [SyncChange], in transaction: inout DatabaseTransaction)
        throws(SyncError)
    {
        guard let oldest = changes.lazy.map(\.version).min() else { return }
        // Two reads a page, not two a record: the model's waiting writes, and the shadows a
        // push's answer left later than some change of the page.
        let pending = try pendingKeys(in: transaction)
        let later = try shadows(
            RecordQuery(where: \.model == name && \.version > oldest), in: transaction,
            "later than \(oldest)")
        for change in changes {
            let key = SyncOutboxEntry.key(model: name, recordID: change.id)
            // A local write waits: the record keeps it, and the push's answer settles it.
            guard !pending.contains(key) else { continue }
            // The replica holds a later state, from a push's answer.
            if let shadow = later[key], shadow.version > change.version { continue }
            if let text = change.record {
                transaction[Model.self].upsert(try Self.decode(Model.self, text, "record"))
                transaction[SyncShadow.self].upsert(
                    SyncShadow(id: key, model: name, version: change.version))
            } else {
                _ = transaction[Model.self].delete(
                    id: try Self.decode(Model.ID.self, change.id, "id"))
                _ = transaction[SyncShadow.self].delete(id: key)
            }
        }
    }

    func applyCopy(
        _ changes: [SyncChange], after: JSONValue?, through last: JSONValue?,
        startedAt start: UInt64, in transaction: inout DatabaseTransaction
    ) throws(SyncError) {
        let pending = try pendingKeys(in: transaction)
        let keys = changes.map { SyncOutboxEntry.key(model: name, recordID: $0.id) }
        // A record copied before, by an earlier copy or the history since, keeps its shadow
        // up to date; a record new to the replica needs none.
        let none = try shadows(
            RecordQuery(where: \.model == name, limit: 1), in: transaction, "of the model"
        ).isEmpty
        let held =
            none
            ? [:]
            : try shadows(
                RecordQuery(where: .in(\.id, keys)), in: transaction, "of the copied records")
        // The page holds every record of the scope between its bounds, in the order of ids:
        // a local record between them that it does not hold is no longer the server's. They
        // are read before the page is written, so the read needs no overlay of its writes.
        var range = Condition<Model>.true
        if let after { range = range && \Model.id > (try Self.decode(Model.ID.self, after, "id")) }
        if let last { range = range && \Model.id <= (try Self.decode(Model.ID.self, last, "id")) }
        let local: [Model.ID]
        do {
            local = try transaction[Model.self].fetch(RecordQuery(where: range)).map(\.id)
        } catch {
            throw SyncError(
                .localStoreFailed, "The records of \(Model.self) cannot be read: \(error)")
        }
        var copied: Set<Model.ID> = []
        copied.reserveCapacity(changes.count)
        for (change, key) in zip(changes, keys) {
            guard let text = change.record, !pending.contains(key) else { continue }
            if let shadow = held[key], shadow.version > change.version { continue }
            let record = try Self.decode(Model.self, text, "record")
            copied.insert(record.id)
            transaction[Model.self].upsert(record)
            if held[key] != nil {
                transaction[SyncShadow.self].upsert(
                    SyncShadow(id: key, model: name, version: change.version))
            }
        }
        for id in local where !copied.contains(id) {
            let key = SyncOutboxEntry.key(model: name, recordID: try Self.text(id, "id"))
            guard !pending.contains(key) else { continue }
            // A push's answer since the copy began: the history from there tells its fate.
            if let shadow = transaction[SyncShadow.self].fetch(id: key), shadow.version > start {
                continue
            }
            _ = transaction[Model.self].delete(id: id)
            _ = transaction[SyncShadow.self].delete(id: key)
        }
    }

    func forgetShadows(in transaction: inout DatabaseTransaction) throws(SyncError) {
        do {
            _ = try transaction[SyncShadow.self].delete(where: \.model == name)
        } catch {
            throw SyncError(
                .localStoreFailed, "The shadows of \(Model.self) cannot be removed: \(error)")
        }
    }

    /// The outbox keys of the model's writes waiting to be pushed.
    private func pendingKeys(in transaction: DatabaseTransaction) throws(SyncError) -> Set<String> {
        do {
            return Set(
                try transaction[SyncOutboxEntry.self].fetch(RecordQuery(where: \.model == name))
                    .map(\.id))
        } catch {
            throw SyncError(
                .localStoreFailed, "The waiting writes of \(Model.self) cannot be read: \(error)")
        }
    }

    /// The shadows a query selects, by id.
    private func shadows(
        _ query: RecordQuery<SyncShadow>, in transaction: DatabaseTransaction, _ what: String
    ) throws(SyncError) -> [String: SyncShadow] {
        do {
            return Dictionary(
                try transaction[SyncShadow.self].fetch(query).map {
                    ($0.id, $0)
                }, uniquingKeysWith: { first, _ in first })
        } catch {
            throw SyncError(
                .localStoreFailed,
                "The shadows of \(Model.self) \(what) cannot be read: \(error)")
        }
    }

    func settle(
        _ result: PushResult, version: UInt64, sentRevision: Int?, scope: JSONValue?,
        in transaction: inout DatabaseTransaction
    ) throws(SyncError) {
        let key = SyncOutboxEntry.key(model: name, recordID: result.id)
        if result.record != nil {
            transaction[SyncShadow.self].upsert(SyncShadow(id: key, model: name, version: version))
        } else {
            _ = transaction[SyncShadow.self].delete(id: key)
        }
        let entry = transaction[SyncOutboxEntry.self].fetch(id: key)
        if var entry, entry.revision != sentRevision {
            // Written again while the push was under way: the later write stays, based on the
            // server's answer when the server took the pushed one.
            if result.outcome == .applied || result.outcome == .merged {
                entry.base = result.record
                entry.baseVersion = version
                transaction[SyncOutboxEntry.self].upsert(entry)
            }
            return
        }
        _ = transaction[SyncOutboxEntry.self].delete(id: key)
        // The server took the record as sent, and the replica holds it as sent (the entry's
        // revision is the one pushed): nothing to write, unless a scope may drop it.
        if scope == nil, let text = result.record, let entry, text == entry.record { return }
        let id = try Self.decode(Model.ID.self, result.id, "id")
        let record = try result.record.map { (text) throws(SyncError) in
            try Self.decode(Model.self, text, "record")
        }
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
            return try WireCoding.text(of: value)
        } catch {
            throw SyncError(
                .localStoreFailed, "A \(what) of \(Model.self) does not encode: \(error)")
        }
    }

    /// A value from the server's JSON text, or a failure naming what did not decode.
    static func decode<Value: Decodable>(
        _ type: Value.Type, _ text: String, _ what: String
    ) throws(SyncError) -> Value {
        try decoding(what) { try WireCoding.value(type, fromText: text) }
    }

    /// A value from the server, or a failure naming what did not decode.
    static func decode<Value: Decodable>(
        _ type: Value.Type, _ json: JSONValue, _ what: String
    ) throws(SyncError) -> Value {
        try decoding(what) { try WireCoding.value(type, from: json) }
    }

    /// A decoded value, or a failure naming what the server sent that did not decode.
    private static func decoding<Value>(
        _ what: String, _ body: () throws -> Value
    ) throws(SyncError) -> Value {
        do {
            return try body()
        } catch {
            throw SyncError(
                .serverFailed,
                "The server sent a \(what) of \(Model.self) that does not decode: \(error)")
        }
    }
}
