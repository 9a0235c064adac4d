import Foundation
import PokedexKit
import Testing

@Suite("PokemonSpecies")
struct PokemonSpeciesTests {
    @Test("every species in Data/pokeapi/all decodes, matches its raw JSON and round-trips")
    func everySpeciesMatchesItsJSON() throws {
        let ids = try RepositoryData.ids(.species)
        #expect(ids.count == 1025)
        #expect(ids == Array(1...1025))
        var withoutHabitat = 0
        var chainStarts = 0
        for id in ids {
            let species = try JSONDecoder().decode(
                PokemonSpecies.self, from: RepositoryData.data(.species, id))
            try expect(species, matches: RepositoryData.object(.species, id))
            #expect(try roundTripped(species) == species, "species \(id)")
            if species.habitat == nil { withoutHabitat += 1 }
            if species.evolvesFromSpeciesID == nil { chainStarts += 1 }
        }
        // The data set's README: habitat is null for 639, evolves_from_species for 541.
        #expect(withoutHabitat == 639)
        #expect(chainStarts == 541)
    }

    @Test("the untrimmed species decode and match their raw JSON", arguments: [6, 133])
    func untrimmedSpecies(id: Int) throws {
        let data = try Fixtures.full(.species, id)
        let species = try JSONDecoder().decode(PokemonSpecies.self, from: data)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        try expect(species, matches: object)
        #expect(try roundTripped(species) == species)
    }

    @Test("Charizard: the Flame Pokémon of generation I, from Charmeleon, in chain 2")
    func charizard() throws {
        let charizard = try JSONDecoder().decode(
            PokemonSpecies.self, from: Fixtures.full(.species, 6))
        #expect(charizard.localizedName() == "Charizard")
        #expect(charizard.localizedName("ja-roma") == "Lizardon")
        #expect(charizard.genus() == "Flame Pokémon")
        #expect(charizard.generation == 1)
        #expect(charizard.evolutionChainID == 2)
        #expect(charizard.evolvesFromSpeciesID == 5)
        #expect(charizard.habitat == "mountain")
        #expect(charizard.color == "red")
        #expect(charizard.captureRate == 45)
        #expect(charizard.femaleRatio == 0.125)
        #expect(charizard.eggGroups == ["monster", "dragon"])
        #expect(!charizard.isLegendary && !charizard.isMythical && !charizard.isBaby)
        #expect(charizard.defaultPokemonID == 6)
        #expect(
            charizard.varieties.map(\.name) == [
                "charizard", "charizard-mega-x", "charizard-mega-y", "charizard-gmax",
            ])
        #expect(charizard.varieties.map(\.pokemonID) == [6, 10034, 10035, 10196])
        let red = try #require(charizard.flavorTexts.first { $0.version == "red" })
        #expect(
            red.text
                == "Spits fire that is hot enough to melt boulders. Known to cause forest fires unintentionally."
        )
    }

    @Test("legendary, mythical and baby flags and genderless species")
    func flags() throws {
        let species = try [144, 151, 172, 132].map {
            try JSONDecoder().decode(PokemonSpecies.self, from: RepositoryData.data(.species, $0))
        }
        #expect(species.map(\.isLegendary) == [true, false, false, false])
        #expect(species.map(\.isMythical) == [false, true, false, false])
        #expect(species.map(\.isBaby) == [false, false, true, false])
        #expect(species[3].femaleRatio == nil)
        #expect(species[0].femaleRatio == nil)
    }

    @Test("absolute links, as the live service sends them, decode to the same species")
    func absoluteLinks() throws {
        let data = try RepositoryData.data(.species, 6)
        let text = String(decoding: data, as: UTF8.self)
            .replacingOccurrences(
                of: #""url":"/api/v2/"#, with: #""url":"https://pokeapi.co/api/v2/"#)
        #expect(text.contains("https://pokeapi.co/api/v2/evolution-chain/2/"))
        let absolute = try JSONDecoder().decode(PokemonSpecies.self, from: Data(text.utf8))
        #expect(try absolute == JSONDecoder().decode(PokemonSpecies.self, from: data))
    }

    /// Checks every field of a species against its raw JSON, read without the decoder.
    private func expect(
        _ species: PokemonSpecies, matches raw: [String: Any],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let label = "species \(species.id)"
        #expect(species.id == raw["id"] as? Int, "\(label)", sourceLocation: sourceLocation)
        #expect(species.name == raw["name"] as? String, "\(label)", sourceLocation: sourceLocation)
        #expect(species.order == raw["order"] as? Int, "\(label)", sourceLocation: sourceLocation)
        #expect(
            species.names == Raw.localized(raw["names"], textKey: "name"), "\(label)",
            sourceLocation: sourceLocation)
        #expect(
            species.genera == Raw.localized(raw["genera"], textKey: "genus"), "\(label)",
            sourceLocation: sourceLocation)
        let flavorTexts = Raw.list(raw["flavor_text_entries"])
        #expect(
            species.flavorTexts.map(\.version) == flavorTexts.map { Raw.name($0["version"]) },
            "\(label)", sourceLocation: sourceLocation)
        #expect(
            species.flavorTexts.map(\.language) == flavorTexts.map { Raw.name($0["language"]) },
            "\(label)", sourceLocation: sourceLocation)
        #expect(
            species.flavorTexts.map(\.text)
                == flavorTexts.map { FlavorText.cleaned($0["flavor_text"] as? String ?? "") },
            "\(label)", sourceLocation: sourceLocation)
        #expect(
            species.generation == Raw.id(raw["generation"]), "\(label)",
            sourceLocation: sourceLocation)
        #expect(
            species.isLegendary == raw["is_legendary"] as? Bool, "\(label)",
            sourceLocation: sourceLocation)
        #expect(
            species.isMythical == raw["is_mythical"] as? Bool, "\(label)",
            sourceLocation: sourceLocation)
        #expect(
            species.isBaby == raw["is_baby"] as? Bool, "\(label)", sourceLocation: sourceLocation)
        #expect(
            species.habitat == Raw.name(raw["habitat"]), "\(label)",
            sourceLocation: sourceLocation)
        #expect(
            species.color == Raw.name(raw["color"]), "\(label)", sourceLocation: sourceLocation)
        #expect(
            species.captureRate == raw["capture_rate"] as? Int, "\(label)",
            sourceLocation: sourceLocation)
        #expect(
            species.genderRate == raw["gender_rate"] as? Int, "\(label)",
            sourceLocation: sourceLocation)
        #expect(
            species.eggGroups == Raw.list(raw["egg_groups"]).map { Raw.name($0) }, "\(label)",
            sourceLocation: sourceLocation)
        #expect(
            species.evolutionChainID == Raw.id(raw["evolution_chain"]), "\(label)",
            sourceLocation: sourceLocation)
        #expect(
            species.evolvesFromSpeciesID == Raw.id(raw["evolves_from_species"]), "\(label)",
            sourceLocation: sourceLocation)
        let varieties = Raw.list(raw["varieties"])
        #expect(
            species.varieties.map(\.pokemonID) == varieties.map { Raw.id($0["pokemon"]) },
            "\(label)", sourceLocation: sourceLocation)
        #expect(
            species.varieties.map(\.name) == varieties.map { Raw.name($0["pokemon"]) },
            "\(label)", sourceLocation: sourceLocation)
        #expect(
            species.varieties.map(\.isDefault) == varieties.map { $0["is_default"] as? Bool },
            "\(label)", sourceLocation: sourceLocation)
        #expect(
            species.varieties.filter(\.isDefault).count == 1, "\(label)",
            sourceLocation: sourceLocation)
    }
}
