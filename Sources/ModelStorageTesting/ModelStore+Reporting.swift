import ModelStorage

extension ModelStore {
    /// The store as one that reports how it answers queries, for the checks that count
    /// what its database answered.
    ///
    /// - Returns: The store, as `QueryEvaluationReporting`.
    /// - Throws: ``ConformanceFailure`` when the store does not report how it answers
    ///   queries.
    func evaluationReporting() throws(ConformanceFailure) -> any QueryEvaluationReporting {
        guard let reporting = self as? any QueryEvaluationReporting else {
            throw ConformanceFailure(
                check: "", message: "the store does not report how it answers queries",
                file: #fileID, line: #line)
        }
        return reporting
    }
}
