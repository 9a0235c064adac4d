import KeyPathQuery
import Testing

/// One row of the condition table: a query, what an independent filter says it selects, and
/// what each renderer must produce.
struct ConditionRow: Sendable, CustomTestStringConvertible {
    /// What SQL must do with the row.
    enum SQLExpectation: Sendable {
        /// Render, and select in SQLite what memory selects, in the same order.
        case selectsAsInMemory
        /// Refuse with ``QueryError/unsupported(operation:target:reason:)``, naming SQL.
        case refused
    }

    let label: String
    let query: RecordQuery<Pokemon>
    /// The independent filter: plain Swift on the record's properties.
    let reference: @Sendable (Pokemon) -> Bool
    /// The independent order: a strict "comes before".
    let referenceOrder: @Sendable (Pokemon, Pokemon) -> Bool
    let predicate: PredicateFormat
    let sql: SQLExpectation
    /// How much of the table the row means to select.
    let selection: Selection

    /// How much of the table a row means to select: most select some of it, so that they
    /// could fail either way.
    enum Selection: Sendable {
        case some, nothing, everything
    }

    var testDescription: String { label }

    /// A row whose query sorts by id.
    init(
        _ label: String, _ condition: Condition<Pokemon>,
        matching reference: @escaping @Sendable (Pokemon) -> Bool,
        format: String, _ arguments: [QueryValue], sql: SQLExpectation = .selectsAsInMemory,
        selection: Selection = .some
    ) {
        self.init(
            label, RecordQuery(where: condition, sortedBy: [.ascending(\.id)]), matching: reference,
            orderedBy: { $0.id < $1.id }, format: format, arguments, sql: sql,
            selection: selection)
    }

    /// A row with its own sort and page.
    init(
        _ label: String, _ query: RecordQuery<Pokemon>,
        matching reference: @escaping @Sendable (Pokemon) -> Bool,
        orderedBy referenceOrder: @escaping @Sendable (Pokemon, Pokemon) -> Bool,
        format: String, _ arguments: [QueryValue], sql: SQLExpectation = .selectsAsInMemory,
        selection: Selection = .some
    ) {
        self.label = label
        self.query = query
        self.reference = reference
        self.referenceOrder = referenceOrder
        self.predicate = PredicateFormat(format: format, arguments: arguments)
        self.sql = sql
        self.selection = selection
    }

    /// The ids the independent filter and order select from `pokemon`, paged as the query
    /// says.
    func referenceIDs(in pokemon: [Pokemon]) -> [Int] {
        let selected = pokemon.filter(reference).sorted(by: referenceOrder).dropFirst(query.offset)
        return selected.prefix(query.limit ?? Int.max).map(\.id)
    }
}

/// The whole table: at least 40 rows, every operator and option, nils, empty collections,
/// unicode, quotes, `%` and wildcards in values.
enum ConditionTable {
    static let rows: [ConditionRow] =
        comparisonRows + negationRows + textRows + equalityRows + collectionRows + logicRows
        + orderingRows
}
