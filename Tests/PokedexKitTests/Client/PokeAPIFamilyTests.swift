import PokedexKit
import Testing

@Suite("PokeAPIFamily: each family's names")
struct PokeAPIFamilyTests {
    @Test(
        "the display name and its plural, as a sentence names one and more",
        arguments: [
            (PokeAPIFamily.pokemon, "Pokémon", "Pokémon"),
            (.species, "Species", "Species"),
            (.evolutionChain, "Evolution chain", "Evolution chains"),
            (.type, "Type", "Types"),
            (.ability, "Ability", "Abilities"),
        ])
    func displayNames(of family: PokeAPIFamily, one: String, more: String) {
        #expect(family.displayName == one)
        #expect(family.pluralDisplayName == more)
    }

    @Test("every family has a plural display name of its own")
    func everyFamilyHasAPlural() {
        let plurals = PokeAPIFamily.all.map(\.pluralDisplayName)
        #expect(plurals.allSatisfy { !$0.isEmpty })
        #expect(Set(plurals).count == PokeAPIFamily.all.count)
    }
}
