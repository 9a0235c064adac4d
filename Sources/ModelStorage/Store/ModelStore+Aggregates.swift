import KeyPathQuery

extension ModelStore {
    /// The aggregates of the records a query selects, computed in memory over the records
    /// ``fetch(_:)`` returns for the query's condition: the default for a store that cannot
    /// compute them where its records are.
    ///
    /// ```swift
    /// let rows = try await store.aggregate(AggregateQuery(.count, groupedBy: [\.generation]))
    /// ```
    ///
    /// - Parameter query: The aggregates, the condition, the groups and the condition on
    ///   groups.
    /// - Returns: What `AggregateQuery.apply(to:)` returns over the selected records.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated or a sum
    ///   overflows; what ``fetch(_:)`` throws.
    /// - Complexity: That of ``fetch(_:)``, plus O(*m*) in the *m* selected records.
    public func aggregate(_ query: AggregateQuery<Model>) async throws -> [AggregateRow] {
        let compiled = try StoreError.checking { () throws(QueryError) in try query.compiled() }
        let records = try await fetch(RecordQuery(where: query.condition))
        return try StoreError.checking { () throws(QueryError) in try compiled.apply(to: records) }
    }
}

extension StoreTransaction {
    /// The aggregates of the records a query selects, as the transaction sees them: the
    /// committed records with its writes laid over them.
    ///
    /// ```swift
    /// try await store.transaction { transaction in
    ///     transaction.upsert(pikachu)
    ///     let rows = try transaction.aggregate(AggregateQuery(.count))   // Pikachu counted
    /// }
    /// ```
    ///
    /// - Parameter query: The aggregates, the condition, the groups and the condition on
    ///   groups.
    /// - Returns: What `AggregateQuery.apply(to:)` returns over the records ``fetch(_:)``
    ///   selects for the query's condition.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated or a sum
    ///   overflows.
    /// - Complexity: That of ``fetch(_:)``, plus O(*m*) in the *m* selected records.
    public func aggregate(_ query: AggregateQuery<Model>) throws -> [AggregateRow] {
        let compiled = try StoreError.checking { () throws(QueryError) in try query.compiled() }
        let records = try fetch(RecordQuery(where: query.condition))
        return try StoreError.checking { () throws(QueryError) in try compiled.apply(to: records) }
    }
}

extension StoreError {
    /// The result of a body, with a ``QueryError`` it throws wrapped as
    /// ``StoreError/invalidQuery(_:)``.
    ///
    /// - Parameter body: Compiles or evaluates a query.
    /// - Returns: What `body` returns.
    /// - Throws: ``StoreError/invalidQuery(_:)`` with the error `body` throws.
    package static func checking<Value>(
        _ body: () throws(QueryError) -> Value
    ) throws(StoreError) -> Value {
        do { return try body() } catch { throw .invalidQuery(error) }
    }
}
