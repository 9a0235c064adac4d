import PokedexKit
import PokedexOfflineData
import Testing

@Suite("PokedexRecords.write(toEmptyTablesOf:): each model's records where it has none")
struct PokedexRecordsTests {
    /// Bulbasaur's line: three Pokémon, their species and chain, two types and two abilities.
    static func records() throws -> PokedexRecords {
        PokedexRecords(
            pokemon: try [1, 2, 3].map { Pokemon(try BundledPokeAPI.pokemon(id: $0)) },
            species: try [1, 2, 3].map(BundledPokeAPI.species(id:)),
            chains: [try BundledPokeAPI.evolutionChain(id: 1)],
            types: try [4, 12].map(BundledPokeAPI.pokemonType(id:)),
            abilities: try [34, 65].map(BundledPokeAPI.ability(id:)))
    }

    /// Every record of a database of every model, each model in id order.
    static func stored(in database: any ModelDatabase) async throws -> PokedexRecords {
        try await database.read { snapshot in
            PokedexRecords(
                pokemon: try snapshot[Pokemon.self].fetch(
                    RecordQuery(sortedBy: [.ascending(\.id)])),
                species: try snapshot[PokemonSpecies.self].fetch(
                    RecordQuery(sortedBy: [.ascending(\.id)])),
                chains: try snapshot[EvolutionChain.self].fetch(
                    RecordQuery(sortedBy: [.ascending(\.id)])),
                types: try snapshot[PokemonTypeDetails.self].fetch(
                    RecordQuery(sortedBy: [.ascending(\.id)])),
                abilities: try snapshot[PokemonAbility.self].fetch(
                    RecordQuery(sortedBy: [.ascending(\.id)])))
        }
    }

    @Test("an empty database gains every record, and a second write changes nothing")
    func fillsAnEmptyDatabaseOnce() async throws {
        let records = try Self.records()
        let database = try InMemoryModelDatabase(for: PokedexModels.all)
        #expect(try await database.transaction { records.write(toEmptyTablesOf: &$0) })
        #expect(try await Self.stored(in: database) == records)

        var changed = records
        changed.pokemon[0].favorite = true
        changed.types.removeLast()
        let again = changed
        #expect(!(try await database.transaction { again.write(toEmptyTablesOf: &$0) }))
        #expect(try await Self.stored(in: database) == records)
    }

    @Test(
        "a database of Pokémon alone gains the other models and keeps its Pokémon",
        arguments: PokedexBackend.allCases)
    func fillsTheEmptyTablesAlone(in backend: PokedexBackend) async throws {
        try await backend.withDatabase { database, store in
            var favorite = Pokemon(try BundledPokeAPI.pokemon(id: 25))
            favorite.favorite = true
            try await store.upsert(favorite)
            let records = try Self.records()
            let wrote = try await database.transaction { records.write(toEmptyTablesOf: &$0) }
            #expect(wrote)
            var expected = records
            expected.pokemon = [favorite]
            #expect(try await Self.stored(in: database) == expected)
        }
    }

    @Test("nothing is written when the records are empty")
    func noRecordsWriteNothing() async throws {
        let database = try InMemoryModelDatabase(for: PokedexModels.all)
        let none = PokedexRecords(pokemon: [])
        #expect(!(try await database.transaction { none.write(toEmptyTablesOf: &$0) }))
        #expect(try await Self.stored(in: database).count == 0)
    }

    @Test("a database that lacks a model refuses the transaction with nothing written")
    func lackingAModel() async throws {
        let database = try InMemoryModelDatabase(for: [Pokemon.self, PokemonSpecies.self])
        let records = try Self.records()
        let error = await #expect(throws: StoreError.self) {
            try await database.transaction { records.write(toEmptyTablesOf: &$0) }
        }
        #expect(error?.code == .unknownModel)
        #expect(try await database.store(for: Pokemon.self).count(where: .true) == 0)
        #expect(try await database.store(for: PokemonSpecies.self).count(where: .true) == 0)
    }
}
