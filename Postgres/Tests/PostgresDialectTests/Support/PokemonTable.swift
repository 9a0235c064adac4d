import Foundation
import KeyPathQuery
import PostgresNIO
import SharedConditionTable

/// The condition table's Pokémon in a real PostgreSQL table, stored by the conventions of the
/// PostgreSQL dialect: `bigint`, `text COLLATE "C"`, `boolean`, and arrays as `jsonb`.
enum PokemonTable {
    /// The options every query here is rendered with.
    static let options = SQLOptions(dialect: .postgreSQL)

    /// Creates the `pokemon` table and fills it with `pokemon`.
    static func create(
        with pokemon: [Pokemon], on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await createTable("pokemon", with: pokemon, on: connection, logger: logger)
    }

    /// Creates a table of a model's ``Queryable/sqlColumns()``, each declared with
    /// ``SQLColumn/declaredType(in:)``, and fills it with `records`, each value as
    /// ``SQLColumn/value(in:options:)`` stores it (`jsonb` bound as JSON text and cast).
    static func createTable<Model: Queryable>(
        _ table: String, with records: [Model], on connection: PostgresConnection,
        logger: Logger
    ) async throws {
        let columns = Model.sqlColumns()
        let definitions = columns.map { "\"\($0.name)\" \($0.declaredType(in: .postgreSQL))" }
        try await connection.query(
            PostgresQuery(
                unsafeSQL: "CREATE TABLE \(table) (" + definitions.joined(separator: ", ") + ")"),
            logger: logger)
        let names = columns.map { "\"\($0.name)\"" }.joined(separator: ", ")
        let values = columns.enumerated().map { index, column in
            column.declaredType(in: .postgreSQL) == "jsonb"
                ? "CAST($\(index + 1) AS jsonb)" : "$\(index + 1)"
        }
        let insert =
            "INSERT INTO \(table) (\(names)) VALUES (\(values.joined(separator: ", ")))"
        for record in records {
            var bindings = PostgresBindings()
            for column in columns {
                try bindings.appendBinding(column.value(in: record, options: options))
            }
            try await connection.query(
                PostgresQuery(unsafeSQL: insert, binds: bindings), logger: logger)
        }
    }

    /// The ids a query selects from the table, in the order PostgreSQL returns them.
    static func ids(
        of query: RecordQuery<Pokemon>, on connection: PostgresConnection, logger: Logger
    ) async throws -> [Int] {
        try await selectIDs(query, from: "pokemon", on: connection, logger: logger)
    }

    /// The ids a query selects from a table, rendered in the PostgreSQL dialect, in the order
    /// PostgreSQL returns them.
    static func selectIDs<Model: Queryable>(
        _ query: RecordQuery<Model>, from table: String, on connection: PostgresConnection,
        logger: Logger
    ) async throws -> [Int] {
        try await ids(
            of: try query.sqlClauses(options: options), from: table, on: connection, logger: logger)
    }

    /// The ids that rendered clauses select from a table, in the order PostgreSQL returns
    /// them.
    static func ids(
        of clauses: SQLClauses, from table: String, on connection: PostgresConnection,
        logger: Logger
    ) async throws -> [Int] {
        var bindings = PostgresBindings()
        for binding in clauses.bindings {
            try bindings.appendBinding(binding)
        }
        let rows = try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT id FROM \(table) " + clauses.sql, binds: bindings),
            logger: logger)
        var ids: [Int] = []
        for try await id in rows.decode(Int64.self) {
            ids.append(Int(id))
        }
        return ids
    }
}

extension PostgresBindings {
    /// Appends a rendered binding with its PostgreSQL type: `bigint`, `boolean`,
    /// `double precision`, `text` or `bytea`.
    mutating func appendBinding(_ binding: SQLBinding) throws {
        switch binding {
        case .null: appendNull()
        case .integer(let value): append(value)
        case .boolean(let value): append(value)
        case .real(let value): append(value)
        case .text(let value): append(value)
        case .blob(let value): try append(value)
        }
    }
}
