import KeyPathQuery
import ModelStorage

/// How a SQL database re-runs its live queries for ``LiveQueries``: whether it is still open,
/// and a query's result now, read however the backend reads it.
///
/// A backend conforms a small value that holds its database, so that the database's own
/// members stay internal:
///
/// ```swift
/// struct LiveResults: LiveQueryReading {
///     let database: MyModelDatabase
///     var isClosed: Bool { get async { await database.isClosed } }
///     func result<Model: StorableModel>(
///         of query: RecordQuery<Model>, compiled: CompiledQuery<Model>
///     ) async throws -> QueryResult<Model> {
///         try await database.read(query, compiled: compiled)
///     }
/// }
/// ```
public protocol LiveQueryReading: Sendable {
    /// Whether the database closed, which ends every refresh pass.
    var isClosed: Bool { get async }

    /// A live query's result now, for a refresh.
    ///
    /// - Parameters:
    ///   - query: The live query.
    ///   - compiled: The query as it was compiled for refreshes
    ///     (`RecordQuery.compiledForRefreshes(options:)`).
    /// - Returns: The records the query selects, with the count and the version.
    /// - Throws: Whatever the read throws; the refresh then skips the query until a commit
    ///   marks it stale again.
    func result<Model: StorableModel>(
        of query: RecordQuery<Model>, compiled: CompiledQuery<Model>
    ) async throws -> QueryResult<Model>
}
