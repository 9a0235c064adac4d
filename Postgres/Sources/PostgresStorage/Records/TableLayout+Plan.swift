import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

extension TableLayout {
    /// How the store answers a query (the shared `QueryPlan`), decided from the query and
    /// the SQL its PostgreSQL dialect renders: rendered clauses whose text operands are not
    /// all exact are answered in memory.
    ///
    /// - Parameters:
    ///   - query: The query.
    ///   - compiled: The query already compiled, if the caller has it.
    /// - Returns: The plan.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated.
    func plan(
        for query: RecordQuery<Model>, compiled: CompiledQuery<Model>? = nil
    ) throws(StoreError) -> QueryPlan<Model> {
        try QueryPlan(query, options: options, compiled: compiled, isExact: Self.isExact)
    }

    /// Whether SQL gives the engine's answer for clauses in the PostgreSQL dialect: every
    /// text operand is exact (see ``exactText(_:)``: already in NFC, each character one code
    /// point, no NUL).
    static func isExact(_ clauses: SQLClauses) -> Bool {
        clauses.bindings.allSatisfy { binding in
            // Compared by code points: `==` on `String` would find the NFC form equal.
            guard case .text(let text) = binding else { return true }
            return exactText(text)?.unicodeScalars.elementsEqual(text.unicodeScalars) == true
        }
    }
}
