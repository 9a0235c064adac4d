import Foundation
import PokedexKit
import Testing

@Suite("FetchedPokemon over Data/pokeapi/all")
struct FetchedPokemonAllTests {
    @Test("every Pokémon decodes, names its species, round-trips, and is a variety of it")
    func everyPokemon() throws {
        let ids = try RepositoryData.ids(.pokemon)
        #expect(ids.count == 1351)
        let species = try RepositoryData.decodeAll(PokemonSpecies.self, .species)
        var varietyOf: [Int: Int] = [:]
        for entry in species {
            for variety in entry.varieties { varietyOf[variety.pokemonID] = entry.id }
        }
        for id in ids {
            let pokemon = try JSONDecoder().decode(
                FetchedPokemon.self, from: RepositoryData.data(.pokemon, id))
            let raw = try RepositoryData.object(.pokemon, id)
            #expect(pokemon.id == id)
            #expect(pokemon.name == raw["name"] as? String)
            #expect(pokemon.speciesID == Raw.id(raw["species"]), "pokemon \(id)")
            #expect(pokemon.speciesID == varietyOf[id], "pokemon \(id)")
            #expect(try roundTripped(pokemon) == pokemon, "pokemon \(id)")
        }
    }

    @Test("a Pokémon without a species decodes with none; a species link of another family fails")
    func speciesLink() throws {
        var object = try Fixtures.trimmedObject(6)
        object["species"] = nil
        let without = try JSONDecoder().decode(FetchedPokemon.self, from: Data(jsonObject: object))
        #expect(without.speciesID == nil)
        #expect(try roundTripped(without) == without)
        object["species"] = ["name": "charizard", "url": "/api/v2/pokemon/6/"]
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(FetchedPokemon.self, from: Data(jsonObject: object))
        }
        #expect(ModelsMalformedInputTests.path(of: error) == "species.url")
    }
}
