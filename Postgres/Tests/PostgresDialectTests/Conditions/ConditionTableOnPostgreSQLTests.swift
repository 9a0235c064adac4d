import KeyPathQuery
import PostgresNIO
import PostgresTestServer
import SharedConditionTable
import Testing

/// KeyPathQuery's cross-target condition table, the one KeyPathQueryTests runs in memory, as
/// `NSPredicate` formats and on SQLite, rendered in the PostgreSQL dialect and run on a real
/// server through postgres-nio.
@Suite("The condition table on a real PostgreSQL server")
struct ConditionTableOnPostgreSQLTests {
    @Test("every row selects in PostgreSQL what memory selects, in order, or is refused")
    func conditionTable() async throws {
        let pokemon = try PokemonFixture.pokemon()
        #expect(ConditionTable.rows.count >= 40)
        let (ran, refused) = try await Self.withConnection { connection, server in
            try await check(ConditionTable.rows, pokemon, connection, server)
        }
        #expect(ran + refused == ConditionTable.rows.count)
        #expect(ran > refused)
    }

    /// Runs `body` on a connection to a new server, closing the connection afterwards.
    static func withConnection<Value: Sendable>(
        _ body: (PostgresConnection, PostgresTestServer) async throws -> Value
    ) async throws -> Value {
        try await PostgresTestServer.withServer { server in
            let connection = try await server.connect()
            do {
                let result = try await body(connection, server)
                try await connection.close()
                return result
            } catch {
                try? await connection.close()
                throw error
            }
        }
    }

    /// Checks each row, recording a failure per row; returns how many ran and how many were
    /// refused.
    private func check(
        _ rows: [ConditionRow], _ pokemon: [Pokemon], _ connection: PostgresConnection,
        _ server: PostgresTestServer
    ) async throws -> (ran: Int, refused: Int) {
        try await PokemonTable.create(with: pokemon, on: connection, logger: server.logger)
        var (ran, refused) = (0, 0)
        for row in rows {
            switch row.postgreSQL {
            case .selectsAsInMemory:
                let inMemory = try row.query.apply(to: pokemon).map(\.id)
                #expect(inMemory == row.referenceIDs(in: pokemon), "in memory: \(row.label)")
                do {
                    let ids = try await PokemonTable.ids(
                        of: row.query, on: connection, logger: server.logger)
                    #expect(ids == inMemory, "\(row.label)")
                    ran += 1
                } catch {
                    Issue.record("\(row.label): \(String(reflecting: error))")
                }
            case .refused:
                do {
                    _ = try row.query.sqlClauses(options: PokemonTable.options)
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
