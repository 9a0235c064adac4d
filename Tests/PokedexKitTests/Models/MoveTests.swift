import Foundation
import PokedexKit
import Testing

@Suite("Move and LearnsetEntry on real PokeAPI data")
struct MoveTests {
    @Test("a move listed twice has its rows together, a row repeated whole is kept once")
    func learnsetRowsAreCanonical() throws {
        func row(_ level: Int, _ group: String) -> String {
            #"{"level_learned_at":\#(level),"move_learn_method":{"name":"level-up","url":""},"version_group":{"name":"\#(group)","url":""}}"#
        }
        func move(_ id: Int, _ rows: [String]) -> String {
            #"{"move":{"name":"m","url":"https://pokeapi.co/api/v2/move/\#(id)/"},"version_group_details":[\#(rows.joined(separator: ","))]}"#
        }
        var object = try RepositoryData.object(.pokemon, 25)
        object["moves"] = try JSONSerialization.jsonObject(
            with: Data(
                "[\(move(1, [row(1, "a")])),\(move(2, [row(2, "a")])),\(move(1, [row(3, "b"), row(1, "a")]))]"
                    .utf8))
        let pokemon = try JSONDecoder().decode(
            FetchedPokemon.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(pokemon.learnset.map(\.moveID) == [1, 1, 2])
        #expect(pokemon.learnset.map(\.level) == [1, 3, 2])
        let again = try JSONDecoder().decode(
            FetchedPokemon.self, from: try JSONEncoder().encode(pokemon))
        #expect(again == pokemon)
    }

    @Test("every move of Data/pokeapi/all decodes as its JSON says, and round-trips")
    func everyMove() throws {
        let moves = try RepositoryData.decodeAll(Move.self, .move)
        #expect(moves.count == 937)
        let decoder = JSONDecoder()
        for move in moves {
            let raw = try RepositoryData.object(.move, move.id)
            #expect(move.name == raw["name"] as? String)
            #expect(move.power == raw["power"] as? Int, "\(move.name)")
            #expect(move.accuracy == raw["accuracy"] as? Int, "\(move.name)")
            #expect(move.pp == raw["pp"] as? Int, "\(move.name)")
            #expect(move.type.rawValue == Raw.name(raw["type"]))
            #expect(move.damageClass == Raw.name(raw["damage_class"]))
            #expect(move.names.count == (raw["names"] as? [Any])?.count, "\(move.name)")
            let flavor = raw["flavor_text_entries"] as? [[String: Any]] ?? []
            #expect(move.flavorTexts.count == flavor.count, "\(move.name)")
            let again = try decoder.decode(Move.self, from: JSONEncoder().encode(move))
            #expect(again == move, "\(move.name)")
        }
    }

    @Test("flamethrower: its numbers, its names in every language, its texts by language")
    func flamethrower() throws {
        let move = try JSONDecoder().decode(Move.self, from: RepositoryData.data(.move, 53))
        #expect(move.displayName == "Flamethrower")
        #expect(move.localizedName("de") == "Flammenwurf")
        #expect(move.localizedName("ja") == "かえんほうしゃ")
        #expect(move.type == .fire && move.power == 90 && move.accuracy == 100 && move.pp == 15)
        #expect(move.damageClass == "special" && move.target == "selected-pokemon")
        #expect(move.effectChance == 10 && move.priority == 0 && move.generation == 1)
        #expect(move.shortEffect() == "Has a chance to burn the target.")
        #expect(move.shortEffect("fr") == "A une chance de brûler la cible.")
        #expect(move.shortEffect("xx") == nil)
        // Flavor texts are cleaned of the games' line breaks.
        #expect(move.flavorText("de")?.text.contains("\n") == false)
        #expect(move.flavorText("de")?.version == "sword-shield")
        #expect(move.flavorText()?.version == "scarlet-violet")
    }

    @Test("the service's $effect_chance is filled in with the move's chance")
    func effectChance() throws {
        var object = try RepositoryData.object(.move, 53)
        object["effect_entries"] = [
            [
                "effect": "Has a $effect_chance% chance to burn the target.",
                "short_effect": "Has a $effect_chance% chance to burn.",
                "language": ["name": "en"],
            ]
        ]
        let data = try JSONSerialization.data(withJSONObject: object)
        let move = try JSONDecoder().decode(Move.self, from: data)
        #expect(move.effect() == "Has a 10% chance to burn the target.")
        #expect(move.shortEffect() == "Has a 10% chance to burn.")
        #expect(Move.fillingIn("$effect_chance%", chance: nil) == "$effect_chance%")
    }

    @Test("a Pokémon's moves decode into learnset entries of its id, one per detail")
    func learnset() throws {
        let charizard = try JSONDecoder().decode(
            FetchedPokemon.self, from: RepositoryData.data(.pokemon, 6))
        let raw = try #require(RepositoryData.object(.pokemon, 6)["moves"] as? [[String: Any]])
        let details = raw.reduce(0) { $0 + (($1["version_group_details"] as? [Any])?.count ?? 0) }
        #expect(charizard.learnset.count == details)
        #expect(charizard.learnset.allSatisfy { $0.pokemonID == 6 })
        let flamethrower = charizard.learnset.filter { $0.moveID == 53 }
        #expect(flamethrower.contains { $0.method == .levelUp && $0.level == 30 })
        #expect(Set(charizard.learnset.map(\.id)).count == charizard.learnset.count)
        let entry = LearnsetEntry(
            pokemonID: 6, moveID: 53, method: .levelUp, level: 30, versionGroup: "scarlet-violet")
        #expect(entry.id == "6:53:level-up:30:scarlet-violet")
        #expect(
            [MoveLearnMethod(rawValue: "form-change"), .tutor, .egg, .machine, .levelUp].sorted()
                == [.levelUp, .machine, .egg, .tutor, "form-change"])
        #expect(MoveLearnMethod.levelUp.displayName == "level up")
    }
}
