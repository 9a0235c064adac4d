import Foundation
import PokedexKit
import Testing

@Suite("EvolutionChain")
struct EvolutionChainTests {
    @Test("every chain in Data/pokeapi/all decodes, matches its raw tree and round-trips")
    func everyChainMatchesItsJSON() throws {
        let ids = try RepositoryData.ids(.evolutionChain)
        #expect(ids.count == 541)
        var detailRows = 0
        for id in ids {
            let chain = try JSONDecoder().decode(
                EvolutionChain.self, from: RepositoryData.data(.evolutionChain, id))
            let raw = try RepositoryData.object(.evolutionChain, id)
            #expect(chain.id == raw["id"] as? Int)
            #expect(chain.babyTriggerItem == Raw.name(raw["baby_trigger_item"]), "chain \(id)")
            detailRows += try expect(chain.root, matches: try #require(Raw.object(raw["chain"])))
            #expect(try roundTripped(chain) == chain, "chain \(id)")
        }
        // The data set's README: 553 detail rows.
        #expect(detailRows == 553)
    }

    @Test("the untrimmed chains decode and match their raw trees", arguments: [2, 67])
    func untrimmedChains(id: Int) throws {
        let data = try Fixtures.full(.evolutionChain, id)
        let chain = try JSONDecoder().decode(EvolutionChain.self, from: data)
        let raw = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        _ = try expect(chain.root, matches: try #require(Raw.object(raw["chain"])))
        #expect(try roundTripped(chain) == chain)
    }

    @Test("every species is in exactly one chain, the one it names, under the one it evolves from")
    func everySpeciesOnce() throws {
        let chains = try RepositoryData.decodeAll(EvolutionChain.self, .evolutionChain)
        let species = try RepositoryData.decodeAll(PokemonSpecies.self, .species)
        var chainOfSpecies: [Int: Int] = [:]
        var parentOfSpecies: [Int: Int] = [:]
        var appearances = 0
        for chain in chains {
            for step in chain.steps {
                appearances += 1
                chainOfSpecies[step.speciesID] = chain.id
                for child in step.evolvesTo { parentOfSpecies[child.speciesID] = step.speciesID }
            }
        }
        #expect(appearances == 1025)
        #expect(chainOfSpecies.count == 1025)
        var disagreements: Set<Int> = []
        for entry in species {
            #expect(chainOfSpecies[entry.id] == entry.evolutionChainID, "species \(entry.id)")
            if parentOfSpecies[entry.id] != entry.evolvesFromSpeciesID {
                disagreements.insert(entry.id)
            }
        }
        // PokeAPI itself disagrees twice: chain 250 puts Manaphy (490) under Phione (489),
        // whose species evolves from nothing; Melmetal (809) evolves from Meltan (808) by its
        // species, yet has a chain of its own (429). The models keep what each response says.
        #expect(disagreements == [490, 809])
    }

    @Test("Charmander → Charmeleon (level 16) → Charizard (level 36)")
    func charmanderLine() throws {
        let chain = try JSONDecoder().decode(
            EvolutionChain.self, from: Fixtures.full(.evolutionChain, 2))
        #expect(chain.speciesIDs == [4, 5, 6])
        #expect(chain.root.speciesName == "charmander")
        #expect(chain.root.conditions.isEmpty)
        let charmeleon = try #require(chain.step(forSpecies: 5))
        let charizard = try #require(chain.step(forSpecies: 6))
        #expect(charmeleon.conditions.map(\.minLevel) == [16])
        #expect(charizard.conditions.map(\.minLevel) == [36])
        #expect(charizard.conditions.map(\.trigger) == [.levelUp])
        #expect(chain.parent(ofSpecies: 6)?.speciesID == 5)
        #expect(chain.parent(ofSpecies: 4) == nil)
    }

    @Test("Eevee evolves eight ways, each with its own conditions")
    func eeveeBranches() throws {
        let chain = try JSONDecoder().decode(
            EvolutionChain.self, from: Fixtures.full(.evolutionChain, 67))
        #expect(chain.root.speciesName == "eevee")
        let branches = Dictionary(
            uniqueKeysWithValues: chain.root.evolvesTo.map { ($0.speciesName, $0) })
        #expect(
            Set(branches.keys) == [
                "vaporeon", "jolteon", "flareon", "espeon", "umbreon", "leafeon", "glaceon",
                "sylveon",
            ])
        #expect(chain.root.evolvesTo.allSatisfy { $0.evolvesTo.isEmpty })
        func items(_ name: String) -> [String?] { branches[name]?.conditions.map(\.item) ?? [] }
        #expect(items("vaporeon").contains("water-stone"))
        #expect(items("jolteon").contains("thunder-stone"))
        #expect(items("flareon").contains("fire-stone"))
        #expect(items("leafeon").contains("leaf-stone"))
        #expect(items("glaceon").contains("ice-stone"))
        let espeon = try #require(branches["espeon"]?.conditions.first { $0.timeOfDay != nil })
        #expect(espeon.timeOfDay == .day)
        #expect(espeon.minHappiness == 160)
        let umbreon = try #require(branches["umbreon"]?.conditions.first { $0.timeOfDay != nil })
        #expect(umbreon.timeOfDay == .night)
        #expect(umbreon.minHappiness == 160)
        #expect(umbreon.trigger == .levelUp)
        #expect(branches["leafeon"]?.conditions.contains { $0.nearSpecialRock } == true)
        #expect(branches["glaceon"]?.conditions.contains { $0.nearSpecialRock } == true)
        let sylveon = try #require(branches["sylveon"])
        #expect(sylveon.conditions.contains { $0.knownMoveType == .fairy })
        #expect(sylveon.conditions.contains { $0.minAffection != nil || $0.minHappiness != nil })
        #expect(sylveon.conditions.allSatisfy { $0.baseFormID == 133 })
    }

    @Test("Tyrogue's three evolutions compare attack with defense")
    func tyrogue() throws {
        let chains = try RepositoryData.decodeAll(EvolutionChain.self, .evolutionChain)
        let chain = try #require(chains.first { $0.speciesIDs.contains(236) })
        func stats(_ id: Int) -> [EvolutionCondition.RelativePhysicalStats?] {
            chain.step(forSpecies: id)?.conditions.map(\.relativePhysicalStats) ?? []
        }
        #expect(stats(106) == [.attackHigher])  // Hitmonlee
        #expect(stats(107) == [.defenseHigher])  // Hitmonchan
        #expect(stats(237) == [.equal])  // Hitmontop
    }

    /// Checks a step and every step after it against the raw tree, read without the decoder;
    /// returns the number of detail rows checked.
    private func expect(
        _ step: EvolutionStep, matches raw: [String: Any],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        let label = "species \(step.speciesID)"
        #expect(step.speciesID == Raw.id(raw["species"]), sourceLocation: sourceLocation)
        #expect(step.speciesName == Raw.name(raw["species"]), sourceLocation: sourceLocation)
        #expect(
            step.isBaby == (raw["is_baby"] as? Bool), "\(label)", sourceLocation: sourceLocation)
        let details = Raw.list(raw["evolution_details"])
        #expect(step.conditions.count == details.count, "\(label)", sourceLocation: sourceLocation)
        for (condition, detail) in zip(step.conditions, details) {
            #expect(
                Set(detail.keys).isSubset(of: Self.modelledKeys),
                "\(label): keys not modelled: \(Set(detail.keys).subtracting(Self.modelledKeys))",
                sourceLocation: sourceLocation)
            #expect(
                Self.normalized(condition) == Self.normalized(detail), "\(label)",
                sourceLocation: sourceLocation)
        }
        let children = Raw.list(raw["evolves_to"])
        #expect(step.evolvesTo.count == children.count, "\(label)", sourceLocation: sourceLocation)
        var rows = details.count
        for (child, rawChild) in zip(step.evolvesTo, children) {
            rows += try expect(child, matches: rawChild, sourceLocation: sourceLocation)
        }
        return rows
    }

    /// Every key of `evolution_details` in the data set: a new one fails the check above, so
    /// that the model learns of it.
    static let modelledKeys: Set<String> = [
        "base_form", "evolved_form", "gender", "held_item", "is_default", "item", "known_move",
        "known_move_type", "location", "min_affection", "min_beauty", "min_damage_taken",
        "min_happiness", "min_level", "min_move_count", "min_steps", "near_special_rock",
        "needs_multiplayer", "needs_overworld_rain", "party_species", "party_type", "region",
        "relative_physical_stats", "time_of_day", "trade_species", "trigger", "turn_upside_down",
        "used_move", "version_group",
    ]

    /// The keys whose values are booleans (JSONSerialization gives numbers for both).
    static let booleanKeys: Set<String> = [
        "is_default", "near_special_rock", "needs_multiplayer", "needs_overworld_rain",
        "turn_upside_down",
    ]

    /// The keys whose resources are known by their links' ids (species and Pokémon).
    static let linkedKeys: Set<String> = [
        "party_species", "trade_species", "base_form", "evolved_form",
    ]

    /// A raw detail row as text: every condition that applies, resources by name (or by id
    /// for species and Pokémon), `null`, `false` and `""` left out.
    static func normalized(_ detail: [String: Any]) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in detail {
            if booleanKeys.contains(key) {
                if (value as? Bool) == true { result[key] = "true" }
            } else if let object = value as? [String: Any] {
                result[key] =
                    linkedKeys.contains(key)
                    ? Raw.id(object).map { "id:\($0)" } : Raw.name(object).map { "name:\($0)" }
            } else if let string = value as? String {
                if !string.isEmpty { result[key] = string }
            } else if let number = value as? Int {
                result[key] = String(number)
            }
        }
        return result
    }

    /// A model's condition as the same text, field by field.
    static func normalized(_ condition: EvolutionCondition) -> [String: String] {
        var result: [String: String] = [:]
        func put(_ key: String, _ value: String?) { if let value { result[key] = value } }
        func name(_ value: String?) -> String? { value.map { "name:\($0)" } }
        func id(_ value: Int?) -> String? { value.map { "id:\($0)" } }
        func number(_ value: Int?) -> String? { value.map(String.init) }
        func flag(_ value: Bool) -> String? { value ? "true" : nil }
        put("trigger", name(condition.trigger.rawValue))
        put("min_level", number(condition.minLevel))
        put("item", name(condition.item))
        put("held_item", name(condition.heldItem))
        put("time_of_day", condition.timeOfDay?.rawValue)
        put("min_happiness", number(condition.minHappiness))
        put("min_affection", number(condition.minAffection))
        put("min_beauty", number(condition.minBeauty))
        put("known_move", name(condition.knownMove))
        put("known_move_type", name(condition.knownMoveType?.rawValue))
        put("location", name(condition.location))
        switch condition.gender {
        case .female: put("gender", "1")
        case .male: put("gender", "2")
        case nil: break
        }
        put("needs_overworld_rain", flag(condition.needsOverworldRain))
        put("party_species", id(condition.partySpeciesID))
        put("party_type", name(condition.partyType?.rawValue))
        switch condition.relativePhysicalStats {
        case .attackHigher: put("relative_physical_stats", "1")
        case .equal: put("relative_physical_stats", "0")
        case .defenseHigher: put("relative_physical_stats", "-1")
        case nil: break
        }
        put("trade_species", id(condition.tradeSpeciesID))
        put("turn_upside_down", flag(condition.turnUpsideDown))
        put("min_damage_taken", number(condition.minDamageTaken))
        put("min_move_count", number(condition.minMoveCount))
        put("min_steps", number(condition.minSteps))
        put("used_move", name(condition.usedMove))
        put("near_special_rock", flag(condition.nearSpecialRock))
        put("needs_multiplayer", flag(condition.needsMultiplayer))
        put("region", name(condition.region))
        put("base_form", id(condition.baseFormID))
        put("evolved_form", id(condition.evolvedFormID))
        put("version_group", name(condition.versionGroup))
        put("is_default", flag(condition.isDefault))
        return result
    }
}
