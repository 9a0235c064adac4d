import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
import Testing

@testable import PostgresStorage

/// A reader's queries are prepared from their second run, and run unnamed when the server
/// will not run them prepared.
@Suite("Prepared queries")
struct PreparedQueryTests {
    @Test("a query is prepared from its second run, with the same answer")
    func preparedFromTheSecondRun() async throws {
        let sql = "SELECT CAST(CAST(41 AS bigint) + $1 AS text)"
        let rounds = try await Self.onReader { connection throws(StoreError) in
            var rounds: [(answer: String, prepared: Bool)] = []
            for _ in 0..<3 {
                let rows = try connection.queryRows(sql, [.integer(1)], operation: "test")
                rounds.append((try Self.text(rows), connection.prepared[sql] != nil))
            }
            return rounds
        }
        #expect(rounds.map(\.answer) == ["42", "42", "42"])
        // Prepared once it ran twice, and kept.
        #expect(rounds.map(\.prepared) == [false, true, true])
    }

    @Test("a query the server refuses prepared runs unnamed, now and from then on")
    func refusedRunsUnnamed() async throws {
        // Unnamed, $1 is a bigint as bound; prepared, the server makes it text, and the
        // bigint's eight bytes are no text.
        let sql = "SELECT $1 || 'x'"
        let (answers, refused, prepared) = try await Self.onReader {
            connection throws(StoreError) in
            var answers: [String] = []
            for _ in 0..<3 {
                answers.append(
                    try Self.text(try connection.queryRows(sql, [.integer(5)], operation: "test")))
            }
            return (answers, connection.unpreparable.contains(sql), connection.prepared[sql] != nil)
        }
        #expect(answers == ["5x", "5x", "5x"])
        #expect(refused && !prepared)
    }

    @Test("a query that casts a parameter to jsonb is prepared, its JSON sent as jsonb")
    func jsonbParameterPrepared() async throws {
        let sql = "SELECT CAST(CAST($1 AS jsonb) @> CAST($2 AS jsonb) AS text), $3"
        let rounds = try await Self.onReader { connection throws(StoreError) in
            var rounds: [(answer: [String], prepared: Bool)] = []
            for needle in [#"["fire"]"#, #"["water"]"#, #"["fire"]"#] {
                let rows = try connection.queryRows(
                    sql, [.text(#"["fire", "flying"]"#), .text(needle), .text("kept")],
                    operation: "test")
                let row = try? rows.first?.decode((String, String).self)
                rounds.append(
                    ([row?.0, row?.1].compactMap { $0 }, connection.prepared[sql] != nil))
            }
            return rounds
        }
        #expect(rounds.map(\.answer) == [["true", "kept"], ["false", "kept"], ["true", "kept"]])
        #expect(rounds.map(\.prepared) == [false, true, true])
    }

    @Test("which parameters a statement casts to jsonb; none when it casts one otherwise")
    func jsonbParameterNumbers() {
        #expect(
            BlockingConnection.jsonbParameters(
                in: #""tags" @> CAST($1 AS jsonb) OR "tags" @> CAST($12 AS jsonb) AND "a" = $2"#)
                == [1, 12])
        #expect(
            BlockingConnection.jsonbParameters(in: #"SELECT "a" FROM "t" WHERE "a" = $1"#) == [])
        #expect(BlockingConnection.jsonbParameters(in: "SELECT CAST($1 AS numeric)") == nil)
        #expect(BlockingConnection.jsonbParameters(in: "SELECT CAST($ AS jsonb)") == nil)
    }

    @Test(
        "a query inside a transaction, casting a parameter to another type, or on the writer runs unnamed"
    )
    func unnamedWhereNotSafe() async throws {
        let otherCast = "SELECT CAST(CAST($1 AS numeric) AS text)"
        let plain = "SELECT CAST(CAST(41 AS bigint) + $1 AS text)"
        let preparedOnReader = try await Self.onReader { connection throws(StoreError) in
            for _ in 0..<3 {
                let rows = try connection.queryRows(otherCast, [.text("1.5")], operation: "test")
                #expect(try Self.text(rows) == "1.5")
            }
            try connection.rows("BEGIN", operation: "test")
            for _ in 0..<3 {
                _ = try connection.queryRows(plain, [.integer(1)], operation: "test")
            }
            try connection.rows("COMMIT", operation: "test")
            return connection.prepared.count
        }
        #expect(preparedOnReader == 0)
        let preparedOnWriter = try await Self.onReader(preparing: false) {
            connection throws(StoreError) in
            for _ in 0..<3 { _ = try connection.queryRows(plain, [.integer(1)], operation: "test") }
            return connection.prepared.count
        }
        #expect(preparedOnWriter == 0)
    }

    /// Runs a body on a connection of a fresh database, on a connection thread of its own.
    static func onReader<Value: Sendable>(
        preparing: Bool = true,
        _ body: @escaping @Sendable (BlockingConnection) throws(StoreError) -> Value
    ) async throws -> Value {
        let connection = BlockingConnection(
            configuration: try await TestStores.freshDatabase(),
            logger: Logger(label: "PreparedQueryTests"))
        connection.preparesQueries = preparing
        let thread = ConnectionThread(connection, name: "PreparedQueryTests")
        do {
            let value = try await thread.perform { connection in try body(connection) }
            await thread.close()
            return value
        } catch {
            await thread.close()
            throw error
        }
    }

    /// The first column of the only row, as text.
    static func text(_ rows: [PostgresRow]) throws(StoreError) -> String {
        guard rows.count == 1, let text = try? rows[0].decode(String.self) else {
            throw .io(
                at: .database("test"), operation: "test", code: EIO, message: "\(rows.count) rows")
        }
        return text
    }
}
