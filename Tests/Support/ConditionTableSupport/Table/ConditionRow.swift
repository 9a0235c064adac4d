import KeyPathQuery
import Testing

/// One row of the condition table: a query, what an independent filter says it selects, and
/// what each renderer must produce.
///
/// The table is shared: KeyPathQueryTests checks it in memory, as `NSPredicate` formats and on
/// SQLite; the nested package `Postgres/` compiles these same files (through a symbolic link)
/// and checks it on a real PostgreSQL server.
package struct ConditionRow: Sendable, CustomTestStringConvertible {
    /// What an SQL dialect must do with the row.
    package enum SQLExpectation: Sendable {
        /// Render, and select in the database what memory selects, in the same order.
        case selectsAsInMemory
        /// Refuse with ``QueryError/unsupported(operation:target:reason:)``, naming SQL.
        case refused
    }

    package let label: String
    package let query: RecordQuery<Pokemon>
    /// The independent filter: plain Swift on the record's properties.
    package let reference: @Sendable (Pokemon) -> Bool
    /// The independent order: a strict "comes before".
    package let referenceOrder: @Sendable (Pokemon, Pokemon) -> Bool
    package let predicate: PredicateFormat
    /// What the SQLite dialect must do.
    package let sql: SQLExpectation
    /// What the PostgreSQL dialect must do: what SQLite does unless the row says otherwise.
    package let postgreSQL: SQLExpectation
    /// How much of the table the row means to select.
    package let selection: Selection

    /// How much of the table a row means to select: most select some of it, so that they
    /// could fail either way.
    package enum Selection: Sendable {
        case some, nothing, everything
    }

    package var testDescription: String { label }

    /// A row whose query sorts by id.
    init(
        _ label: String, _ condition: Condition<Pokemon>,
        matching reference: @escaping @Sendable (Pokemon) -> Bool,
        format: String, _ arguments: [QueryValue], sql: SQLExpectation = .selectsAsInMemory,
        postgreSQL: SQLExpectation? = nil, selection: Selection = .some
    ) {
        self.init(
            label, RecordQuery(where: condition, sortedBy: [.ascending(\.id)]), matching: reference,
            orderedBy: { $0.id < $1.id }, format: format, arguments, sql: sql,
            postgreSQL: postgreSQL, selection: selection)
    }

    /// A row with its own sort and page.
    init(
        _ label: String, _ query: RecordQuery<Pokemon>,
        matching reference: @escaping @Sendable (Pokemon) -> Bool,
        orderedBy referenceOrder: @escaping @Sendable (Pokemon, Pokemon) -> Bool,
        format: String, _ arguments: [QueryValue], sql: SQLExpectation = .selectsAsInMemory,
        postgreSQL: SQLExpectation? = nil, selection: Selection = .some
    ) {
        self.label = label
        self.query = query
        self.reference = reference
        self.referenceOrder = referenceOrder
        self.predicate = PredicateFormat(format: format, arguments: arguments)
        self.sql = sql
        self.postgreSQL = postgreSQL ?? sql
        self.selection = selection
    }

    /// The ids the independent filter and order select from `pokemon`, paged as the query
    /// says.
    package func referenceIDs(in pokemon: [Pokemon]) -> [Int] {
        let selected = pokemon.filter(reference).sorted(by: referenceOrder).dropFirst(query.offset)
        return selected.prefix(query.limit ?? Int.max).map(\.id)
    }
}

/// The whole table: at least 40 rows, every operator and option, nils, empty collections,
/// unicode, quotes, `%` and wildcards in values.
package enum ConditionTable {
    package static let rows: [ConditionRow] =
        comparisonRows + negationRows + textRows + equalityRows + collectionRows + logicRows
        + orderingRows
}
