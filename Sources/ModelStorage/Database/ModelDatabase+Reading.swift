import KeyPathQuery

extension ModelDatabase {
    /// The records a query selects, with the model's count and the database's version, read
    /// at one moment by ``read(_:)``, which writes nothing and runs on a read-only database
    /// too.
    ///
    /// A backend's store reads a query this way when it cannot answer it alone: a condition
    /// that follows references which its SQL cannot hold exactly is resolved through the
    /// transaction's records of every model.
    ///
    /// - Parameter query: The query.
    /// - Returns: The selected records, the number of records in all, and the version.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated;
    ///   ``StoreError/unknownModel(_:at:models:)`` when it reads a model the database
    ///   does not hold; the database's errors for a ``read(_:)``.
    public func resultInTransaction<Model: StorableModel>(
        of query: RecordQuery<Model>
    ) async throws -> QueryResult<Model> {
        try await read { transaction in
            QueryResult(
                records: try transaction[Model.self].fetch(query),
                totalCount: transaction[Model.self].count, version: transaction.version)
        }
    }
}
