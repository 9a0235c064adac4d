import Foundation
import PokedexKit
import PokedexOfflineData
import SQLiteStorage
import TestSupport
import Testing

@Suite("pokedex over a store whose favorites an earlier version kept as flags")
struct LegacyFavoritesCommandTests {
    @Test("a reading command moves the flags to Favorite records once; nothing is lost")
    func migratesOnOpen() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "old.sqlite")
            // As an earlier version wrote it: the reference data alone, two Pokémon flagged.
            let earlier = try await SQLiteModelDatabase.open(
                at: url, for: PokedexModels.referenceData)
            let pokemon = try (1...30).map { id in
                var record = Pokemon(try BundledPokeAPI.pokemon(id: id))
                record.favorite = id == 4 || id == 25
                return record
            }
            try await earlier.store(for: Pokemon.self).upsert(contentsOf: pokemon)
            try await earlier.close()

            let stats = try await CommandRunner.pokedex("stats", "--store", url.path)
            #expect(stats.status == 0, "\(stats.error)")
            #expect(stats.lines.first?.hasSuffix("; 2 favorites.") == true, "\(stats.output)")
            let show = try await CommandRunner.pokedex("show", "25", "--store", url.path)
            #expect(show.lines.first == "#25 Pikachu · Mouse Pokémon  ★ favorite")
            let list = try await CommandRunner.pokedex(
                "list", "--favorites", "--store", url.path)
            #expect(list.lines.last == "2 shown of 2 matching; 30 stored in all.")
            #expect(list.lines.filter { $0.hasSuffix("★") }.count == 2)
            let off = try await CommandRunner.pokedex("favorite", "4", "--off", "--store", url.path)
            #expect(off.status == 0, "\(off.error)")

            let database = try await SQLiteModelDatabase.open(
                at: url, for: PokedexModels.all, options: .readOnly)
            let (favorites, flags) = try await database.read { snapshot in
                (
                    try snapshot[Favorite.self].fetch(RecordQuery()).map(\.pokemonID),
                    try snapshot[Pokemon.self].count(where: \.favorite == true)
                )
            }
            try await database.close()
            #expect(favorites == [25], "migrated once, then 4 unmarked")
            #expect(flags == 0)
        }
    }
}
