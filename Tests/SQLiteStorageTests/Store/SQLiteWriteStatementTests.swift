import Foundation
import KeyPathQuery
import ModelStorage
import PokedexKit
import TestSupport
import Testing

@testable import SQLiteStorage

/// The statements that write and read single rows are made once per table layout; what they
/// do is unchanged: an upsert replaces a record's row in place (its `_order` kept) and
/// inserts a new one at the end, a delete removes one row.
@Suite("SQLiteStore's row statements")
struct SQLiteWriteStatementTests {
    @Test("the statements are the ones the store has always run")
    func statementText() throws {
        let layout = try TableLayout<Pokemon>()
        let attributes = Pokemon.sqlColumns().map { "\"\($0.name)\"" }
        let columns = ["\"_key\"", "\"_record\"", "\"_version\""] + attributes
        let updates = columns.dropFirst().map { "\($0) = excluded.\($0)" }
        #expect(
            layout.upsert
                == "INSERT INTO \"pokemon\" (\(columns.joined(separator: ", "))) VALUES ("
                + Array(repeating: "?", count: columns.count).joined(separator: ", ")
                + ") ON CONFLICT (\"_key\") DO UPDATE SET \(updates.joined(separator: ", "))")
        #expect(layout.delete == "DELETE FROM \"pokemon\" WHERE \"_key\" = ?")
        #expect(layout.recordByKey == "SELECT \"_record\" FROM \"pokemon\" WHERE \"_key\" = ?")
        #expect(layout.orderByKey == "SELECT \"_order\" FROM \"pokemon\" WHERE \"_key\" = ?")
        #expect(
            layout.writeVersionByKey == "SELECT \"_version\" FROM \"pokemon\" WHERE \"_key\" = ?")
        #expect(layout.countAll == "SELECT count(*) FROM \"pokemon\"")
    }

    @Test("an upsert replaces in place, a new record goes last, a delete removes one row")
    func rowsAfterWrites() async throws {
        try await withStore(seededWith: SQLiteFileTests.dex) { store, url in
            var machamp = try #require(try await store.fetch(id: 68))
            machamp.attack = 131
            try await store.upsert(machamp)
            try await store.upsert(
                SQLiteFileTests.pokemon(6, "charizard", attack: 84, types: [.fire, .flying]))
            #expect(try await store.delete(id: 25))
            #expect(try await store.fetch(id: 68)?.attack == 131)
            #expect(try await store.fetch(.everyRecord).map(\.id) == [150, 214, 409, 68, 6])
            #expect(try await store.count() == 5)
            await store.close()

            let database = try RawDatabase(url)
            #expect(
                try database.strings("SELECT _key FROM pokemon ORDER BY _order")
                    == ["150", "214", "409", "68", "6"])
            #expect(try database.strings("SELECT attack FROM pokemon WHERE _key = 68") == ["131"])
        }
    }
}
