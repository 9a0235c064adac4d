/// The tables that conditions following a reference read, by model: each table's name and
/// the column that holds each record's id.
///
/// A condition that follows a reference renders as a subquery of the other model's table, so
/// the renderer must know where each model lies:
///
/// ```swift
/// var options = SQLOptions()
/// options.tables.add(Pokemon.self, name: "pokemon", keyColumn: "id")
/// options.tables.add(PokemonSpecies.self, name: "species", keyColumn: "id")
/// let legendary: Condition<Pokemon> =
///     .reference(\.speciesID, to: PokemonSpecies.self, where: \.isLegendary == true)
/// try legendary.sqlExpression(options: options).sql
/// // "pokemon"."species_id" IN (SELECT r1."id" FROM "species" AS r1
/// //     WHERE r1."is_legendary" = ?)
/// ```
///
/// The stores of a database of several models name every model's table themselves.
public struct SQLTables: Hashable, Sendable {
    /// Where one model's records lie.
    public struct Table: Hashable, Sendable {
        /// The table's name, unquoted.
        public var name: String
        /// The column that holds each record's id, unquoted: the id attribute's column, or a
        /// store's own key column.
        public var keyColumn: String

        /// A table.
        ///
        /// - Parameters:
        ///   - name: The table's name, unquoted.
        ///   - keyColumn: The column that holds each record's id, unquoted.
        public init(name: String, keyColumn: String) {
            self.name = name
            self.keyColumn = keyColumn
        }
    }

    private var tables: [ObjectIdentifier: Table] = [:]
    /// The token tables of the models whose searches render as SQL.
    private var searchIndexes: [ObjectIdentifier: SQLSearchIndex] = [:]

    /// No tables.
    public init() {}

    /// Names the table of a model, replacing any named before.
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - name: Its table's name, unquoted.
    ///   - keyColumn: The column that holds each record's id, unquoted.
    public mutating func add<Model: Queryable>(
        _ model: Model.Type, name: String, keyColumn: String
    ) {
        tables[ObjectIdentifier(model)] = Table(name: name, keyColumn: keyColumn)
    }

    /// The table of a model, if named.
    ///
    /// - Parameter model: The model.
    /// - Returns: Its table, or `nil`.
    public func table<Model: Queryable>(for model: Model.Type) -> Table? {
        tables[ObjectIdentifier(model)]
    }

    /// The table of a model, by identity.
    package func table(for model: ObjectIdentifier) -> Table? {
        tables[model]
    }

    /// Whether no table is named.
    public var isEmpty: Bool { tables.isEmpty }

    /// Names the table of a model's search tokens, replacing any named before, so that a
    /// search over the attributes it keeps renders as SQL (see ``SQLSearchIndex``).
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - index: Its token table.
    public mutating func addSearchIndex<Model: Queryable>(
        _ model: Model.Type, _ index: SQLSearchIndex
    ) {
        searchIndexes[ObjectIdentifier(model)] = index
    }

    /// The table of a model's search tokens, if named.
    ///
    /// - Parameter model: The model.
    /// - Returns: Its token table, or `nil`.
    public func searchIndex<Model: Queryable>(for model: Model.Type) -> SQLSearchIndex? {
        searchIndexes[ObjectIdentifier(model)]
    }

    /// The table of a model's search tokens, by identity.
    package func searchIndex(for model: ObjectIdentifier) -> SQLSearchIndex? {
        searchIndexes[model]
    }
}
