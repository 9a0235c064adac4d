import Foundation
import PokedexKit
import PokedexOfflineData
import Testing

@Suite("PokedexLanguage and TranslatedText: every text by language, with a fallback")
struct PokedexLanguageTests {
    @Test(
        "a POSIX locale or a PokeAPI name maps to PokeAPI's language",
        arguments: [
            ("ja_JP.UTF-8", "ja"), ("ja", "ja"), ("ja-Hrkt", "ja-hrkt"), ("de_AT@euro", "de"),
            ("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"), ("", "en"), ("en_US", "en"),
            ("zh_CN.GB2312", "zh-hans"), ("zh_TW", "zh-hant"), ("zh-HK", "zh-hant"),
            ("zh-Hans", "zh-hans"), ("zh_Hant_TW", "zh-hant"), ("zh", "zh-hans"),
            ("es_419", "es-419"), ("es_MX", "es"), ("ko_KR.UTF-8", "ko"), ("FR", "fr"),
        ])
    func identifiers(identifier: String, code: String) {
        #expect(PokedexLanguage(identifier: identifier).rawValue == code)
    }

    @Test("fallbacks: the language, its other scripts or regions, then English")
    func fallbacks() {
        #expect(PokedexLanguage(rawValue: "ja").fallbacks == ["ja", "ja-hrkt", "en"])
        #expect(PokedexLanguage(rawValue: "es-419").fallbacks == ["es-419", "es", "en"])
        #expect(PokedexLanguage(rawValue: "zh-hant").fallbacks == ["zh-hant", "zh-hans", "en"])
        #expect(PokedexLanguage.english.fallbacks == ["en"])
        #expect(PokedexLanguage(rawValue: "ZH-Hans") == "zh-hans")
    }

    @Test("a lookup says which language was asked and which was used")
    func lookUp() throws {
        let texts = ["en": "Flame Pokémon", "ja-hrkt": "かえんポケモン", "de": ""]
        let japanese = try #require(TranslatedText.lookUp("ja", in: texts))
        #expect(japanese.text == "かえんポケモン")
        #expect(japanese.language == "ja-hrkt" && japanese.requested == "ja")
        #expect(!japanese.isFallback)
        let german = try #require(TranslatedText.lookUp("de", in: texts))
        #expect(german.text == "Flame Pokémon" && german.language == .english)
        #expect(german.isFallback)
        #expect(TranslatedText.lookUp("ko", in: [:]) == nil)
        #expect(TranslatedText.languages(of: texts) == ["en", "ja-hrkt"])
    }

    @Test("species, types and moves of the bundle give their names in nine languages")
    func bundledNames() throws {
        let charizard = try BundledPokeAPI.species(id: 6)
        let expected: [PokedexLanguage: String] = [
            "en": "Charizard", "de": "Glurak", "fr": "Dracaufeu", "es": "Charizard",
            "it": "Charizard", "ja": "リザードン", "ko": "리자몽", "zh-hans": "喷火龙",
            "zh-hant": "噴火龍",
        ]
        for (language, name) in expected {
            let text = try #require(charizard.name(in: language))
            #expect(text.text == name && text.language == language, "\(language)")
        }
        #expect(charizard.genus(in: "de")?.text == "Flammen-Pokémon")
        #expect(charizard.nameLanguages.count >= 11)
        #expect(charizard.flavorText(in: "en")?.isFallback == false)
        // The bundle keeps English descriptions only: Japanese falls back.
        #expect(charizard.flavorText(in: "ja")?.isFallback == true)
        #expect(charizard.flavorTextLanguages == ["en"])
        let fire = try BundledPokeAPI.allTypes().first { $0.name == .fire }
        #expect(fire?.name(in: "fr")?.text == "Feu")
        let flamethrower = try BundledPokeAPI.move(id: 53)
        #expect(flamethrower.name(in: "ja")?.text == "かえんほうしゃ")
        #expect(flamethrower.shortEffect(in: "fr")?.language == "fr")
        #expect(flamethrower.effectLanguages == ["en", "fr"])
    }

    @Test("an ability keeps its effects and descriptions in every language, and round-trips")
    func abilityLanguages() throws {
        let json = """
            {"id": 66, "name": "blaze", "generation": {"url": "/api/v2/generation/3/"},
             "is_main_series": true,
             "names": [{"name": "Blaze", "language": {"name": "en"}},
                       {"name": "Großbrand", "language": {"name": "de"}}],
             "effect_entries": [
               {"effect": "Full.", "short_effect": "Short.", "language": {"name": "en"}},
               {"effect": "Voll.", "short_effect": "Kurz.", "language": {"name": "de"}}],
             "flavor_text_entries": [
               {"flavor_text": "Ups FIRE\\nmoves.", "language": {"name": "en"},
                "version_group": {"name": "ruby-sapphire"}},
               {"flavor_text": "ピンチのとき ほのおの\\nわざの いりょくが あがる。",
                "language": {"name": "ja"}, "version_group": {"name": "scarlet-violet"}}]}
            """
        let blaze = try JSONDecoder().decode(PokemonAbility.self, from: Data(json.utf8))
        #expect(blaze.shortEffect == "Short." && blaze.effect == "Full.")
        #expect(blaze.shortEffect(in: "de")?.text == "Kurz.")
        #expect(blaze.shortEffect(in: "ko")?.isFallback == true)
        #expect(blaze.flavorText(in: "ja")?.text == "ピンチのとき ほのおの わざの いりょくが あがる。")
        #expect(blaze.flavorText(in: "ja")?.isFallback == false)
        #expect(blaze.effectLanguages == ["de", "en"])
        #expect(blaze.flavorTextLanguages == ["en", "ja"])
        let again = try JSONDecoder().decode(
            PokemonAbility.self, from: try JSONEncoder().encode(blaze))
        #expect(again == blaze)
    }

    @Test("an entry in a language names what it had to show in English")
    func entryInLanguage() throws {
        let fetched = try BundledPokeAPI.pokemon(id: 6)
        let pokemon = Pokemon(fetched)
        let abilities = try fetched.abilities.map { slot in
            try #require(try BundledPokeAPI.allAbilities().first { $0.name == slot.name })
        }
        let entry = PokedexEntry(
            pokemon: pokemon, species: try BundledPokeAPI.species(id: 6),
            evolution: try BundledPokeAPI.evolutionChain(id: 2),
            relatedSpecies: try [4, 5].map(BundledPokeAPI.species(id:)), abilities: abilities,
            types: try BundledPokeAPI.allTypes(), language: "ja")
        #expect(entry.displayName == "リザードン" && entry.genus == "かえんポケモン")
        #expect(entry.abilities.map(\.displayName) == ["もうか", "サンパワー"])
        #expect(entry.speciesNames[4] == "ヒトカゲ")
        #expect(entry.translation?.language == "ja")
        #expect(entry.translation?.untranslated == ["flavor_text", "ability_effect"])
        // An ability whose effect is English only is described by the games where they
        // have its description in the language (a store synced from the service).
        var described = abilities
        described[0].flavorTexts.append(
            FlavorText(text: "ピンチのとき ほのおの わざの いりょくが あがる。", language: "ja", version: "x-y"))
        let live = PokedexEntry(
            pokemon: pokemon, species: try BundledPokeAPI.species(id: 6), evolution: nil,
            abilities: described, types: [], language: "ja")
        #expect(live.abilities.first?.effect == "ピンチのとき ほのおの わざの いりょくが あがる。")
        #expect(live.translation?.untranslated == ["flavor_text", "ability_effect"])
        let english = PokedexEntry(
            pokemon: pokemon, species: try BundledPokeAPI.species(id: 6), evolution: nil,
            abilities: abilities, types: [])
        #expect(english.displayName == "Charizard")
        #expect(english.translation?.untranslated == [])
    }
}
