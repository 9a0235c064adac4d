import KeyPathQuery

// Conditions that follow references, resolved through the transaction's records.

extension DatabaseTransaction: RelatedRecordLookup {
    /// The records of one of the database's models that satisfy a condition, as the
    /// transaction sees them (its own writes included): what a condition that follows a
    /// reference reads.
    ///
    /// - Parameters:
    ///   - model: One of the database's models.
    ///   - condition: The condition on its records; it may itself follow references.
    /// - Returns: The records that satisfy it, in the store's order.
    /// - Throws: ``StoreError/unknownModel(_:at:models:)`` for a model that is not a
    ///   `StorableModel`; ``StoreError/invalidQuery(_:)`` when the condition cannot be
    ///   evaluated; the database's errors for a read.
    public func records<Model: Queryable>(
        of model: Model.Type, where condition: Condition<Model>
    ) throws -> [Model] {
        guard let storable = model as? any StorableModel.Type else {
            throw StoreError.unknownModel(
                String(describing: model), at: .named("the transaction"), models: [])
        }
        return try records(of: storable, where: condition)
    }

    private func records<Stored: StorableModel, Model>(
        of _: Stored.Type, where condition: Condition<Model>
    ) throws -> [Model] {
        guard let typed = condition as? Condition<Stored> else { return [] }
        let found = try self[Stored.self].fetch(RecordQuery(where: typed))
        return found as? [Model] ?? []
    }

    /// The condition with each part that follows a reference resolved through the
    /// transaction's records (see `Condition.resolvingReferences(in:)`).
    package func resolvingReferences<Model>(
        _ condition: Condition<Model>
    ) throws -> Condition<Model> {
        guard condition.followsReferences else { return condition }
        do {
            return try condition.resolvingReferences(in: self)
        } catch let error as QueryError {
            throw StoreError.invalidQuery(error)
        }
    }

    /// The query with its condition resolved through the transaction's records.
    package func resolvingReferences<Model>(
        _ query: RecordQuery<Model>
    ) throws -> RecordQuery<Model> {
        guard query.condition.followsReferences else { return query }
        var resolved = query
        resolved.condition = try resolvingReferences(query.condition)
        return resolved
    }
}
