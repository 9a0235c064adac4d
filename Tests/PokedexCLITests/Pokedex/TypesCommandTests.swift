import Foundation
import PokedexKit
import PokedexOfflineData
import Testing

@testable import pokedex

/// `pokedex types`: the matchups of a type combination, checked against the raw type data.
@Suite("pokedex types")
struct TypesCommandTests {
    /// The 18 battle types' names, in PokeAPI's id order.
    static let names = PokemonType.known.map(\.rawValue)

    /// Every combination of one type or two different types: 18 + 153.
    static let combinations: [[String]] =
        names.map { [$0] }
        + names.indices.flatMap { i in names[(i + 1)...].map { [names[i], $0] } }

    @Test("fire/flying: rock 4×, water and electric 2×, grass and bug ¼×, ground 0×")
    func fireFlying() async throws {
        let result = try await CommandRunner.pokedex("types", "fire/flying")
        #expect(result.status == 0, "\(result.error)")
        let lines = result.lines
        #expect(lines.first == "Fire/Flying defending: damage from each attacking type")
        func group(_ label: String) -> String? {
            lines.first { $0.hasPrefix("  \(label) ") }.map { String($0.dropFirst(6)) }
        }
        #expect(group("4×") == "Rock")
        #expect(group("2×") == "Water, Electric")
        #expect(group("¼×") == "Bug, Grass")
        #expect(group("0×") == "Ground")
        #expect(group("½×") == "Fighting, Steel, Fire, Fairy")
        #expect(result.error.isEmpty)
    }

    @Test("names are case-insensitive, and / or a comma separates them")
    func spellings() async throws {
        let slash = try await CommandRunner.pokedex("types", "fire/flying")
        for spelling in ["FIRE,Flying", "Fire/FLYING", "fire, flying"] {
            let result = try await CommandRunner.pokedex("types", spelling)
            #expect(result.status == 0, "\(spelling): \(result.error)")
            #expect(result.output == slash.output, "\(spelling)")
        }
    }

    @Test(
        "every combination's table is the product of the single-type factors of the raw data",
        arguments: combinations)
    func everyCombination(types: [String]) throws {
        let raw = try RawPokeAPIData.array("type")
        let matchups = TypeMatchups(
            defending: types.map(PokemonType.init(rawValue:)),
            chart: TypeChart(try BundledPokeAPI.allTypes()))
        for attacking in Self.names {
            let expected = types.map {
                RawPokeAPIData.factor(of: attacking, against: $0, in: raw)
            }.reduce(1, *)
            #expect(
                matchups.multiplier(of: PokemonType(rawValue: attacking)) == expected,
                "\(attacking) against \(types)")
        }
        #expect(matchups.groups.flatMap(\.attacking).count == 18, "each type in one group")
    }

    @Test("every combination's table fits 80 columns", arguments: combinations)
    func fitsTheTerminal(types: [String]) throws {
        let text = try TypesCommand.output(
            for: types, details: BundledPokeAPI.allTypes(), json: false)
        for line in text.split(separator: "\n") {
            #expect(line.count <= 80, "\(types): \(line)")
        }
    }

    @Test("--json gives the same groups")
    func json() async throws {
        let result = try await CommandRunner.pokedex("types", "fire/flying", "--json")
        #expect(result.status == 0, "\(result.error)")
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        let root = try #require(object as? [String: Any])
        #expect(root["defending"] as? [String] == ["fire", "flying"])
        let groups = try #require(root["groups"] as? [[String: Any]])
        let byMultiplier = Dictionary(
            uniqueKeysWithValues: groups.compactMap { group -> (Double, [String])? in
                guard let multiplier = (group["multiplier"] as? NSNumber)?.doubleValue,
                    let attacking = group["attacking"] as? [String]
                else { return nil }
                return (multiplier, attacking)
            })
        #expect(byMultiplier[4] == ["rock"])
        #expect(byMultiplier[2] == ["water", "electric"])
        #expect(byMultiplier[0.25] == ["bug", "grass"])
        #expect(byMultiplier[0] == ["ground"])
    }

    @Test("an unknown type fails (exit 1), naming it and suggesting the closest")
    func unknownType() async throws {
        let result = try await CommandRunner.pokedex("types", "fire/fliyng")
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        let first = try #require(result.errorLines.first)
        #expect(first == "pokedex: no type 'fliyng'. Did you mean flying?")
        #expect(result.errorLines.allSatisfy { $0.count <= 80 })
        #expect(!result.error.contains("usage:"), "a failure, not a usage error")
    }

    @Test(
        "a malformed combination is a usage error (exit 2)",
        arguments: [
            ["types"], ["types", "fire/flying/water"], ["types", "fire/"],
            ["types", "fire,fire"], ["types", "fire", "water"],
        ])
    func malformed(arguments: [String]) async throws {
        let result = try await CommandRunner.run("pokedex", arguments)
        #expect(result.status == 2, "\(arguments): \(result.error)")
        #expect(result.error.contains("usage: pokedex types"), "\(arguments)")
        #expect(result.output.isEmpty)
    }

    /// What a rock, ground or ghost attack does to each defending type, read off the game's
    /// type chart by hand (not from the bundled data): 2×, ½× and 0×; any other type takes 1×.
    static let attacks: [String: (double: Set<String>, half: Set<String>, none: Set<String>)] = [
        "rock": (["fire", "ice", "flying", "bug"], ["fighting", "ground", "steel"], []),
        "ground": (["fire", "electric", "poison", "rock", "steel"], ["grass", "bug"], ["flying"]),
        "ghost": (["psychic", "ghost"], ["dark"], ["normal"]),
    ]

    @Test("list --weak-to lists the stored Pokémon that take 2× or more from the type")
    func listWeakTo() async throws {
        let stored = try BundledPokeAPI.allPokemonForms()
        // Pokémon each list must hold, and must not, checked by hand: Charizard (fire/flying)
        // takes 4× from rock, Geodude (rock/ground) ½×; Pikachu 2× from ground, Magnemite
        // (electric/steel) 4×, Charizard 0×; Gengar (ghost/poison) and Alakazam 2× from ghost,
        // Porygon 0×, Umbreon ½×.
        let listedByHand: [String: (Set<Int>, Set<Int>)] = [
            "rock": ([6], [74]), "ground": ([25, 81], [6]), "ghost": ([94, 65], [137, 197]),
        ]
        for type in ["rock", "Ground", "ghost"] {
            let result = try await CommandRunner.pokedex(
                "list", "--in-memory", "--weak-to", type, "--json")
            #expect(result.status == 0, "\(result.error)")
            let listed = try JSONDecoder().decode([Pokemon].self, from: Data(result.output.utf8))
            let attack = try #require(Self.attacks[type.lowercased()])
            let expected = stored.filter { pokemon in
                let factors = pokemon.types.map { defending in
                    if attack.none.contains(defending.rawValue) { return 0.0 }
                    if attack.double.contains(defending.rawValue) { return 2.0 }
                    return attack.half.contains(defending.rawValue) ? 0.5 : 1.0
                }
                return factors.reduce(1, *) >= 2
            }
            #expect(listed.map(\.id) == expected.map(\.id), "\(type)")
            let (weak, notWeak) = try #require(listedByHand[type.lowercased()])
            #expect(weak.isSubset(of: listed.map(\.id)), "\(type)")
            #expect(notWeak.isDisjoint(with: listed.map(\.id)), "\(type)")
        }
        let misspelled = try await CommandRunner.pokedex("list", "--in-memory", "--weak-to", "rok")
        #expect(misspelled.status == 2)
        #expect(misspelled.error.contains("--weak-to expects a type, one of normal, fighting"))
        #expect(misspelled.error.contains("Did you mean rock?"))
    }
}
