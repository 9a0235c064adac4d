import Foundation
import PokedexKit
import Testing

@Suite("PokemonAbility")
struct PokemonAbilityTests {
    @Test("every ability decodes, matches its raw JSON and round-trips")
    func everyAbilityMatchesItsJSON() throws {
        let ids = try RepositoryData.ids(.ability)
        #expect(ids.count == 373)
        var withoutEffect = 0
        for id in ids {
            let ability = try JSONDecoder().decode(
                PokemonAbility.self, from: RepositoryData.data(.ability, id))
            let raw = try RepositoryData.object(.ability, id)
            #expect(ability.id == id)
            #expect(ability.name == raw["name"] as? String)
            #expect(ability.names == Raw.localized(raw["names"], textKey: "name"))
            #expect(ability.generation == Raw.id(raw["generation"]))
            #expect(ability.isMainSeries == raw["is_main_series"] as? Bool)
            let english = Raw.list(raw["effect_entries"]).first { Raw.name($0["language"]) == "en" }
            #expect(ability.shortEffect == english?["short_effect"] as? String, "ability \(id)")
            #expect(ability.effect == english?["effect"] as? String, "ability \(id)")
            if ability.shortEffect == nil { withoutEffect += 1 }
            #expect(try roundTripped(ability) == ability)
        }
        // 60 abilities have no effect entries in the data set.
        #expect(withoutEffect == 60)
    }

    @Test("the untrimmed Overgrow decodes and round-trips")
    func overgrow() throws {
        let overgrow = try JSONDecoder().decode(
            PokemonAbility.self, from: Fixtures.full(.ability, 65))
        #expect(overgrow.localizedName() == "Overgrow")
        #expect(overgrow.generation == 3)
        #expect(overgrow.isMainSeries)
        #expect(
            overgrow.shortEffect
                == "Strengthens Grass moves to inflict 1.5× damage at 1/3 max HP or less.")
        #expect(try roundTripped(overgrow) == overgrow)
    }
}
