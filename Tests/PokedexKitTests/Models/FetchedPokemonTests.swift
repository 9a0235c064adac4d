import Foundation
import PokedexKit
import Testing

@Suite("FetchedPokemon on real PokeAPI data")
struct FetchedPokemonTests {
    private func decode(_ data: Data) throws -> FetchedPokemon {
        try JSONDecoder().decode(FetchedPokemon.self, from: data)
    }

    @Test("every trimmed entry decodes and round-trips", arguments: Fixtures.trimmedIDs)
    func decodesAndRoundTrips(id: Int) throws {
        let pokemon = try decode(Fixtures.trimmed(id))
        #expect(pokemon.id == id)
        #expect(!pokemon.name.isEmpty)
        #expect(!pokemon.types.isEmpty)
        let again = try decode(JSONEncoder().encode(pokemon))
        #expect(again == pokemon)
    }

    @Test(
        "every untrimmed entry decodes to what its trimmed copy says", arguments: Fixtures.fullIDs)
    func fullEntriesMatchTrimmedOnes(id: Int) throws {
        let full = try decode(Fixtures.full(id))
        let trimmed = try decode(Fixtures.trimmed(id))
        // The trimmed copies have no moves.
        var withoutMoves = full
        withoutMoves.learnset = []
        #expect(withoutMoves == trimmed)
        #expect(!full.learnset.isEmpty)
        #expect(try decode(JSONEncoder().encode(full)) == full)
    }

    @Test("mew, the largest entry (1.3 MB), decodes")
    func mewDecodes() throws {
        let data = try Fixtures.full(151)
        #expect(data.count > 1_300_000)
        let mew = try decode(data)
        #expect(mew.name == "mew")
        #expect(mew.types == [.psychic])
        let stats: [Int] = [mew.hp, mew.attack, mew.defense, mew.speed]
        #expect(stats == [100, 100, 100, 100])
    }

    @Test("bulbasaur is grass then poison, with its stats read by name")
    func bulbasaur() throws {
        let bulbasaur = try decode(Fixtures.trimmed(1))
        #expect(bulbasaur.name == "bulbasaur")
        #expect(bulbasaur.types == [.grass, .poison])
        #expect(bulbasaur.hp == 45)
        #expect(bulbasaur.attack == 49)
        #expect(bulbasaur.defense == 49)
        #expect(bulbasaur.specialAttack == 65)
        #expect(bulbasaur.specialDefense == 65)
        #expect(bulbasaur.speed == 45)
        #expect(bulbasaur.height == 7)
        #expect(bulbasaur.weight == 69)
        #expect(bulbasaur.baseExperience == 64)
        #expect(bulbasaur.abilities.map(\.name) == ["overgrow", "chlorophyll"])
        #expect(bulbasaur.abilities.map(\.isHidden) == [false, true])
        #expect(
            bulbasaur.sprite?.absoluteString
                == "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/1.png"
        )
    }

    @Test("extreme stats: shedinja has 1 hp, blissey 255, shuckle speed 5")
    func extremeStats() throws {
        #expect(try decode(Fixtures.trimmed(292)).hp == 1)
        #expect(try decode(Fixtures.trimmed(242)).hp == 255)
        #expect(try decode(Fixtures.trimmed(213)).speed == 5)
    }

    @Test("pikachu-starter has no sprites")
    func pikachuStarterHasNoSprites() throws {
        let starter = try decode(Fixtures.trimmed(10158))
        #expect(starter.name == "pikachu-starter")
        #expect(starter.sprite == nil)
        #expect(starter.shiny == nil)
        #expect(try decode(Fixtures.full(10158)).sprite == nil)
    }

    @Test("clefable-mega has no base experience")
    func clefableMega() throws {
        let mega = try decode(Fixtures.trimmed(10278))
        #expect(mega.name == "clefable-mega")
        #expect(mega.baseExperience == nil)
    }

    @Test("zygarde-mega decodes with no abilities, no sprites and no base experience")
    func zygardeMega() throws {
        let mega = try decode(Fixtures.trimmed(10301))
        #expect(mega.abilities.isEmpty)
        #expect(mega.sprite == nil)
        #expect(mega.baseExperience == nil)
    }

    @Test("eternatus-eternamax: weight 0, height 1000; toxtricity gmax weighs 10000")
    func extremeSizes() throws {
        let eternamax = try decode(Fixtures.trimmed(10190))
        #expect(eternamax.weight == 0)
        #expect(eternamax.height == 1000)
        #expect(try decode(Fixtures.trimmed(10228)).weight == 10000)
    }

    @Test("what the data set's facts say about nulls holds for every fixture")
    func factsHold() throws {
        let facts = try Fixtures.facts()
        for id in Fixtures.trimmedIDs {
            let pokemon = try decode(Fixtures.trimmed(id))
            #expect((pokemon.sprite == nil) == facts.frontDefaultNull.contains(id), "id \(id)")
            #expect((pokemon.shiny == nil) == facts.frontShinyNull.contains(id), "id \(id)")
            #expect(
                (pokemon.baseExperience == nil) == facts.baseExperienceNull.contains(id),
                "id \(id)")
            #expect(pokemon.abilities.isEmpty == facts.abilitiesEmpty.contains(id), "id \(id)")
        }
    }

    @Test("types are ordered by slot, not by their place in the array")
    func typesFollowSlots() throws {
        var object = try Fixtures.trimmedObject(1)
        let types = try #require(object["types"] as? [Any])
        object["types"] = Array(types.reversed())
        let pokemon = try decode(Data(jsonObject: object))
        #expect(pokemon.types == [.grass, .poison])
    }

    @Test("stats are read by name, not by position")
    func statsByName() throws {
        var object = try Fixtures.trimmedObject(6)
        let stats = try #require(object["stats"] as? [Any])
        object["stats"] = Array(stats.reversed())
        let shuffled = try decode(Data(jsonObject: object))
        let original = try decode(Fixtures.trimmed(6))
        #expect(shuffled == original)
        #expect(shuffled.specialAttack == 109)
    }

    @Test("keys the service adds later are ignored")
    func unknownKeysAreIgnored() throws {
        var object = try Fixtures.trimmedObject(25)
        object["cries"] = ["latest": "https://example.com/25.ogg"]
        object["past_stats"] = [["generation": ["name": "generation-i"], "stats": []]]
        object["a_field_from_2030"] = [1, 2, 3]
        #expect(try decode(Data(jsonObject: object)) == decode(Fixtures.trimmed(25)))
    }

    @Test("type names this version does not know decode and round-trip")
    func unknownTypeNames() throws {
        var object = try Fixtures.trimmedObject(1)
        object["types"] = [
            ["slot": 2, "type": ["name": "shadow", "url": "/api/v2/type/10002/"]],
            ["slot": 1, "type": ["name": "stellar", "url": "/api/v2/type/19/"]],
        ]
        let pokemon = try decode(Data(jsonObject: object))
        #expect(pokemon.types == ["stellar", "shadow"])
        #expect(pokemon.types.allSatisfy { !$0.isKnown })
        #expect(try decode(JSONEncoder().encode(pokemon)) == pokemon)
    }

    @Test("encoding writes PokeAPI's nested shape")
    func encodedShape() throws {
        let pokemon = try decode(Fixtures.trimmed(1))
        let object = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(pokemon)) as? [String: Any])
        let types = try #require(object["types"] as? [[String: Any]])
        #expect(types.count == 2)
        #expect(types.first?["slot"] as? Int == 1)
        #expect((types.first?["type"] as? [String: Any])?["name"] as? String == "grass")
        let stats = try #require(object["stats"] as? [[String: Any]])
        let specialAttack = stats.first {
            ($0["stat"] as? [String: Any])?["name"] as? String == "special-attack"
        }
        #expect(specialAttack?["base_stat"] as? Int == 65)
        let sprites = try #require(object["sprites"] as? [String: Any])
        #expect(sprites["front_default"] as? String == pokemon.sprite?.absoluteString)
        #expect(object["base_experience"] as? Int == 64)
    }
}
