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

/// One PostgreSQL connection used synchronously, from the ``ConnectionThread`` that owns it:
/// each query is postgres-nio's `EventLoopFuture` API and `wait()`.
///
/// The connection is made on first use and made again after it is lost (the server
/// restarted, the network dropped it), so that a store recovers without being remade. Never
/// inside a transaction, though: a transaction open when the connection was lost is gone
/// with it (the server rolls it back, so nothing of it is written), and every statement
/// after that fails with ``StoreError/io(path:operation:code:message:)`` until the
/// transaction's `COMMIT` or `ROLLBACK`, rather than running outside it on a new connection.
/// A connection lost during `COMMIT` itself leaves the outcome unknown to the client; the
/// store then reports the write as failed, and the commit may or may not have happened.
final class BlockingConnection {
    /// The database, as errors name it: `postgresql://user@host:port/database`, or the
    /// socket's path for a Unix socket.
    let database: String
    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    private var connection: PostgresConnection?
    /// The statements prepared on ``connection``, by their SQL (see ``preparedRows``).
    private var prepared: [String: PreparedQuery] = [:]
    private var isClosed = false
    /// Whether a transaction was begun and not yet ended: the connection is then never made
    /// again, since the transaction went with the lost one.
    private var transactionIsOpen = false

    /// The group commit whose transaction may read through the connection now; 0 outside
    /// one (see ``WriterRecords``).
    var currentGroup: UInt64 = 0
    /// The first read that failed where a transaction cannot throw, to fail the write with.
    var readFailure: StoreError?

    /// A connection to make on first use.
    ///
    /// - Parameters:
    ///   - configuration: How to reach the server.
    ///   - logger: postgres-nio's logger.
    init(configuration: PostgresConnection.Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        self.database = Self.describe(configuration)
    }

    /// The database as errors name it.
    static func describe(_ configuration: PostgresConnection.Configuration) -> String {
        let name = configuration.database ?? configuration.username
        if let socket = configuration.unixSocketPath {
            return "postgresql://\(configuration.username)@\(socket)/\(name)"
        }
        let host = configuration.host ?? "?"
        let port = configuration.port.map { ":\($0)" } ?? ""
        return "postgresql://\(configuration.username)@\(host)\(port)/\(name)"
    }

    /// Connects now, when not connected.
    ///
    /// - Throws: ``StoreError/io(path:operation:code:message:)`` when the server cannot be
    ///   reached or refuses the login, saying what to check.
    func connect() throws(StoreError) {
        _ = try live()
    }

    /// Closes the connection; later queries throw ``StoreError/closed(path:)``.
    func close() {
        isClosed = true
        if let connection { try? connection.close().wait() }
        connection = nil
    }

    private func live() throws(StoreError) -> PostgresConnection {
        guard !isClosed else { throw .closed(path: database) }
        if let connection, !connection.isClosed { return connection }
        connection = nil
        prepared.removeAll()
        guard !transactionIsOpen else {
            // Connecting again here would run the rest of the transaction outside it.
            throw .io(
                path: database, operation: "continue a transaction", code: ECONNRESET,
                message: "the connection was lost in the middle of a transaction, which the "
                    + "server rolled back: nothing of it was stored")
        }
        do {
            let made = try PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration,
                id: Int.random(in: 1...Int(Int32.max)), logger: logger
            ).wait()
            connection = made
            return made
        } catch {
            throw .io(
                path: database, operation: "connect to the server", code: ECONNREFUSED,
                message: Self.message(error)
                    + "; check that the server runs and that the configuration names it")
        }
    }

    // MARK: Queries

    /// Runs a statement and returns its rows.
    ///
    /// - Parameters:
    ///   - sql: The statement, with `$1`, `$2`, … for the bindings.
    ///   - bindings: The values, in order.
    ///   - operation: What the statement does, for errors.
    /// - Returns: The rows.
    /// - Throws: ``StoreError/io(path:operation:code:message:)`` with the server's message
    ///   and SQLSTATE, or saying that the connection was lost.
    @discardableResult
    func rows(_ sql: String, _ bindings: [SQLBinding] = [], operation: String) throws(StoreError)
        -> [PostgresRow]
    {
        // `COMMIT` and `ROLLBACK` end the transaction whether they succeed or not (on a lost
        // connection, the server has rolled it back already).
        let ends = sql == "COMMIT" || sql == "ROLLBACK"
        defer { if ends { transactionIsOpen = false } }
        let connection = try live()
        var binds = PostgresBindings()
        do {
            for binding in bindings { try binds.append(binding) }
            let rows = try connection.query(
                PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger
            ).wait().rows
            // Open once `BEGIN` succeeded: a `BEGIN` that fails leaves no transaction to end.
            if sql.hasPrefix("BEGIN") { transactionIsOpen = true }
            return rows
        } catch {
            if connection.isClosed { self.connection = nil }
            throw .io(
                path: database, operation: operation,
                code: connection.isClosed ? ECONNRESET : EIO, message: Self.message(error))
        }
    }

    /// Runs one of the store's fixed statements, prepared on the connection the first time (a
    /// named prepared statement, which PostgreSQL parses and plans once), and returns its
    /// rows.
    ///
    /// An unnamed statement, as ``rows(_:_:operation:)`` runs, is parsed and planned anew on
    /// every call, which for a lookup by key costs the server more than running it: in
    /// pgbench here, 50 µs a lookup unnamed against 19 µs prepared.
    ///
    /// The statement is prepared with postgres-nio's `prepare(query:)`, which lets the server
    /// infer the parameters' types, and labels the rows it returns as text though they come
    /// in binary (postgres-nio 1.33): so each parameter must be text (compared with or stored
    /// in a `text` column, or cast from `text`), and a column that is read must be text too
    /// (cast the others), whose binary and text forms are the same bytes; see
    /// ``preparedRow(_:text:operation:)``.
    ///
    /// - Parameters:
    ///   - sql: The statement, with `$1`, `$2`, … for the values.
    ///   - values: The values, in order; `nil` for `NULL`.
    ///   - operation: What the statement does, for errors.
    /// - Returns: The rows.
    /// - Throws: ``StoreError/io(path:operation:code:message:)`` as ``rows(_:_:operation:)``
    ///   does.
    @discardableResult
    func preparedRows(_ sql: String, text values: [String?], operation: String)
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
            return try statement.execute(
                values.map { $0.map { PostgresData(string: $0) } ?? .null }
            )
            .wait()
        } catch {
            if connection.isClosed {
                self.connection = nil
                prepared.removeAll()
            }
            throw .io(
                path: database, operation: operation,
                code: connection.isClosed ? ECONNRESET : EIO, message: Self.message(error))
        }
    }

    /// The columns of the first row a prepared statement returns, as text (see
    /// ``preparedRows(_:text:operation:)``: each column must be text), or `nil` when it
    /// returns no row.
    ///
    /// - Throws: ``StoreError/io(path:operation:code:message:)`` as
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
            throw .io(path: database, operation: operation, code: EIO, message: "\(error)")
        }
    }

    /// A `bigint` column's value, read as text.
    func parsedInteger(_ text: String, operation: String) throws(StoreError) -> Int64 {
        guard let value = Int64(text) else {
            throw .io(
                path: database, operation: operation, code: EIO,
                message: "\"\(text)\" is not an integer")
        }
        return value
    }

    /// The first column of the first row, as an integer, or `nil` when there is no row or it
    /// is `NULL`.
    func integer(_ sql: String, _ bindings: [SQLBinding] = [], operation: String)
        throws(StoreError) -> Int64?
    {
        guard let row = try rows(sql, bindings, operation: operation).first else { return nil }
        do {
            return try row.decode(Int64?.self)
        } catch {
            throw .io(path: database, operation: operation, code: EIO, message: "\(error)")
        }
    }

    /// A PostgreSQL error as a sentence: the server's message and SQLSTATE, or the driver's
    /// reason.
    static func message(_ error: any Error) -> String {
        // A prepared statement's errors come as postgres-nio's older type.
        if case .server(let notice)? = error as? PostgresError,
            let message = notice.fields[.message]
        {
            let state = notice.fields[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            let detail = notice.fields[.detail].map { ": " + $0 } ?? ""
            return message + detail + state
        }
        guard let error = error as? PSQLError else { return String(describing: error) }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            let detail = error.serverInfo?[.detail].map { ": " + $0 } ?? ""
            return message + detail + state
        }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
            return "the connection to the server was lost (\(error.code))"
        default:
            return "\(error.code)" + (error.underlying.map { ": \($0)" } ?? "")
        }
    }
}

extension PostgresBindings {
    /// Appends a rendered binding with its PostgreSQL type: `bigint`, `boolean`,
    /// `double precision`, `text` or `bytea`.
    mutating func append(_ binding: SQLBinding) throws {
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
