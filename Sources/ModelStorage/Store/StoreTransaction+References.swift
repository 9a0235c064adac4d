import KeyPathQuery

// Conditions that follow references, resolved through a transaction's records and its
// database's.

extension StoreTransaction {
    /// The query with its condition's references resolved through this transaction's records
    /// and its database's.
    func resolvingReferences(_ query: RecordQuery<Model>) throws -> RecordQuery<Model> {
        guard query.condition.followsReferences else { return query }
        var resolved = query
        resolved.condition = try resolvingReferences(query.condition)
        return resolved
    }

    /// The condition with its references resolved through this transaction's records and its
    /// database's.
    func resolvingReferences(_ condition: Condition<Model>) throws -> Condition<Model> {
        guard condition.followsReferences else { return condition }
        do {
            return try condition.resolvingReferences(
                in: ReferenceLookup(own: self, database: database))
        } catch let error as QueryError {
            throw StoreError.invalidQuery(error)
        }
    }
}

/// Reads a model's records for a condition that follows references: this transaction's own
/// model from the transaction itself (its writes included), every other from the database's.
private struct ReferenceLookup<Own: StorableModel>: RelatedRecordLookup {
    let own: StoreTransaction<Own>
    let database: DatabaseTransaction?

    func records<Model: Queryable>(
        of model: Model.Type, where condition: Condition<Model>
    ) throws -> [Model] {
        if let typed = condition as? Condition<Own> {
            return try own.fetch(RecordQuery(where: typed)) as? [Model] ?? []
        }
        guard let database else {
            throw StoreError.unknownModel(
                String(describing: model), at: .named("a transaction of \(Own.self) alone"),
                models: [String(describing: Own.self)])
        }
        return try database.records(of: model, where: condition)
    }
}
