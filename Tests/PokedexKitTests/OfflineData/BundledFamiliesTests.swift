import Foundation
import PokedexKit
import PokedexOfflineData
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Every family of the bundled data")
struct BundledFamiliesTests {
    @Test("the bundle holds every entry of Data/pokeapi/all")
    func counts() throws {
        #expect(try BundledPokeAPI.pokemonIDs() == RepositoryData.ids(.pokemon))
        #expect(try BundledPokeAPI.allPokemonForms().count == 1351)
        #expect(try BundledPokeAPI.allSpecies().map(\.id) == RepositoryData.ids(.species))
        #expect(try BundledPokeAPI.allSpecies().count == 1025)
        #expect(
            try BundledPokeAPI.allEvolutionChains().map(\.id)
                == RepositoryData.ids(.evolutionChain))
        #expect(try BundledPokeAPI.allEvolutionChains().count == 541)
        #expect(try BundledPokeAPI.allTypes().map(\.id) == RepositoryData.ids(.type))
        #expect(try BundledPokeAPI.allTypes().count == 21)
        #expect(try BundledPokeAPI.allAbilities().map(\.id) == RepositoryData.ids(.ability))
        #expect(try BundledPokeAPI.allAbilities().count == 373)
    }

    @Test("every bundled Pokémon is its full response decoded")
    func pokemon() throws {
        let raw = try RepositoryData.decodeAll(FetchedPokemon.self, .pokemon)
        let bundled = try BundledPokeAPI.allPokemonForms()
        // The bundle groups a learnset by game and method: the same entries, in another order.
        func sorted(_ pokemon: [FetchedPokemon]) -> [FetchedPokemon] {
            pokemon.map { pokemon in
                var pokemon = pokemon
                pokemon.learnset.sort { $0.id < $1.id }
                return pokemon
            }
        }
        #expect(sorted(bundled) == sorted(raw))
        #expect(bundled.map(\.learnset.count).reduce(0, +) == 77_622)
        #expect(try BundledPokeAPI.pokemon(id: 10034).speciesID == 6)
    }

    @Test("every bundled species is its full response decoded, with its last English flavor text")
    func species() throws {
        let bundled = try BundledPokeAPI.allSpecies()
        let raw = try RepositoryData.decodeAll(PokemonSpecies.self, .species)
        #expect(bundled.count == raw.count)
        for (bundle, full) in zip(bundled, raw) {
            var expected = full
            expected.flavorTexts = full.latestFlavorText().map { [$0] } ?? []
            #expect(bundle == expected, "species \(full.id)")
        }
        let charizard = try BundledPokeAPI.species(id: 6)
        #expect(charizard.genus() == "Flame Pokémon")
        #expect(charizard.localizedName("ja-roma") == "Lizardon")
        #expect(charizard.latestFlavorText()?.version == "shield")
    }

    @Test("a sample of species checked field by field against the raw JSON")
    func speciesSample() throws {
        for id in [1, 6, 133, 151, 172, 489, 809, 1025] {
            let species = try BundledPokeAPI.species(id: id)
            let raw = try RepositoryData.object(.species, id)
            #expect(species.name == raw["name"] as? String)
            #expect(species.names == Raw.localized(raw["names"], textKey: "name"))
            #expect(species.genera == Raw.localized(raw["genera"], textKey: "genus"))
            #expect(species.generation == Raw.id(raw["generation"]))
            #expect(species.isLegendary == raw["is_legendary"] as? Bool)
            #expect(species.isMythical == raw["is_mythical"] as? Bool)
            #expect(species.isBaby == raw["is_baby"] as? Bool)
            #expect(species.habitat == Raw.name(raw["habitat"]))
            #expect(species.color == Raw.name(raw["color"]))
            #expect(species.captureRate == raw["capture_rate"] as? Int)
            #expect(species.genderRate == raw["gender_rate"] as? Int)
            #expect(species.eggGroups == Raw.list(raw["egg_groups"]).map { Raw.name($0) })
            #expect(species.evolutionChainID == Raw.id(raw["evolution_chain"]))
            #expect(species.evolvesFromSpeciesID == Raw.id(raw["evolves_from_species"]))
            let varieties = Raw.list(raw["varieties"])
            #expect(species.varieties.map(\.pokemonID) == varieties.map { Raw.id($0["pokemon"]) })
            let english = Raw.list(raw["flavor_text_entries"]).last {
                Raw.name($0["language"]) == "en"
            }
            #expect(species.flavorTexts.map(\.version) == [Raw.name(english?["version"])])
            #expect(
                species.flavorTexts.map(\.text)
                    == [FlavorText.cleaned(english?["flavor_text"] as? String ?? "")])
        }
    }

    @Test("every bundled chain, type and ability holds what its raw JSON says, field by field")
    func otherFamilies() throws {
        // Each side is read its own way: the bundle through the models' decoders, the files of
        // Data/pokeapi/all with JSONSerialization.
        let chains = try BundledPokeAPI.allEvolutionChains()
        #expect(chains.map(\.id) == (try RepositoryData.ids(.evolutionChain)))
        for chain in chains {
            let raw = try RepositoryData.object(.evolutionChain, chain.id)
            #expect(chain.id == raw["id"] as? Int)
            #expect(chain.babyTriggerItem == Raw.name(raw["baby_trigger_item"]), "\(chain.id)")
            let root = try #require(Raw.object(raw["chain"]))
            #expect(Self.lines(of: chain.root) == Self.rawLines(of: root), "chain \(chain.id)")
        }
        let types = try BundledPokeAPI.allTypes()
        #expect(types.map(\.id) == (try RepositoryData.ids(.type)))
        for type in types {
            let raw = try RepositoryData.object(.type, type.id)
            #expect(type.name.rawValue == raw["name"] as? String)
            #expect(type.names == Raw.localized(raw["names"], textKey: "name"), "\(type.id)")
            #expect(type.generation == Raw.id(raw["generation"]), "\(type.id)")
            #expect(type.moveDamageClass == Raw.name(raw["move_damage_class"]), "\(type.id)")
            let relations = Raw.object(raw["damage_relations"])
            func names(_ key: String) -> [String] {
                Raw.list(relations?[key]).compactMap { $0["name"] as? String }
            }
            let damage = type.damageRelations
            let decoded = [
                damage.doubleDamageFrom, damage.halfDamageFrom, damage.noDamageFrom,
                damage.doubleDamageTo, damage.halfDamageTo, damage.noDamageTo,
            ]
            let keys = [
                "double_damage_from", "half_damage_from", "no_damage_from", "double_damage_to",
                "half_damage_to", "no_damage_to",
            ]
            #expect(decoded.map { $0.map(\.rawValue) } == keys.map(names), "type \(type.id)")
        }
        let abilities = try BundledPokeAPI.allAbilities()
        #expect(abilities.map(\.id) == (try RepositoryData.ids(.ability)))
        for ability in abilities {
            let raw = try RepositoryData.object(.ability, ability.id)
            #expect(ability.name == raw["name"] as? String)
            #expect(ability.names == Raw.localized(raw["names"], textKey: "name"), "\(ability.id)")
            #expect(ability.generation == Raw.id(raw["generation"]), "\(ability.id)")
            #expect(ability.isMainSeries == raw["is_main_series"] as? Bool, "\(ability.id)")
            let english = Raw.list(raw["effect_entries"]).first {
                Raw.name($0["language"]) == "en"
            }
            #expect(ability.effect == english?["effect"] as? String, "\(ability.id)")
            #expect(ability.shortEffect == english?["short_effect"] as? String, "\(ability.id)")
        }
        #expect(try BundledPokeAPI.evolutionChain(id: 67).root.evolvesTo.count == 8)
        #expect(try BundledPokeAPI.pokemonType(id: 10).name == .fire)
        #expect(try BundledPokeAPI.ability(id: 65).name == "overgrow")
        #expect(
            try BundledPokeAPI.typeChart().multiplier(of: .rock, against: [.fire, .flying]) == 4)
    }

    /// A chain's steps, depth first, one line each: the depth, the species' id and name,
    /// whether it is a baby, and each condition's trigger, minimum level and item.
    static func lines(of step: EvolutionStep, depth: Int = 0) -> [String] {
        let conditions = step.conditions.map {
            "\($0.trigger.rawValue) \($0.minLevel.map(String.init) ?? "-") \($0.item ?? "-")"
        }
        return ["\(depth) \(step.speciesID) \(step.speciesName) \(step.isBaby) \(conditions)"]
            + step.evolvesTo.flatMap { lines(of: $0, depth: depth + 1) }
    }

    /// The same lines as ``lines(of:depth:)``, read from a raw `chain` object.
    static func rawLines(of step: [String: Any], depth: Int = 0) -> [String] {
        let conditions = Raw.list(step["evolution_details"]).map { detail in
            let trigger = Raw.name(detail["trigger"]) ?? "?"
            let level = (detail["min_level"] as? Int).map(String.init) ?? "-"
            return "\(trigger) \(level) \(Raw.name(detail["item"]) ?? "-")"
        }
        let (id, name) = (Raw.id(step["species"]) ?? 0, Raw.name(step["species"]) ?? "?")
        let isBaby = step["is_baby"] as? Bool ?? false
        return ["\(depth) \(id) \(name) \(isBaby) \(conditions)"]
            + Raw.list(step["evolves_to"]).flatMap { rawLines(of: $0, depth: depth + 1) }
    }

    @Test("one entry, decoded from its line alone, is the whole file's entry")
    func entriesByLine() throws {
        let chains = try BundledPokeAPI.allEvolutionChains()
        #expect(try chains.map { try BundledPokeAPI.evolutionChain(id: $0.id) } == chains)
        let types = try BundledPokeAPI.allTypes()
        #expect(try types.map { try BundledPokeAPI.pokemonType(id: $0.id) } == types)
        let abilities = try BundledPokeAPI.allAbilities()
        #expect(try abilities.map { try BundledPokeAPI.ability(id: $0.id) } == abilities)
    }

    @Test("ids a family does not have are a typed error naming the family")
    func notBundled() {
        #expect(throws: BundledDataError.notBundled(id: 1026, family: .species)) {
            try BundledPokeAPI.species(id: 1026)
        }
        #expect(throws: BundledDataError.notBundled(id: 210, family: .evolutionChain)) {
            try BundledPokeAPI.evolutionChain(id: 210)
        }
        #expect(throws: BundledDataError.notBundled(id: 20, family: .type)) {
            try BundledPokeAPI.pokemonType(id: 20)
        }
        #expect(throws: BundledDataError.notBundled(id: 0, family: .ability)) {
            try BundledPokeAPI.ability(id: 0)
        }
    }

    @Test("the transport serves every family by id and by name, and lists them")
    func transport() async throws {
        let transport = BundledPokeAPITransport()
        func get<Model: Decodable>(_ path: String, as _: Model.Type) async throws -> Model? {
            let url = try #require(URL(string: "https://pokeapi.co/api/v2/\(path)"))
            let (body, response) = try await transport.send(URLRequest(url: url))
            guard response.statusCode == 200 else { return nil }
            return try JSONDecoder().decode(Model.self, from: body)
        }
        #expect(try await get("pokemon-species/6/", as: PokemonSpecies.self)?.name == "charizard")
        #expect(try await get("pokemon-species/eevee/", as: PokemonSpecies.self)?.id == 133)
        #expect(try await get("pokemon-species/1026/", as: PokemonSpecies.self) == nil)
        #expect(
            try await get("evolution-chain/67/", as: EvolutionChain.self)
                == BundledPokeAPI.evolutionChain(id: 67))
        #expect(try await get("evolution-chain/210/", as: EvolutionChain.self) == nil)
        #expect(try await get("type/fire/", as: PokemonTypeDetails.self)?.id == 10)
        #expect(try await get("ability/blaze/", as: PokemonAbility.self)?.id == 66)
        #expect(try await get("pokemon/152/", as: FetchedPokemon.self)?.name == "chikorita")
        #expect(try await get("pokemon/1026/", as: FetchedPokemon.self) == nil)
        let types = try #require(try await get("type?limit=30", as: NamedResourceList.self))
        #expect(types.count == 21)
        #expect(types.results.first?.name == "normal")
        let abilities = try #require(
            try await get("ability?limit=20&offset=360", as: NamedResourceList.self))
        #expect(abilities.count == 373)
        #expect(abilities.results.count == 13)
        #expect(abilities.next == nil)
    }
}
