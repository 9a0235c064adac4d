import Foundation
import KeyPathQuery
import ModelStorage
import PokedexKit
import SQLiteStorage
import TestSupport
import Testing

/// Indexes another program adds to the store's table, beside those the model declares, are
/// the database's business: the store opens, writes and queries with them
/// there, and leaves them in place.
@Suite("SQLiteStore with indexes it did not create")
struct SQLiteForeignIndexTests {
    @Test("an index created by another program is kept, and queries still select the same")
    func foreignIndexesAreKept() async throws {
        try await withStore(seededWith: SQLiteFileTests.dex) { store, url in
            try await store.close()
            try RawDatabase(url).execute(
                "CREATE INDEX pokemon_name ON pokemon(name); "
                    + "CREATE INDEX pokemon_attack ON pokemon(attack)")

            let reopened = try await SQLiteStore<Pokemon>.open(at: url)
            try await reopened.upsert(
                SQLiteFileTests.pokemon(6, "charizard", attack: 84, types: [.fire, .flying]))
            try await reopened.update(id: 25) { $0.attack = 121 }
            #expect(
                try await reopened.fetch(RecordQuery(where: \.name == "pikachu")).map(\.id)
                    == [25])
            let strongest = try await reopened.fetch(
                RecordQuery(where: \.attack >= 80, sortedBy: [.descending(\.attack)], limit: 3))
            #expect(strongest.map(\.id) == [409, 68, 214])
            #expect(try await reopened.count(where: \.attack > 120) == 4)
            try await reopened.close()

            let database = try RawDatabase(url)
            #expect(
                try database.strings(
                    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'pokemon' "
                        + "AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%records_holding_nul' "
                        + "ORDER BY name") == [
                        "pokemon_attack", "pokemon_attack_index", "pokemon_favorite_index",
                        "pokemon_name", "pokemon_name_index",
                    ])
            #expect(try database.strings("PRAGMA integrity_check") == ["ok"])
        }
    }
}
