import KeyPathQuery
import Testing

/// One row of the condition table that follows a reference between the table's two models:
/// from a ``Pokemon`` to its ``Species`` or back, with an independent filter that reads the
/// other model's records in plain Swift.
///
/// The query is on either model, sorted by id; the row keeps it behind closures so that rows
/// of both models share one list. It is checked as ``ConditionRow`` is: in memory (resolved
/// through ``PokedexRecords``) against the independent filter, in SQLite and PostgreSQL
/// (with ``ReferenceTable/tables`` naming both tables) against memory, and as an
/// `NSPredicate` format against the one written in the row.
package struct ReferenceRow: Sendable, CustomTestStringConvertible {
    package let label: String
    /// The table of the model the row selects from: `pokemon` or `species`.
    package let table: String
    package let predicate: PredicateFormat
    /// What the SQLite dialect must do.
    package let sql: ConditionRow.SQLExpectation
    /// What the PostgreSQL dialect must do: what SQLite does unless the row says otherwise.
    package let postgreSQL: ConditionRow.SQLExpectation
    /// How much of the model's records the row means to select.
    package let selection: ConditionRow.Selection
    private let query: Query

    package var testDescription: String { label }

    /// The row's query, bound to its model.
    private struct Query: Sendable {
        let inMemory: @Sendable (PokedexRecords) throws -> [Int]
        let reference: @Sendable (PokedexRecords) -> [Int]
        let count: @Sendable (PokedexRecords) -> Int
        let sqlClauses: @Sendable (SQLOptions) throws(QueryError) -> SQLClauses
        let predicateFormat: @Sendable () throws(QueryError) -> PredicateFormat
    }

    /// A row on the Pokémon: their records that satisfy `condition`, by id.
    ///
    /// (One factory per model, with the condition's type written out, so that the compiler
    /// need not infer the model through the rows' implicit members.)
    static func pokemon(
        _ label: String, _ condition: Condition<Pokemon>,
        matching reference: @escaping @Sendable (Pokemon, PokedexRecords) -> Bool,
        format: String, _ arguments: [QueryValue],
        sql: ConditionRow.SQLExpectation = .selectsAsInMemory,
        postgreSQL: ConditionRow.SQLExpectation? = nil, selection: ConditionRow.Selection = .some
    ) -> ReferenceRow {
        ReferenceRow(
            label, condition, from: \.pokemon, id: \.id, matching: reference, format: format,
            arguments,
            sql: sql, postgreSQL: postgreSQL, selection: selection)
    }

    /// A row on the species: their records that satisfy `condition`, by id.
    static func species(
        _ label: String, _ condition: Condition<Species>,
        matching reference: @escaping @Sendable (Species, PokedexRecords) -> Bool,
        format: String, _ arguments: [QueryValue],
        sql: ConditionRow.SQLExpectation = .selectsAsInMemory,
        postgreSQL: ConditionRow.SQLExpectation? = nil, selection: ConditionRow.Selection = .some
    ) -> ReferenceRow {
        ReferenceRow(
            label, condition, from: \.species, id: \.id, matching: reference, format: format,
            arguments,
            sql: sql, postgreSQL: postgreSQL, selection: selection)
    }

    /// A row whose query selects the records of `Model` that satisfy `condition`, by id.
    ///
    /// `id` is the model's own `id` property: a key path formed through `Identifiable` in
    /// generic code is another key path, which the model's attribute map does not name.
    private init<Model: Queryable & SendableMetatype>(
        _ label: String, _ condition: Condition<Model>,
        from records: any KeyPath<PokedexRecords, [Model]> & Sendable,
        id: any KeyPath<Model, Int> & Sendable,
        matching reference: @escaping @Sendable (Model, PokedexRecords) -> Bool,
        format: String, _ arguments: [QueryValue],
        sql: ConditionRow.SQLExpectation = .selectsAsInMemory,
        postgreSQL: ConditionRow.SQLExpectation? = nil,
        selection: ConditionRow.Selection = .some
    ) {
        let query = RecordQuery<Model>(where: condition, sortedBy: [.ascending(id)])
        self.label = label
        table = ReferenceTable.tables.table(for: Model.self)?.name ?? "\(Model.self)"
        predicate = PredicateFormat(format: format, arguments: arguments)
        self.sql = sql
        self.postgreSQL = postgreSQL ?? sql
        self.selection = selection
        self.query = Query(
            inMemory: { lookup in
                var resolved = query
                resolved.condition = try condition.resolvingReferences(in: lookup)
                return try resolved.apply(to: lookup[keyPath: records]).map { $0[keyPath: id] }
            },
            reference: { lookup in
                lookup[keyPath: records].filter { reference($0, lookup) }.map { $0[keyPath: id] }
                    .sorted()
            },
            count: { $0[keyPath: records].count },
            sqlClauses: { options throws(QueryError) in try query.sqlClauses(options: options) },
            predicateFormat: { () throws(QueryError) in try condition.predicateFormat() })
    }

    /// The ids memory selects, in order: the condition resolved through `records`, then
    /// applied to the records of its model.
    package func inMemoryIDs(in records: PokedexRecords) throws -> [Int] {
        try query.inMemory(records)
    }

    /// The ids the independent filter selects, in id order.
    package func referenceIDs(in records: PokedexRecords) -> [Int] {
        query.reference(records)
    }

    /// How many records the row's model has in `records`.
    package func recordCount(in records: PokedexRecords) -> Int {
        query.count(records)
    }

    /// The query as SQL, with `options` (whose ``SQLOptions/tables`` must name both tables).
    package func sqlClauses(options: SQLOptions) throws(QueryError) -> SQLClauses {
        try query.sqlClauses(options)
    }

    /// The condition as an `NSPredicate` format.
    package func predicateFormat() throws(QueryError) -> PredicateFormat {
        try query.predicateFormat()
    }
}

/// The reference rows of the condition table, and where their models lie in SQL.
package enum ReferenceTable {
    /// The table's two models in SQL: `pokemon` and `species`, each keyed by `id`.
    package static let tables: SQLTables = {
        var tables = SQLTables()
        tables.add(Pokemon.self, name: "pokemon", keyColumn: "id")
        tables.add(Species.self, name: "species", keyColumn: "id")
        return tables
    }()

    /// Every reference row: at least 10, to-one and to-many, negated, nested, combined with
    /// the model's own attributes, and text inside a reference.
    package static let rows: [ReferenceRow] = toOneRows + toManyRows + nestedRows
}
