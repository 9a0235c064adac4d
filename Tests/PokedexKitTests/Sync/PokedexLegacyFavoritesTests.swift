import Foundation
import JSONFileStorage
import PokedexKit
import PokedexOfflineData
import SQLiteStorage
import TestSupport
import Testing

@Suite("Pokedex.migrateLegacyFavorites(): the flags of earlier versions become Favorite records")
struct PokedexLegacyFavoritesTests {
    /// A store file's backend.
    enum FileBackend: String, CaseIterable, Sendable {
        case json, sqlite

        /// Opens the database file at `url` with `models`.
        func open(
            _ url: URL, for models: [any StorableModel.Type]
        ) async throws -> any ModelDatabase {
            switch self {
            case .json: try await JSONFileModelDatabase.open(at: url, for: models)
            case .sqlite: try await SQLiteModelDatabase.open(at: url, for: models)
            }
        }
    }

    /// Writes a file as an earlier version did: the reference data alone, Pokémon 1 to 6 with
    /// favorite flags on `flagged`.
    static func writeEarlierVersion(
        _ backend: FileBackend, at url: URL, flagged: Set<Int>
    ) async throws {
        let database = try await backend.open(url, for: PokedexModels.referenceData)
        let pokemon = try (1...6).map { id in
            var record = Pokemon(try BundledPokeAPI.pokemon(id: id))
            record.favorite = flagged.contains(id)
            return record
        }
        try await database.store(for: Pokemon.self).upsert(contentsOf: pokemon)
        try await database.close()
    }

    /// Runs `body` with a Pokédex over the file at `url`, opened with every Pokédex model.
    static func withPokedex(
        _ backend: FileBackend, at url: URL, _ body: (Pokedex) async throws -> Void
    ) async throws {
        let database = try await backend.open(url, for: PokedexModels.all)
        let pokedex = Pokedex(
            store: try database.store(for: Pokemon.self), database: database,
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
        do {
            try await body(pokedex)
            try await database.close()
        } catch {
            try? await database.close()
            throw error
        }
    }

    @Test(
        "a file written with flags migrates, in one commit; running again creates nothing",
        arguments: FileBackend.allCases)
    func migrates(_ backend: FileBackend) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.\(backend.rawValue)")
            try await Self.writeEarlierVersion(backend, at: url, flagged: [4, 6])
            try await Self.withPokedex(backend, at: url) { pokedex in
                #expect(try await pokedex.favorites().isEmpty, "before the migration")
                let before = try await pokedex.pokemon(matching: PokemonFilter()).version
                #expect(try await pokedex.migrateLegacyFavorites() == 2)
                let after = try await pokedex.pokemon(matching: PokemonFilter()).version
                #expect(after == before + 1, "one transaction")
                #expect(try await pokedex.favorites().map(\.pokemonID).sorted() == [4, 6])
                #expect(try await pokedex.store.count(where: \.favorite == true) == 0)
                #expect(try await pokedex.migrateLegacyFavorites() == 0)
                #expect(
                    try await pokedex.pokemon(matching: PokemonFilter()).version == after,
                    "a database without flags is only read")
            }
            // Reopened, as the next run of an app: the favorites are kept, none made twice.
            try await Self.withPokedex(backend, at: url) { pokedex in
                #expect(try await pokedex.migrateLegacyFavorites() == 0)
                #expect(try await pokedex.favorites().map(\.pokemonID).sorted() == [4, 6])
                let filtered = try await pokedex.pokemon(
                    matching: PokemonFilter(favoritesOnly: true))
                #expect(filtered.records.map(\.id) == [4, 6])
                #expect(try await pokedex.statistics().favorites == 2)
            }
        }
    }

    @Test("a flag on a Pokémon that already has a Favorite is cleared, and adds none")
    func flagBesideRecord() async throws {
        try await PokedexBackend.sqlite.withDatabase { database, store in
            var charmander = Pokemon(try BundledPokeAPI.pokemon(id: 4))
            charmander.favorite = true
            var pikachu = Pokemon(try BundledPokeAPI.pokemon(id: 25))
            pikachu.favorite = true
            try await store.upsert(contentsOf: [charmander, pikachu])
            try await database.transaction { transaction in
                transaction[Favorite.self].upsert(Favorite(id: "synced", pokemonID: 25))
            }
            let pokedex = Pokedex(
                store: store, database: database,
                client: PokeAPIClient(transport: BundledPokeAPITransport()))
            #expect(try await pokedex.migrateLegacyFavorites() == 1)
            let favorites = try await pokedex.favorites()
            #expect(favorites.map(\.pokemonID).sorted() == [4, 25])
            #expect(favorites.contains { $0.id == "synced" })
            #expect(try await store.count(where: \.favorite == true) == 0)
            // Everything else about the records is kept.
            #expect(try await store.fetch(id: 25)?.name == "pikachu")
        }
    }
}
