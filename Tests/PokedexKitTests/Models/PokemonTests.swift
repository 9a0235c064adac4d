import Foundation
import PokedexKit
import Testing

@Suite("Pokemon, the stored record")
struct PokemonTests {
    private func fetched(_ id: Int) throws -> FetchedPokemon {
        try JSONDecoder().decode(FetchedPokemon.self, from: Fixtures.trimmed(id))
    }

    @Test("is made from a fetched Pokémon, not yet a favorite")
    func initFromFetched() throws {
        let charizard = Pokemon(try fetched(6))
        #expect(charizard.id == 6)
        #expect(charizard.name == "charizard")
        #expect(charizard.types == [.fire, .flying])
        #expect(charizard.specialAttack == 109)
        #expect(charizard.abilities == ["blaze", "solar-power"])
        #expect(!charizard.favorite)
        #expect(charizard.baseStatTotal == 534)
    }

    @Test("stores as one flat object keyed by attribute names")
    func flatStoredForm() throws {
        var pikachu = Pokemon(try fetched(25))
        pikachu.favorite = true
        let data = try JSONEncoder().encode(pikachu)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "id", "name", "types", "hp", "attack", "defense", "special_attack",
                "special_defense", "speed", "sprite", "shiny", "height", "weight",
                "base_experience", "abilities", "hidden_ability", "species_id", "favorite",
            ])
        #expect(object["species_id"] as? Int == 25)
        #expect(object["hidden_ability"] as? String == "lightning-rod")
        #expect(object["types"] as? [String] == ["electric"])
        #expect(object["favorite"] as? Bool == true)
        #expect(try JSONDecoder().decode(Pokemon.self, from: data) == pikachu)
    }

    @Test("maps every stored property to the attribute name of its stored form")
    func queryMappingIsComplete() throws {
        var pikachu = Pokemon(try fetched(25))
        pikachu.favorite = true
        try Pokemon.validateQueryAttributes(against: pikachu)

        let data = try JSONEncoder().encode(pikachu)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let names = Pokemon.queryAttributes.entries.map(\.name)
        #expect(Set(names) == Set(object.keys))
        #expect(names.count == object.count)
    }

    @Test("round-trips for every fixture, nulls included", arguments: Fixtures.trimmedIDs)
    func roundTrips(id: Int) throws {
        var pokemon = Pokemon(try fetched(id))
        pokemon.favorite = id.isMultiple(of: 2)
        let again = try JSONDecoder().decode(Pokemon.self, from: JSONEncoder().encode(pokemon))
        #expect(again == pokemon)
    }

    @Test("a stored record without favorite or abilities still opens")
    func olderRecordsOpen() throws {
        let json = """
            {"id": 7, "name": "squirtle", "types": ["water"], "hp": 44, "attack": 48,
             "defense": 65, "special_attack": 50, "special_defense": 64, "speed": 43,
             "height": 5, "weight": 90}
            """
        let squirtle = try JSONDecoder().decode(Pokemon.self, from: Data(json.utf8))
        #expect(!squirtle.favorite)
        #expect(squirtle.abilities.isEmpty)
        #expect(squirtle.sprite == nil)
        #expect(squirtle.baseExperience == nil)
    }

    @Test("refreshing from the service keeps the user's favorite")
    func refreshKeepsFavorite() throws {
        var pokemon = Pokemon(try fetched(25))
        pokemon.favorite = true
        var newer = try fetched(25)
        newer.attack = 60
        pokemon.refresh(from: newer)
        #expect(pokemon.attack == 60)
        #expect(pokemon.favorite)
    }
}
