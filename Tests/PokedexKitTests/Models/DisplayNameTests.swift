import PokedexKit
import PokedexOfflineData
import Testing

@Suite("displayName: the English name, else the PokeAPI name")
struct DisplayNameTests {
    @Test("species, types and abilities show their English names")
    func english() throws {
        #expect(try BundledPokeAPI.species(id: 122).displayName == "Mr. Mime")
        #expect(try BundledPokeAPI.species(id: 83).displayName == "Farfetch’d")
        #expect(try BundledPokeAPI.pokemonType(id: 10).displayName == "Fire")
        #expect(try BundledPokeAPI.ability(id: 94).displayName == "Solar Power")
    }

    @Test("without an English name, the PokeAPI name")
    func fallback() throws {
        var species = try BundledPokeAPI.species(id: 122)
        species.names.removeValue(forKey: "en")
        #expect(species.displayName == "mr-mime")
        var type = try BundledPokeAPI.pokemonType(id: 10)
        type.names = [:]
        #expect(type.displayName == "fire")
        var ability = try BundledPokeAPI.ability(id: 94)
        ability.names = ["fr": "Force Soleil"]
        #expect(ability.displayName == "solar-power")
    }
}
