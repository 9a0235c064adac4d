import Foundation
import PokedexKit
import PostgresNIO

/// What a user of postgres-nio writes instead of `PostgresStore<Pokemon>`, on the table the
/// store made (the same rows, the same indexes): a `PostgresClient` (postgres-nio's
/// connection pool), prepared statements (``RecordByKey`` and the others), each row's
/// `_record` decoded with one `JSONDecoder`, and each write in a transaction that counts it
/// in `modelstorage_version` and gives its rows that version, as the store's writes do.
struct HandWritten: Sendable {
    private let connection: RunningClient
    private let logger = Logger(label: "HandWritten")
    private let decoder = JSONDecoder()
    /// Compact, `/` unescaped: the JSON the store writes, byte for byte.
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    /// The client the statements run on.
    var client: PostgresClient { connection.client }

    /// A client of the database at a Unix socket, running until ``close()``.
    init(socket: String, username: String, database: String) {
        connection = RunningClient(socket: socket, username: username, database: database)
    }

    /// Stops the client and closes its connections.
    func close() async {
        await connection.close()
    }

    private func decode(_ json: String) throws -> Pokemon {
        try decoder.decode(Pokemon.self, from: Data(json.utf8))
    }

    // MARK: Reading

    /// The record with an id, or `nil`.
    func record(id: Int) async throws -> Pokemon? {
        var found: Pokemon?
        for try await json in try await client.execute(RecordByKey(value: String(id))) {
            found = try decode(json)
        }
        return found
    }

    /// The records with a name, in the table's order.
    func records(named name: String) async throws -> [Pokemon] {
        var found: [Pokemon] = []
        for try await json in try await client.execute(RecordsNamed(value: name)) {
            found.append(try decode(json))
        }
        return found
    }

    /// The ten records with the highest attack of at least a minimum, ties in the table's
    /// order.
    func strongest(atLeast minimum: Int) async throws -> [Pokemon] {
        var found: [Pokemon] = []
        for try await json in try await client.execute(Strongest(value: minimum)) {
            found.append(try decode(json))
        }
        return found
    }

    // MARK: Writing

    /// Inserts records in one transaction, one prepared `INSERT` each.
    func insertEach(_ records: [Pokemon]) async throws {
        try await client.withTransaction(logger: logger) { connection in
            let version = try await nextVersion(on: connection)
            for record in records {
                try await run(
                    InsertRow(columns: try Columns(record, version: version, encoder: encoder)),
                    on: connection)
            }
        }
    }

    /// Inserts records, or replaces those with their ids, in one transaction, up to 1,000
    /// rows an `INSERT … ON CONFLICT ("_key") DO UPDATE` (20,000 bindings; PostgreSQL takes
    /// at most 65,535 in a statement): what `upsert(contentsOf:)` asks for, in as few
    /// statements.
    func upsertInBatches(_ records: [Pokemon]) async throws {
        let rowsPerStatement = 1_000
        func statement(rows: Int) -> String {
            "INSERT INTO \"pokemon\" (\(Columns.names)) VALUES "
                + (0..<rows).map { row in
                    "(\(Columns.placeholders(from: row * Columns.count + 1)))"
                }.joined(separator: ", ") + " ON CONFLICT (\"_key\") DO UPDATE SET "
                + Columns.replaced
        }
        let full = statement(rows: rowsPerStatement)
        try await client.withTransaction(logger: logger) { connection in
            let version = try await nextVersion(on: connection)
            var start = 0
            while start < records.count {
                let batch = records[start..<min(records.count, start + rowsPerStatement)]
                var bindings = PostgresBindings(capacity: batch.count * Columns.count)
                for record in batch {
                    try Columns(record, version: version, encoder: encoder).append(to: &bindings)
                }
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: batch.count == rowsPerStatement
                            ? full : statement(rows: batch.count), binds: bindings),
                    logger: logger)
                start += batch.count
            }
        }
    }

    /// Toggles a record's favorite in a transaction of its own: reads it, changes it, and
    /// writes its row.
    ///
    /// - Returns: The record as written.
    func toggleFavorite(id: Int) async throws -> Pokemon {
        try await client.withTransaction(logger: logger) { connection in
            let version = try await nextVersion(on: connection)
            var found: Pokemon?
            for try await json in try await connection.execute(
                RecordByKey(value: String(id)), logger: logger)
            {
                found = try decode(json)
            }
            guard var record = found else {
                throw BenchmarkError.setup("no record has the id \(id)")
            }
            record.favorite.toggle()
            try await run(
                UpdateRow(columns: try Columns(record, version: version, encoder: encoder)),
                on: connection)
            return record
        }
    }

    /// Executes a statement that returns no rows. (postgres-nio's overload that returns the
    /// command tag traps when the tag comes before the empty row stream is read.)
    private func run<Statement: PostgresPreparedStatement>(
        _ statement: Statement, on connection: PostgresConnection
    ) async throws where Statement.Row == () {
        for try await _ in try await connection.execute(statement, logger: logger) {}
    }

    /// Counts a commit in `modelstorage_version` and returns its version.
    private func nextVersion(on connection: PostgresConnection) async throws -> Int64 {
        var version: Int64?
        for try await next in try await connection.execute(NextVersion(), logger: logger) {
            version = next
        }
        guard let version else {
            throw BenchmarkError.setup("modelstorage_version has no row for the table pokemon")
        }
        return version
    }
}
