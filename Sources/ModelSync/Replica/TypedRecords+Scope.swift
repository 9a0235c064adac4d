import Foundation
import KeyPathQuery
import ModelStorage

extension TypedRecords {
    func dropRecords(
        outside scope: JSONValue?, in transaction: inout DatabaseTransaction
    ) throws(SyncError) -> Int {
        guard let scope else { return 0 }
        let outside: [Model]
        do {
            outside = try transaction[Model.self].fetch(
                RecordQuery(where: !(try Self.condition(scope))))
        } catch {
            throw SyncError(
                .localStoreFailed,
                "The records of \(Model.self) outside the scope cannot be read: \(error)")
        }
        var dropped = 0
        for record in outside {
            let key = SyncOutboxEntry.key(model: name, recordID: try Self.text(record.id, "id"))
            guard !transaction[SyncOutboxEntry.self].contains(id: key) else { continue }
            _ = transaction[Model.self].delete(id: record.id)
            _ = transaction[SyncShadow.self].delete(id: key)
            dropped += 1
        }
        return dropped
    }

    func intersection(
        _ first: JSONValue?, _ second: JSONValue?
    ) throws(SyncError) -> JSONValue? {
        guard let first, first != second else { return second }
        guard let second else { return first }
        return try ReplicaModel.encoded(try Self.condition(first) && Self.condition(second))
    }

    func widening(
        _ scope: JSONValue?, beyond settled: JSONValue?
    ) throws(SyncError) -> JSONValue? {
        guard let settled, settled != scope else { return nil }
        let wanted = try scope.map { (json) throws(SyncError) in try Self.condition(json) } ?? .true
        let added = wanted && !(try Self.condition(settled))
        guard !added.isAlwaysFalse else { return nil }
        return try ReplicaModel.encoded(added) ?? .null
    }
}

extension TypedRecords {
    func selecting(_ changes: [SyncChange], scope: JSONValue?) throws(SyncError) -> [SyncChange] {
        guard let scope else { return changes }
        let compiled: CompiledCondition<Model>
        do {
            compiled = try Self.condition(scope).compiled()
        } catch {
            throw SyncError(
                .misconfigured, "The scope of \(Model.self) cannot be evaluated: \(error)")
        }
        return try changes.map { (change) throws(SyncError) in
            guard let text = change.record else { return change }
            let record = try Self.decode(Model.self, text, "record")
            guard !compiled.evaluate(record) else { return change }
            return SyncChange(id: change.id, record: nil, version: change.version)
        }
    }
}
