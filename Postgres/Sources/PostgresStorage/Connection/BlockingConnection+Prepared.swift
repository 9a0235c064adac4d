import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prepared statements: parsed and planned by the server once per connection, then only bound
/// and executed.
///
/// An unnamed statement, as ``rows(_:_:operation:)`` runs, is parsed and planned anew on every
/// call, which for the store's small statements costs the server more than running them: in
/// pgbench on the benchmark's machine, a lookup by key took 50 µs unnamed against 19 µs
/// prepared, and a `name ==` query with the store's check for inexact rows 100 µs against 25.
///
/// Statements are prepared with postgres-nio's `prepare(query:)`, the one way postgres-nio
/// 1.33 prepares a statement whose text is known only at run time. It lets the server infer
/// the parameters' types from the statement (so each value must be sent as that type), and it
/// labels the rows it returns as text though they come in binary: so every column these
/// statements return that is read is text (the others are cast), whose binary and text forms
/// are the same bytes.
extension BlockingConnection {
    /// Runs one of the store's fixed statements, prepared on the connection the first time,
    /// and returns its rows.
    ///
    /// - Parameters:
    ///   - sql: The statement, with `$1`, `$2`, … for the values, each compared with or
    ///     stored in a `text` column, or cast from `text`, so that the server makes it text.
    ///   - values: The values, in order; `nil` for `NULL`.
    ///   - operation: What the statement does, for errors.
    /// - Returns: The rows.
    /// - Throws: ``StoreError`` as ``rows(_:_:operation:)``
    ///   does.
    @discardableResult
    func preparedRows(_ sql: String, text values: [String?], operation: String)
        throws(StoreError) -> [PostgresRow]
    {
        try executePrepared(
            sql, values.map { $0.map { PostgresData(string: $0) } ?? .null },
            operation: operation)
    }

    /// The columns of the first row a prepared fixed statement returns, as text (each must
    /// be), or `nil` when it returns no row.
    ///
    /// - Throws: ``StoreError`` as
    ///   ``preparedRows(_:text:operation:)`` does, and when a column is `NULL`.
    func preparedRow(_ sql: String, text values: [String?], operation: String)
        throws(StoreError) -> [String]?
    {
        guard let row = try preparedRows(sql, text: values, operation: operation).first else {
            return nil
        }
        do {
            return try row.map { try $0.decode(String.self) }
        } catch {
            throw .statementFailed(
                at: .database(database), operation: operation, message: "\(error)")
        }
    }

    /// A `bigint` column's value, read as text.
    func parsedInteger(_ text: String, operation: String) throws(StoreError) -> Int64 {
        guard let value = Int64(text) else {
            throw .statementFailed(
                at: .database(database), operation: operation,
                message: "\"\(text)\" is not an integer")
        }
        return value
    }

    /// The most query texts prepared on one connection; more run unnamed.
    static var maximumPreparedQueries: Int { 64 }

    /// Runs a query's statement, whose text depends on the query, and returns its rows:
    /// prepared from the second time its text runs on a reader's connection outside a
    /// transaction, unnamed otherwise.
    ///
    /// Its values are sent in binary as their own types (`bigint`, `boolean`,
    /// `double precision`, `text`), which is what the server infers for a parameter compared
    /// with a column of the attribute's type, and a parameter the statement casts to `jsonb`
    /// (`CAST($1 AS jsonb)`, for a collection) as `jsonb`. A statement with any other cast of
    /// a parameter, or with bytes, runs unnamed; one the server still refuses prepared runs
    /// unnamed at once, and from then on. Outside a transaction, a refused statement changes
    /// nothing.
    ///
    /// - Parameters:
    ///   - sql: The statement; every column it returns is text.
    ///   - bindings: The values, in order.
    ///   - operation: What the statement does, for errors.
    /// - Returns: The rows.
    /// - Throws: ``StoreError`` as ``rows(_:_:operation:)``
    ///   does.
    func queryRows(_ sql: String, _ bindings: [SQLBinding], operation: String)
        throws(StoreError) -> [PostgresRow]
    {
        guard preparesQueries, !transactionIsOpen, !unpreparable.contains(sql),
            let jsonbParameters = Self.jsonbParameters(in: sql),
            let values = Self.binary(bindings, jsonbParameters: jsonbParameters)
        else {
            return try rows(sql, bindings, operation: operation)
        }
        if prepared[sql] == nil {
            // Prepared from its second run (a text seen once may never come again), and only
            // so many: the rest run unnamed.
            let seen = queriesSeen[sql, default: 0]
            guard seen >= 1, prepared.count < Self.maximumPreparedQueries else {
                if queriesSeen.count >= 4 * Self.maximumPreparedQueries {
                    queriesSeen.removeAll()
                }
                queriesSeen[sql] = seen + 1
                return try rows(sql, bindings, operation: operation)
            }
        }
        do {
            return try executePrepared(sql, values, operation: operation)
        } catch  where error.code == .statementFailed {
            // The connection is alive, and the server refused the statement prepared.
            unpreparable.insert(sql)
            prepared[sql] = nil
            return try rows(sql, bindings, operation: operation)
        }
    }

    /// The numbers of the parameters a statement casts to `jsonb` (`CAST($2 AS jsonb)`), or
    /// `nil` when it casts one to another type, which the server would then expect in binary
    /// as that type.
    static func jsonbParameters(in sql: String) -> Set<Int>? {
        var numbers: Set<Int> = []
        var rest = sql[...]
        while let cast = rest.range(of: "CAST($") {
            let digits = rest[cast.upperBound...].prefix { $0.isASCII && $0.isNumber }
            let after = rest[digits.endIndex...]
            guard let number = Int(digits), after.hasPrefix(" AS jsonb)") else { return nil }
            numbers.insert(number)
            rest = after
        }
        return numbers
    }

    /// Values in binary as their own PostgreSQL types, or `nil` for bytes (which PostgreSQL
    /// may read as another type) and none.
    ///
    /// - Parameters:
    ///   - bindings: The values, in order.
    ///   - jsonbParameters: The numbers (from 1) of the parameters the statement casts to
    ///     `jsonb`, whose text is JSON: each is sent as `jsonb`.
    /// - Returns: The values, or `nil` when one cannot be sent in binary.
    private static func binary(_ bindings: [SQLBinding], jsonbParameters: Set<Int>)
        -> [PostgresData]?
    {
        var values: [PostgresData] = []
        values.reserveCapacity(bindings.count)
        for (index, binding) in bindings.enumerated() {
            if jsonbParameters.contains(index + 1) {
                guard case .text(let json) = binding else { return nil }
                values.append(PostgresData(jsonb: Data(json.utf8)))
                continue
            }
            switch binding {
            case .null: values.append(.null)
            case .integer(let value): values.append(PostgresData(int64: value))
            case .boolean(let value): values.append(PostgresData(bool: value))
            case .real(let value): values.append(PostgresData(double: value))
            case .text(let value): values.append(PostgresData(string: value))
            case .blob: return nil
            }
        }
        return values
    }

    /// Prepares a statement on the connection when it is not yet, and executes it.
    private func executePrepared(_ sql: String, _ values: [PostgresData], operation: String)
        throws(StoreError) -> [PostgresRow]
    {
        let connection = try live()
        do {
            let statement: PreparedQuery
            if let made = prepared[sql] {
                statement = made
            } else {
                statement = try connection.prepare(query: sql).wait()
                prepared[sql] = statement
            }
            return try statement.execute(values).wait()
        } catch {
            if connection.isClosed { forgetConnection() }
            throw Self.failure(
                lost: connection.isClosed, database: database, operation: operation, error: error)
        }
    }
}
