import KeyPathQuery
import PostgresNIO
import PostgresTestServer
import SharedConditionTable
import Testing

/// The condition table's rows that follow a reference, the ones KeyPathQueryTests runs in
/// memory, as `NSPredicate` formats and on SQLite, rendered in the PostgreSQL dialect with
/// both tables named and run on a real server, on `pokemon` and `species` tables made from
/// the models' columns.
@Suite("The condition table's references on a real PostgreSQL server")
struct ReferenceTableOnPostgreSQLTests {
    /// The PostgreSQL dialect, with both tables named.
    private static var options: SQLOptions {
        var options = PokemonTable.options
        options.tables = ReferenceTable.tables
        return options
    }

    @Test("every reference row selects in PostgreSQL what memory selects, in order, or is refused")
    func referenceTable() async throws {
        let records = try PokedexRecords.fixtures()
        #expect(ReferenceTable.rows.count >= 10)
        let (ran, refused) = try await ConditionTableOnPostgreSQLTests.withConnection {
            connection, server in
            try await check(ReferenceTable.rows, records, connection, server)
        }
        #expect(ran + refused == ReferenceTable.rows.count)
        #expect(ran > refused)
        #expect(refused >= 1)
    }

    /// Checks each row, recording a failure per row; returns how many ran and how many were
    /// refused.
    private func check(
        _ rows: [ReferenceRow], _ records: PokedexRecords, _ connection: PostgresConnection,
        _ server: PostgresTestServer
    ) async throws -> (ran: Int, refused: Int) {
        try await PokemonTable.createTable(
            "pokemon", with: records.pokemon, on: connection, logger: server.logger)
        try await PokemonTable.createTable(
            "species", with: records.species, on: connection, logger: server.logger)
        var (ran, refused) = (0, 0)
        for row in rows {
            switch row.postgreSQL {
            case .selectsAsInMemory:
                let inMemory = try row.inMemoryIDs(in: records)
                #expect(inMemory == row.referenceIDs(in: records), "in memory: \(row.label)")
                do {
                    let ids = try await PokemonTable.ids(
                        of: try row.sqlClauses(options: Self.options), from: row.table,
                        on: connection, logger: server.logger)
                    #expect(ids == inMemory, "\(row.label)")
                    ran += 1
                } catch {
                    Issue.record("\(row.label): \(String(reflecting: error))")
                }
            case .refused:
                do {
                    _ = try row.sqlClauses(options: Self.options)
                    Issue.record("\(row.label): rendered, but PostgreSQL should refuse it")
                } catch {
                    #expect(error.code == .unsupported, "\(row.label): \(error)")
                    #expect(error.target == .sql, "\(row.label)")
                    refused += 1
                }
            }
        }
        return (ran, refused)
    }
}
