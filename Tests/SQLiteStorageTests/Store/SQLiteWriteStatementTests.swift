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
        let tests = attributes.enumerated().map { ", \($1) IS ?\($0 + 1)" }.joined()
        #expect(
            layout.unchangedColumnsByKey
                == "SELECT \"_order\"\(tests) FROM \"pokemon\" WHERE \"_key\" = ?"
                + "\(attributes.count + 1)")
        #expect(
            layout.update(changing: [2, 15])
                == "UPDATE \"pokemon\" SET \"_record\" = ?1, \"_version\" = ?2, \(attributes[2]) = ?3, "
                + "\(attributes[15]) = ?4 WHERE \"_order\" = ?5")
    }

    @Test("an update writes the columns that change, byte for byte, as an insert writes them")
    func updateWritesWhatChanges() async throws {
        // Each attribute kind changing: text to a canonically equivalent text with other
        // bytes (equal as Swift strings, not in SQLite), an integer, a list, NULL to a value
        // and a value to NULL; and one update that changes no column.
        var first = SQLiteFileTests.pokemon(669, "flab\u{E9}b\u{E9}", attack: 38, types: [.fairy])
        first.baseExperience = 61
        var edited = first
        edited.name = "flabe\u{301}be\u{301}"
        edited.attack = 39
        edited.types = [.fairy, .flying]
        edited.sprite = URL(string: "https://example.com/669.png")
        edited.baseExperience = nil
        let columns = Pokemon.sqlColumns().map { "quote(\"\($0.name)\")" }
            .joined(separator: " || '|' || ")
        let rowQuery = "SELECT \(columns) FROM pokemon WHERE _key = 669"
        try await withTemporaryDirectory { directory in
            let inserted = directory.appending(path: "inserted.sqlite")
            let insertStore = try await SQLiteStore<Pokemon>.open(at: inserted)
            try await insertStore.upsert(edited)
            try await insertStore.close()
            let expected = try RawDatabase(inserted).strings(rowQuery)

            let updated = directory.appending(path: "updated.sqlite")
            let store = try await SQLiteStore<Pokemon>.open(at: updated)
            try await store.upsert(contentsOf: SQLiteFileTests.dex + [first])
            try await store.upsert(edited)
            try await store.upsert(edited)
            #expect(try await store.fetch(id: 669) == edited)
            #expect(try await store.fetchVersioned(id: 669)?.version == 3)
            try await store.close()
            let row = try RawDatabase(updated).strings(rowQuery)
            #expect(row == expected && expected.count == 1, "\(row) against \(expected)")
            #expect(
                try RawDatabase(updated).strings("SELECT hex(name) FROM pokemon WHERE _key = 669")
                    == [Data(edited.name.utf8).map { String(format: "%02X", $0) }.joined()])
        }
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
            try await store.close()

            let database = try RawDatabase(url)
            #expect(
                try database.strings("SELECT _key FROM pokemon ORDER BY _order")
                    == ["150", "214", "409", "68", "6"])
            #expect(try database.strings("SELECT attack FROM pokemon WHERE _key = 68") == ["131"])
        }
    }
}
