import Foundation
import PokedexKit
import PokedexOfflineData
import Testing

@Suite("Pokedex: favorites and notes as records of their own")
struct PokedexUserDataTests {
    /// A Pokédex over `database`, holding Bulbasaur's line and Pikachu.
    static func pokedex(
        _ database: any ModelDatabase, _ store: any ModelStore<Pokemon>
    ) async throws -> Pokedex {
        try await store.upsert(
            contentsOf: try [1, 2, 3, 25].map { Pokemon(try BundledPokeAPI.pokemon(id: $0)) })
        return Pokedex(
            store: store, database: database,
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
    }

    @Test(
        "a favorite is set once however often, read, listed, filtered, counted and cleared",
        arguments: PokedexBackend.allCases)
    func favorites(_ backend: PokedexBackend) async throws {
        try await backend.withDatabase { database, store in
            let pokedex = try await Self.pokedex(database, store)
            try await pokedex.setFavorite(true, pokemonID: 25)
            try await pokedex.setFavorite(true, pokemonID: 25)
            try await pokedex.setFavorite(true, pokemonID: 1)
            #expect(try await pokedex.favorites().map(\.pokemonID) == [25, 1])
            #expect(try await pokedex.isFavorite(pokemonID: 25))
            #expect(try await !pokedex.isFavorite(pokemonID: 2))
            let filtered = try await pokedex.pokemon(
                matching: PokemonFilter(favoritesOnly: true, sort: .id(.descending)))
            #expect(filtered.records.map(\.id) == [25, 1])
            #expect(try await pokedex.statistics().favorites == 2)
            #expect(try await store.count(where: \.favorite == true) == 0, "no flag is set")

            try await pokedex.setFavorite(false, pokemonID: 25)
            #expect(try await !pokedex.isFavorite(pokemonID: 25))
            #expect(try await pokedex.favorites().map(\.pokemonID) == [1])
            try await pokedex.setFavorite(false, pokemonID: 25)
            #expect(try await pokedex.favorites().count == 1)
        }
    }

    @Test(
        "unmarking deletes every favorite of the Pokémon: two devices may each have made one",
        arguments: PokedexBackend.allCases)
    func unmarkDeletesEvery(_ backend: PokedexBackend) async throws {
        try await backend.withDatabase { database, store in
            let pokedex = try await Self.pokedex(database, store)
            try await database.transaction { transaction in
                transaction[Favorite.self].upsert(Favorite(id: "phone", pokemonID: 25))
                transaction[Favorite.self].upsert(Favorite(id: "tablet", pokemonID: 25))
                transaction[Favorite.self].upsert(Favorite(id: "other", pokemonID: 3))
            }
            #expect(try await pokedex.statistics().favorites == 2, "25 counted once")
            try await pokedex.setFavorite(true, pokemonID: 25)
            #expect(try await pokedex.favorites().count == 3, "marking a favorite adds none")
            try await pokedex.setFavorite(false, pokemonID: 25)
            #expect(try await pokedex.favorites().map(\.id) == ["other"])
        }
    }

    @Test(
        "notes are added trimmed, listed oldest first, updated, deleted",
        arguments: PokedexBackend.allCases)
    func notes(_ backend: PokedexBackend) async throws {
        try await backend.withDatabase { database, store in
            let pokedex = try await Self.pokedex(database, store)
            let first = try await pokedex.addNote("  Caught in Viridian Forest\n", pokemonID: 25)
            let second = try await pokedex.addNote("Level 5", pokemonID: 25)
            try await pokedex.addNote("A seed on its back", pokemonID: 1)
            #expect(first.text == "Caught in Viridian Forest")
            #expect(first.userID.isEmpty)
            #expect(
                try await pokedex.notes(pokemonID: 25).map(\.text) == [
                    "Caught in Viridian Forest", "Level 5",
                ])

            let updated = try await pokedex.updateNote(id: second.id, text: "Level 7 ")
            #expect(updated.text == "Level 7")
            #expect(updated.createdAt == second.createdAt)
            #expect(updated.updatedAt >= second.updatedAt)
            #expect(try await pokedex.notes(pokemonID: 25).map(\.id) == [first.id, second.id])

            #expect(try await pokedex.deleteNote(id: first.id))
            #expect(try await !pokedex.deleteNote(id: first.id))
            #expect(try await pokedex.notes(pokemonID: 25).map(\.text) == ["Level 7"])
            #expect(try await pokedex.notes(pokemonID: 2).isEmpty)

            let entry = try #require(try await pokedex.entry(id: 25))
            #expect(entry.notes.map(\.text) == ["Level 7"])
            #expect(!entry.favorite)
            try await pokedex.setFavorite(true, pokemonID: 25)
            #expect(try await pokedex.entry(id: 25)?.favorite == true)
        }
    }

    @Test("bad input is refused with typed errors, nothing written")
    func refusals() async throws {
        try await PokedexBackend.memory.withDatabase { database, store in
            let pokedex = try await Self.pokedex(database, store)
            let empty = await #expect(throws: Note.TextError.self) {
                try await pokedex.addNote(" \n ", pokemonID: 25)
            }
            #expect(empty?.code == .empty)
            let note = try await pokedex.addNote("ok", pokemonID: 25)
            let long = await #expect(throws: Note.TextError.self) {
                try await pokedex.updateNote(id: note.id, text: String(repeating: "x", count: 2001))
            }
            #expect(long?.code == .tooLong)
            #expect(long?.noteID == note.id)
            #expect(try await pokedex.notes(pokemonID: 25).map(\.text) == ["ok"])

            let noPokemon = await #expect(throws: StoreError.self) {
                try await pokedex.addNote("hello", pokemonID: 9999)
            }
            #expect(noPokemon?.code == .notFound)
            let noNote = await #expect(throws: StoreError.self) {
                try await pokedex.updateNote(id: "missing", text: "hello")
            }
            #expect(noNote?.code == .notFound)
            #expect(try await database.read { $0[Note.self].count } == 1)
        }
    }

    @Test("deleting a Pokémon deletes its favorites and notes")
    func cascade() async throws {
        try await PokedexBackend.sqlite.withDatabase { database, store in
            let pokedex = try await Self.pokedex(database, store)
            try await pokedex.setFavorite(true, pokemonID: 2)
            try await pokedex.addNote("Ivysaur", pokemonID: 2)
            try await pokedex.addNote("Venusaur", pokemonID: 3)
            #expect(try await store.delete(id: 2))
            #expect(try await pokedex.favorites().isEmpty)
            #expect(try await pokedex.notes(pokemonID: 2).isEmpty)
            #expect(try await pokedex.notes(pokemonID: 3).count == 1)
        }
    }

    @Test("a database of the reference data alone serves it; favorites and notes are refused")
    func referenceDataOnly() async throws {
        try await PokedexBackend.sqlite.withDatabase(of: PokedexModels.referenceData) {
            database, store in
            let pokedex = try await Self.pokedex(database, store)
            #expect(try await pokedex.entry(id: 25)?.favorite == false)
            #expect(try await pokedex.statistics().favorites == 0)
            #expect(try await pokedex.migrateLegacyFavorites() == 0)
            let calls: [(String, @Sendable () async throws -> Void)] = [
                ("setFavorite", { try await pokedex.setFavorite(true, pokemonID: 25) }),
                ("isFavorite", { _ = try await pokedex.isFavorite(pokemonID: 25) }),
                ("favorites", { _ = try await pokedex.favorites() }),
                ("addNote", { _ = try await pokedex.addNote("hi", pokemonID: 25) }),
                ("notes", { _ = try await pokedex.notes(pokemonID: 25) }),
                ("deleteNote", { _ = try await pokedex.deleteNote(id: "x") }),
                (
                    "favoritesOnly",
                    { _ = try await pokedex.pokemon(matching: PokemonFilter(favoritesOnly: true)) }
                ),
            ]
            for (name, call) in calls {
                let error = await #expect(throws: StoreError.self, "\(name)") { try await call() }
                #expect(error?.code == .unknownModel, "\(name)")
            }
            let error = await #expect(throws: StoreError.self) {
                try await pokedex.setFavorite(true, pokemonID: 25)
            }
            #expect(error?.modelName == "Favorite")
            #expect(error?.databaseModels?.contains("Pokemon") == true)
        }
    }

    @Test("a Pokédex of Pokémon alone refuses favorites with a typed error")
    func storeAlone() async throws {
        let pokedex = Pokedex(
            store: InMemoryStore([Pokemon(try BundledPokeAPI.pokemon(id: 25))]),
            client: PokeAPIClient(transport: BundledPokeAPITransport()))
        let error = await #expect(throws: StoreError.self) {
            try await pokedex.setFavorite(true, pokemonID: 25)
        }
        #expect(error?.code == .unknownModel)
        #expect(try await pokedex.statistics().favorites == 0)
    }

    @Test("the deprecated setFavorite(_:id:) writes Favorite records and returns the Pokémon")
    @available(*, deprecated)
    func deprecatedSetFavorite() async throws {
        try await PokedexBackend.memory.withDatabase { database, store in
            let pokedex = try await Self.pokedex(database, store)
            let marked = try await pokedex.setFavorite(true, id: 25)
            #expect(marked.name == "pikachu" && marked.favorite)
            #expect(try await pokedex.isFavorite(pokemonID: 25))
            #expect(try await store.fetch(id: 25)?.favorite == false)
            let cleared = try await pokedex.setFavorite(false, id: 25)
            #expect(!cleared.favorite)
            #expect(try await pokedex.favorites().isEmpty)
        }
    }
}
