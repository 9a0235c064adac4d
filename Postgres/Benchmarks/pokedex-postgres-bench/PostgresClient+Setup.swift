import PostgresNIO

/// Statements the benchmark's databases run to set up and check their tables, never timed.
extension PostgresClient {
    /// Runs a statement.
    func execute(_ sql: String) async throws {
        try await query(PostgresQuery(unsafeSQL: sql))
    }

    /// The first column of each row a query returns, as text.
    func texts(_ sql: String) async throws -> [String] {
        var texts: [String] = []
        for try await text in try await query(PostgresQuery(unsafeSQL: sql)).decode(String.self) {
            texts.append(text)
        }
        return texts
    }
}
