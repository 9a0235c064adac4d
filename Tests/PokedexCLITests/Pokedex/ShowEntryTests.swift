import Foundation
import TestSupport
import Testing

/// The raw rows and entries of the bundle, read with `JSONSerialization`: what `show` is
/// checked against, without the models that make the entry.
private struct RawBundle {
    /// `pokemon.json`'s rows by id: id, name, types, stats, sprites, height, weight, base
    /// experience, abilities as `[name, is hidden, slot]`, species id.
    let pokemon: [Int: [Any]]
    /// `pokemon-species.json`'s rows by id: id, name, order, names, genera, last English
    /// flavor text `[version, text]`, generation, legendary, mythical, baby, …, varieties.
    let species: [Int: [Any]]
    /// `ability.json`'s entries by name.
    let abilities: [String: [String: Any]]
    /// `type.json`'s entries.
    let types: [[String: Any]]

    init() throws {
        func rows(_ name: String) throws -> [Int: [Any]] {
            let data = try Data(
                contentsOf: RawPokeAPIData.resources.appending(path: "\(name).json"))
            let document = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let rows = try #require(document?["rows"] as? [[Any]])
            return Dictionary(
                uniqueKeysWithValues: rows.compactMap { row in (row[0] as? Int).map { ($0, row) } })
        }
        pokemon = try rows("pokemon")
        species = try rows("pokemon-species")
        abilities = Dictionary(
            uniqueKeysWithValues: try RawPokeAPIData.array("ability").compactMap { entry in
                (entry["name"] as? String).map { ($0, entry) }
            })
        types = try RawPokeAPIData.array("type")
    }

    /// A localized list's English text: `names`' `name`, `effect_entries`' `short_effect`.
    static func english(_ list: Any?, _ key: String) -> String? {
        (list as? [[String: Any]])?.first {
            ($0["language"] as? [String: Any])?["name"] as? String == "en"
        }?[key] as? String
    }
}

@Suite("pokedex show: the entry, field by field, against the bundled data")
struct ShowEntryTests {
    /// The sample: two types and one, a display name with punctuation (122), branches
    /// (133), legendary (150) and mythical (151).
    static let sample = [1, 6, 25, 122, 133, 150, 151]

    /// The 18 attacking types, written out: each must appear in exactly one matchup group.
    static let attackingTypes = [
        "normal", "fighting", "flying", "poison", "ground", "rock", "bug", "ghost", "steel",
        "fire", "water", "grass", "electric", "psychic", "ice", "dragon", "dark", "fairy",
    ]

    @Test("each sampled entry's JSON holds what the data says")
    func fieldByField() async throws {
        let raw = try RawBundle()
        for id in Self.sample {
            let result = try await CommandRunner.pokedex(
                "show", String(id), "--json", "--in-memory")
            #expect(result.status == 0, "\(id): \(result.error)")
            let entry = try #require(
                try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            let row = try #require(raw.pokemon[id])
            let speciesID = try #require(row[10] as? Int)
            let species = try #require(raw.species[speciesID])
            #expect(entry["name"] as? String == row[1] as? String)
            #expect(entry["types"] as? [String] == row[2] as? [String])
            #expect(entry["height"] as? Int == row[6] as? Int)
            #expect(entry["weight"] as? Int == row[7] as? Int)
            #expect(entry["species_id"] as? Int == speciesID)
            #expect(entry["display_name"] as? String == (species[3] as? [String: String])?["en"])
            #expect(entry["genus"] as? String == (species[4] as? [String: String])?["en"])
            let flavor = entry["flavor_text"] as? [String: Any]
            #expect(flavor?["version"] as? String == (species[5] as? [String])?.first)
            // The games' line breaks and form feeds read as spaces.
            let rawText = ((species[5] as? [String])?.last ?? "")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(flavor?["text"] as? String == rawText, "\(id)")
            #expect(entry["generation"] as? Int == species[6] as? Int)
            #expect(entry["is_legendary"] as? Bool == species[7] as? Bool)
            #expect(entry["is_mythical"] as? Bool == species[8] as? Bool)
            let stats = (entry["stats"] as? [[String: Any]] ?? []).compactMap {
                $0["value"] as? Int
            }
            #expect(stats == row[3] as? [Int], "\(id)")
            // Abilities: names, hidden flags and effects.
            let abilities = entry["abilities"] as? [[String: Any]] ?? []
            let rawAbilities = row[9] as? [[Any]] ?? []
            #expect(
                abilities.map { $0["name"] as? String } == rawAbilities.map { $0[0] as? String })
            #expect(
                abilities.map { $0["is_hidden"] as? Bool } == rawAbilities.map { $0[1] as? Bool })
            for ability in abilities {
                let details = raw.abilities[ability["name"] as? String ?? ""]
                #expect(
                    ability["display_name"] as? String
                        == RawBundle.english(details?["names"], "name"))
                #expect(
                    ability["effect"] as? String
                        == RawBundle.english(details?["effect_entries"], "short_effect"))
            }
            // Matchups: the product of the factors against each of its types.
            let types = row[2] as? [String] ?? []
            let matchups = entry["matchups"] as? [String: Any]
            let groups = matchups?["groups"] as? [[String: Any]] ?? []
            let attackingTypes = groups.flatMap { $0["attacking"] as? [String] ?? [] }
            #expect(attackingTypes.sorted() == Self.attackingTypes.sorted(), "\(id)")
            for group in groups {
                for attacking in group["attacking"] as? [String] ?? [] {
                    let product = types.reduce(1.0) {
                        $0 * RawPokeAPIData.factor(of: attacking, against: $1, in: raw.types)
                    }
                    #expect(group["multiplier"] as? Double == product, "\(id) from \(attacking)")
                }
            }
            // Forms: every variety of the species but this one.
            let varieties = (species.last as? [[Any]] ?? []).compactMap { $0[0] as? Int }
            let forms = (entry["forms"] as? [[String: Any]] ?? []).compactMap {
                $0["pokemon_id"] as? Int
            }
            #expect(forms == varieties.filter { $0 != id }, "\(id)")
            // The chain holds the species.
            let chain = try #require(entry["evolution"] as? [String: Any])
            let names = entry["species_names"] as? [String: String] ?? [:]
            #expect(names[String(speciesID)] == entry["display_name"] as? String)
            #expect(chain["id"] as? Int == species[species.count - 3] as? Int)
        }
    }

    @Test("the text: Charizard's sections, within 80 columns, with no markup in a pipe")
    func charizardText() async throws {
        let result = try await CommandRunner.pokedex("show", "charizard", "--in-memory")
        #expect(result.status == 0, "\(result.error)")
        let lines = result.lines
        #expect(lines.first == "#6 Charizard · Flame Pokémon")
        #expect(lines.contains("Fire/Flying · generation 1"))
        #expect(lines.contains("Height 1.7 m (5′07″) · Weight 90.5 kg (199.5 lb)"))
        #expect(lines.contains("  Solar Power (hidden)"))
        #expect(lines.contains("  4×  Rock"))
        #expect(lines.contains("  2×  Water, Electric"))
        #expect(lines.contains("  0×  Ground"))
        #expect(lines.contains("  Charmander → Charmeleon (level 16) → Charizard (level 36)"))
        #expect(lines.contains { $0.hasPrefix("  charizard-mega-x (#10034)") })
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        #expect(!result.output.contains("\u{1B}["), "no markup outside a terminal")
    }

    @Test("display names, case and accents ignored; unknown names suggest the closest")
    func names() async throws {
        for name in ["Mr. Mime", "mr mime", "MR-MIME", "122", "#122"] {
            let result = try await CommandRunner.pokedex("show", name, "--in-memory")
            #expect(result.status == 0, "\(name): \(result.error)")
            #expect(result.lines.first == "#122 Mr. Mime · Barrier Pokémon", "\(name)")
        }
        let eevee = try await CommandRunner.pokedex("show", "eevee", "--in-memory")
        #expect(eevee.lines.filter { $0.hasPrefix("  ├─ ") || $0.hasPrefix("  └─ ") }.count == 8)
        let typo = try await CommandRunner.pokedex("show", "Pikachuu", "--in-memory")
        #expect(typo.status == 1)
        #expect(typo.error.contains("no Pokémon 'Pikachuu' in the store. Did you mean Pikachu?"))
        let absent = try await CommandRunner.pokedex("show", "1026", "--in-memory")
        #expect(absent.status == 1)
        #expect(absent.error.contains("no Pokémon #1026 in the store"))
    }
}
