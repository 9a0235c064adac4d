import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

extension TableLayout {
    /// How the store answers a query (the shared `QueryPlan`), decided from the query and
    /// the SQL SQLite renders for it.
    ///
    /// - Parameters:
    ///   - query: The query.
    ///   - compiled: The query already compiled, if the caller has it.
    /// - Returns: The plan.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated.
    func plan(
        for query: RecordQuery<Model>, compiled: CompiledQuery<Model>? = nil
    ) throws(StoreError) -> QueryPlan<Model> {
        try QueryPlan(query, options: options, compiled: compiled)
    }
}
