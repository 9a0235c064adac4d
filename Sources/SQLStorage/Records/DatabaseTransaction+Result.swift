import KeyPathQuery
import ModelStorage

@_spi(BackendInternals)
extension DatabaseTransaction {
    /// The records a query selects with the model's total count and the transaction's
    /// version: a SQL backend's answer, read through a transaction, to a query whose
    /// references SQL cannot follow.
    ///
    /// - Parameter query: The query.
    /// - Returns: The result.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated.
    public func result<Model: StorableModel>(of query: RecordQuery<Model>) throws
        -> QueryResult<Model>
    {
        QueryResult(
            records: try self[Model.self].fetch(query), totalCount: self[Model.self].count,
            version: version)
    }
}
