import Foundation
import KeyPathQuery
import PokedexKit
import Testing

@Suite("Species, chains, types and abilities in a store")
struct ModelsStorageTests {
    @Test("each model maps every stored property and names its table")
    func mappingsAndTables() throws {
        let species = try JSONDecoder().decode(
            PokemonSpecies.self, from: Fixtures.full(.species, 6))
        let chain = try JSONDecoder().decode(
            EvolutionChain.self, from: Fixtures.full(.evolutionChain, 67))
        let type = try JSONDecoder().decode(PokemonTypeDetails.self, from: Fixtures.full(.type, 10))
        let ability = try JSONDecoder().decode(
            PokemonAbility.self, from: Fixtures.full(.ability, 65))
        try PokemonSpecies.validateQueryAttributes(against: species)
        try EvolutionChain.validateQueryAttributes(against: chain)
        try PokemonTypeDetails.validateQueryAttributes(against: type)
        try DamageRelations.validateQueryAttributes(against: type.damageRelations)
        try PokemonAbility.validateQueryAttributes(against: ability)
        #expect(
            [
                PokemonSpecies.storageName, EvolutionChain.storageName,
                PokemonTypeDetails.storageName, PokemonAbility.storageName,
            ] == ["pokemon_species", "evolution_chain", "pokemon_type", "ability"])
    }

    @Test("every species is stored, read back equal and selected by its attributes")
    func species() async throws {
        let all = try RepositoryData.decodeAll(PokemonSpecies.self, .species)
        let store = InMemoryStore(all)
        #expect(try await store.fetch(.everyRecord) == all)
        let legendary = try await store.fetch(
            RecordQuery(where: \.isLegendary == true && \.generation == 1))
        #expect(legendary.map(\.id) == [144, 145, 146, 150])
        let fromEevee = try await store.fetch(RecordQuery(where: \.evolvesFromSpeciesID == 133))
        #expect(fromEevee.count == 8)
    }

    @Test("chains, types and abilities are stored and read back equal")
    func otherFamilies() async throws {
        let chains = try RepositoryData.decodeAll(EvolutionChain.self, .evolutionChain)
        let chainStore = InMemoryStore(chains)
        #expect(try await chainStore.fetch(.everyRecord) == chains)
        let eevee = try await chainStore.fetch(RecordQuery(where: .contains(\.speciesIDs, 197)))
        #expect(eevee.map(\.id) == [67])

        let types = try RepositoryData.decodeAll(PokemonTypeDetails.self, .type)
        let typeStore = InMemoryStore(types)
        #expect(try await typeStore.fetch(.everyRecord) == types)
        let weakToRock = try await typeStore.fetch(
            RecordQuery(where: .contains(\.damageRelations.doubleDamageFrom, .rock)))
        #expect(Set(weakToRock.map(\.name)) == [.flying, .bug, .fire, .ice])

        let abilities = try RepositoryData.decodeAll(PokemonAbility.self, .ability)
        let abilityStore = InMemoryStore(abilities)
        #expect(try await abilityStore.fetch(.everyRecord) == abilities)
        let blaze = try await abilityStore.fetch(RecordQuery(where: \.name == "blaze"))
        #expect(blaze.map(\.generation) == [3])
    }
}
