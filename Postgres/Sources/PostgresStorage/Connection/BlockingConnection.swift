import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
@_spi(BackendInternals) import SQLStorage

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
/// after that fails with ``StoreError/connectionFailed(at:operation:message:)`` until the
/// transaction's `COMMIT` or `ROLLBACK`, rather than running outside it on a new connection.
/// A connection lost during `COMMIT` itself leaves the outcome unknown to the client; the
/// store then reports the write as failed, and the commit may or may not have happened.
///
/// It is public only as the connection of PostgreSQL's driver
/// (`SQLDriver.Connection`), which the shared store passes back to the driver; all of
/// its API is the driver's own.
public final class BlockingConnection: ReadingConnection {
    /// The database, as errors name it: `postgresql://user@host:port/database`, or the
    /// socket's path for a Unix socket.
    let database: String
    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    private var connection: PostgresConnection?
    /// The statements prepared on ``connection``, by their SQL (see
    /// ``preparedRows(_:text:operation:)``).
    var prepared: [String: PreparedQuery] = [:]
    /// How many times each query's text ran on ``connection`` outside a transaction, and those
    /// the server would not run prepared (see ``queryRows(_:_:operation:)``).
    var queriesSeen: [String: Int] = [:]
    var unpreparable: Set<String> = []
    /// Whether the queries this connection runs outside transactions are prepared once they
    /// repeat: a reader's are.
    var preparesQueries = false
    private var isClosed = false
    /// Whether a transaction was begun and not yet ended: the connection is then never made
    /// again, since the transaction went with the lost one.
    private(set) var transactionIsOpen = false
    /// Whether the schema is known to hold the version table: always, but for the readers
    /// of a read-only database opened before any of its models' tables was made, which
    /// look for it before each read of the version until they find it (see
    /// ``databaseVersion(operation:)``).
    var hasVersionTable = true
    /// Whether the read running now is a read-only database's that has not found every
    /// model's table yet: SQL that follows references could name a missing table, so a
    /// query that does is answered through a snapshot read (see
    /// ``answersExactly(_:tables:)``).
    public var awaitsTables = false

    /// The group commit, or the snapshot read, whose transactions may read through the
    /// connection now; 0 outside them (see `ConnectionRecords`).
    public var currentSession: UInt64 = 0
    /// The first read that failed where a transaction cannot throw, to fail the write with.
    public var readFailure: StoreError?
    /// Counts how the connection answers queries and counts, for the store's
    /// `queryEvaluationCounts`; `nil` on a connection that only listens.
    @_spi(BackendInternals) public var evaluations: QueryEvaluationCounter?

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
    /// - Throws: ``StoreError/connectionFailed(at:operation:message:)`` when the server cannot
    ///   be reached or refuses the login, saying what to check.
    func connect() throws(StoreError) {
        _ = try live()
    }

    /// Closes the connection; later queries throw ``StoreError/closed(at:)``.
    func close() {
        isClosed = true
        if let connection { try? connection.close().wait() }
        connection = nil
    }

    /// Drops the connection and what was prepared on it.
    func forgetConnection() {
        connection = nil
        prepared.removeAll()
        queriesSeen.removeAll()
        unpreparable.removeAll()
    }

    /// The connection: made on first use, and again after it was lost, outside a
    /// transaction.
    ///
    /// - Throws: ``StoreError/closed(at:)`` once closed;
    ///   ``StoreError/connectionFailed(at:operation:message:)`` when it cannot be made, or when
    ///   it was lost in the middle of a transaction.
    func live() throws(StoreError) -> PostgresConnection {
        guard !isClosed else { throw .closed(at: .database(database)) }
        if let connection {
            if !connection.isClosed { return connection }
            forgetConnection()
        }
        guard !transactionIsOpen else {
            // Connecting again here would run the rest of the transaction outside it.
            throw .connectionFailed(
                at: .database(database), operation: "continue a transaction",
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
            throw .connectionFailed(
                at: .database(database), operation: "connect to the server",
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
    /// - Throws: ``StoreError/statementFailed(at:operation:message:)`` with the server's
    ///   message and SQLSTATE; ``StoreError/connectionFailed(at:operation:message:)`` when the
    ///   connection was lost.
    @discardableResult
    func rows(_ sql: String, _ bindings: [SQLBinding] = [], operation: String) throws(StoreError)
        -> [PostgresRow]
    {
        // `COMMIT` and `ROLLBACK` end the transaction whether they succeed or not (on a lost
        // connection, the server has rolled it back already).
        let ends = sql == "COMMIT" || sql == "ROLLBACK"
        defer { if ends { transactionIsOpen = false } }
        let rows = try finish(try send(sql, bindings, operation: operation))
        // Open once `BEGIN` succeeded: a `BEGIN` that fails leaves no transaction to end.
        if sql.hasPrefix("BEGIN") { transactionIsOpen = true }
        return rows
    }

    /// Begins a transaction and runs statements in it, every one sent before waiting for
    /// the first: one round trip for all.
    ///
    /// - Parameters:
    ///   - statements: The statements to run first in the transaction, without bindings.
    ///   - operation: What they do, for errors.
    /// - Returns: Each statement's rows, in order.
    /// - Throws: ``StoreError`` as ``rows(_:_:operation:)`` does, for `BEGIN` or the first
    ///   statement that fails; the transaction is open once `BEGIN` succeeded, for the
    ///   caller to end.
    func begin(with statements: [String], operation: String) throws(StoreError)
        -> [[PostgresRow]]
    {
        let begin = try send("BEGIN", [], operation: operation)
        var sent: [Sent] = []
        for sql in statements { sent.append(try send(sql, [], operation: operation)) }
        try finish(begin)
        transactionIsOpen = true
        var rows: [[PostgresRow]] = []
        for statement in sent { rows.append(try finish(statement)) }
        return rows
    }

    /// A statement sent and not yet waited for: see ``send(_:_:operation:)``.
    struct Sent {
        fileprivate let result: EventLoopFuture<PostgresQueryResult>
        fileprivate let connection: PostgresConnection
        fileprivate let operation: String
    }

    /// Sends a statement and returns at once: ``finish(_:)`` waits for it.
    ///
    /// The caller can make the next statement while the server runs this one. The statements
    /// sent on the connection run one after the other, in the order sent. Never `BEGIN`,
    /// `COMMIT` or `ROLLBACK`, which ``rows(_:_:operation:)`` runs.
    ///
    /// - Throws: ``StoreError/connectionFailed(at:operation:message:)`` when there is no
    ///   connection; ``StoreError/statementFailed(at:operation:message:)`` when a value cannot
    ///   be bound.
    func send(_ sql: String, _ bindings: [SQLBinding], operation: String) throws(StoreError)
        -> Sent
    {
        let connection = try live()
        var binds = PostgresBindings()
        do {
            for binding in bindings { try binds.append(binding) }
        } catch {
            throw .statementFailed(
                at: .database(database), operation: operation, message: "\(error)")
        }
        return Sent(
            result: connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger),
            connection: connection, operation: operation)
    }

    /// Waits for a statement sent, and returns its rows.
    ///
    /// - Throws: ``StoreError/statementFailed(at:operation:message:)`` with the server's
    ///   message and SQLSTATE; ``StoreError/connectionFailed(at:operation:message:)`` when the
    ///   connection was lost.
    @discardableResult
    func finish(_ sent: Sent) throws(StoreError) -> [PostgresRow] {
        do {
            return try sent.result.wait().rows
        } catch {
            let lost = sent.connection.isClosed
            if lost, connection === sent.connection { forgetConnection() }
            throw Self.failure(
                lost: lost, database: database, operation: sent.operation, error: error)
        }
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
            throw .statementFailed(
                at: .database(database), operation: operation, message: "\(error)")
        }
    }

    /// The error for a statement that failed:
    /// ``StoreError/connectionFailed(at:operation:message:)`` when the connection was
    /// lost or the server is ending it (SQLSTATE class 08, or 57P: an administrator's
    /// termination, a shutdown), ``StoreError/statementFailed(at:operation:message:)``
    /// when the server refused the statement.
    static func failure(
        lost: Bool, database: String, operation: String, error: any Error
    ) -> StoreError {
        let state = sqlState(error) ?? ""
        return lost || state.hasPrefix("08") || state.hasPrefix("57P")
            ? .connectionFailed(
                at: .database(database), operation: operation, message: message(error))
            : .statementFailed(
                at: .database(database), operation: operation, message: message(error))
    }

    /// The SQLSTATE of a PostgreSQL error, when the server sent one.
    static func sqlState(_ error: any Error) -> String? {
        if case .server(let notice)? = error as? PostgresError {
            return notice.fields[.sqlState]
        }
        return (error as? PSQLError)?.serverInfo?[.sqlState]
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
