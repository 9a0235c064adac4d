import KeyPathQuery
import ModelStorage

/// How a SQL store answers a query, decided once, before the query runs, from the query and
/// the SQL its layout renders: in SQL, through a transaction that resolves its references
/// first, or in memory.
///
/// ```swift
/// let plan = try QueryPlan(query, options: layout.options)
/// switch plan {
/// case .sql(let clauses, _): // run "SELECT … " + clauses.filter(and: nil) + …
/// case .resolvingReferences: // read through a transaction of the database
/// case .memory(let compiled): // read every row in store order; compiled.apply(to:)
/// }
/// ```
///
/// The plan carries what deciding it rendered and compiled, so that running it renders
/// nothing again. A plan of SQL may still meet, at run time, rows that SQL cannot read with
/// their in-memory meaning (SQLite: JSON holding NUL under a collection condition;
/// PostgreSQL: a row not `_exact`); those rows are then read by the engine when the condition
/// follows no reference, and through a transaction when it does.
public enum QueryPlan<Model: StorableModel>: Sendable {
    /// SQL answers the query: its condition (with any reference rendered as `EXISTS` on the
    /// other model's table), sort keys and page.
    ///
    /// - Parameters:
    ///   - clauses: The query rendered once, with its bindings.
    ///   - fallback: The engine's query, for rows SQL cannot read exactly at run time; `nil`
    ///     when the condition follows references, which the engine cannot evaluate alone (the
    ///     store then reads through a transaction).
    case sql(SQLClauses, fallback: CompiledQuery<Model>?)

    /// The condition follows references that do not render as SQL: a transaction of the
    /// database resolves them through the other models' records into a plain condition,
    /// which then runs in SQL (`DatabaseTransaction`).
    case resolvingReferences

    /// SQL cannot give the engine's answer (the dialect refuses the condition, or an operand
    /// has no exact SQL form): the engine evaluates the compiled query over every row, read
    /// in store order.
    case memory(CompiledQuery<Model>)

    /// Decides how a store answers a query.
    ///
    /// - Parameters:
    ///   - query: The query.
    ///   - options: How the store renders SQL, with its database's tables.
    ///   - compiled: The query already compiled, if the caller has it (a live query's
    ///     refresh); compiled here otherwise.
    ///   - isExact: Whether SQL reads the rendered clauses with their in-memory meaning
    ///     (PostgreSQL checks that each text binding is exact); a query whose clauses are not
    ///     is answered in memory.
    /// - Throws: `StoreError/invalidQuery(_:)` when a query that follows no reference cannot
    ///   be evaluated.
    public init(
        _ query: RecordQuery<Model>, options: SQLOptions, compiled: CompiledQuery<Model>? = nil,
        isExact: (SQLClauses) -> Bool = { _ in true }
    ) throws(StoreError) {
        let rendered = (try? query.sqlClauses(options: options)).flatMap { isExact($0) ? $0 : nil }
        guard !query.condition.followsReferences else {
            self = rendered.map { .sql($0, fallback: nil) } ?? .resolvingReferences
            return
        }
        let engine: CompiledQuery<Model>
        if let compiled {
            engine = compiled
        } else {
            do { engine = try query.compiled() } catch { throw .invalidQuery(error) }
        }
        self = rendered.map { .sql($0, fallback: engine) } ?? .memory(engine)
    }

    /// Whether the plan reads through a transaction of the database.
    public var resolvesReferences: Bool {
        if case .resolvingReferences = self { return true }
        return false
    }

    /// Runs the plan: on a connection when SQL or memory answers, and through a transaction
    /// of the database when the references must be resolved first, or when the connection
    /// found rows that SQL cannot read exactly under a condition that follows references.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, on which both reads are called (a database's live
    ///     queries call it from the database).
    ///   - onConnection: Reads the answer on one of the store's connections; `nil` sends the
    ///     query through a transaction.
    ///   - resolvingReferences: Reads the answer through a transaction of the database.
    /// - Returns: The answer.
    /// - Throws: What either read throws.
    public func answer<Answer>(
        isolation: isolated (any Actor)? = #isolation,
        onConnection: () async throws -> Answer?,
        resolvingReferences: () async throws -> Answer
    ) async throws -> Answer {
        if !resolvesReferences, let answer = try await onConnection() { return answer }
        return try await resolvingReferences()
    }
}
