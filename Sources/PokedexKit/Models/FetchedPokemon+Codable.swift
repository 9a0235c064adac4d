import Foundation

// PokeAPI's shape, as far as FetchedPokemon reads and writes it:
//
//   { "id": 1, "name": "bulbasaur",
//     "types":  [ { "slot": 1, "type": { "name": "grass", "url": "…" } }, … ],
//     "stats":  [ { "base_stat": 45, "effort": 0, "stat": { "name": "hp", "url": "…" } }, … ],
//     "sprites": { "front_default": "https://…", "front_shiny": "https://…", … },
//     "height": 7, "weight": 69, "base_experience": 64,
//     "abilities": [ { "ability": { "name": "overgrow", "url": "…" }, "is_hidden": false,
//                      "slot": 1 }, … ],
//     "species": { "name": "bulbasaur", "url": "/api/v2/pokemon-species/1/" },
//     "moves": [ { "move": { "name": "razor-wind", "url": "/api/v2/move/13/" },
//                  "version_group_details": [ { "level_learned_at": 0,
//                    "move_learn_method": { "name": "egg", … },
//                    "version_group": { "name": "scarlet-violet", … } }, … ] }, … ],
//     …every other key is ignored… }

extension FetchedPokemon: Codable {
    enum CodingKeys: String, CodingKey {
        case id, name, types, stats, sprites, height, weight, abilities, species, moves
        case baseExperience = "base_experience"
    }

    /// The keys of one entry of `types`.
    enum TypeSlotKeys: String, CodingKey {
        case slot, type
    }

    /// The keys of one entry of `stats`.
    enum StatKeys: String, CodingKey {
        case baseStat = "base_stat"
        case stat
    }

    /// The keys of one entry of `abilities`.
    enum AbilityKeys: String, CodingKey {
        case ability, slot
        case isHidden = "is_hidden"
    }

    /// The keys of `sprites` this type reads.
    enum SpriteKeys: String, CodingKey {
        case frontDefault = "front_default"
        case frontShiny = "front_shiny"
    }

    /// The keys of a PokeAPI named resource (`{ "name": …, "url": … }`).
    enum ResourceKeys: String, CodingKey {
        case name
    }

    /// The six base stats, by the names PokeAPI gives them.
    enum StatName: String, CodingKey, CaseIterable {
        case hp, attack, defense, speed
        case specialAttack = "special-attack"
        case specialDefense = "special-defense"
    }

    /// Decodes a Pokémon from a PokeAPI `pokemon` resource.
    ///
    /// Keys this type does not read are ignored.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` whose coding path names the field at fault: a required key that
    ///   is missing (`id`, `name`, `types`, `stats`, `height`, `weight`, or one of the six stats),
    ///   a value of the wrong type, a stat given twice, a sprite that is not a URL, a
    ///   `species` link that does not name a species, or a move's link that does not name a
    ///   move.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let stats = try Self.decodeStats(in: container)
        self.init(
            id: try container.decode(Int.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            types: try Self.decodeTypes(in: container),
            hp: try stats.value(of: .hp),
            attack: try stats.value(of: .attack),
            defense: try stats.value(of: .defense),
            specialAttack: try stats.value(of: .specialAttack),
            specialDefense: try stats.value(of: .specialDefense),
            speed: try stats.value(of: .speed),
            sprite: try Self.decodeSprite(.frontDefault, in: container),
            shiny: try Self.decodeSprite(.frontShiny, in: container),
            height: try container.decode(Int.self, forKey: .height),
            weight: try container.decode(Int.self, forKey: .weight),
            baseExperience: try container.decodeIfPresent(Int.self, forKey: .baseExperience),
            abilities: try Self.decodeAbilities(in: container),
            speciesID: try container.decodeResourceIDIfPresent(
                forKey: .species, family: "pokemon-species"),
            learnset: try Self.decodeLearnset(in: container)
        )
    }

    /// Encodes the Pokémon in PokeAPI's own shape, so that decoding the result gives back an
    /// equal value.
    ///
    /// Only the fields this type holds are written; resource links (`url`) and stat efforts
    /// are left out, but for the species' host-less link, which holds its id.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)

        var typeEntries = container.nestedUnkeyedContainer(forKey: .types)
        for (index, type) in types.enumerated() {
            var entry = typeEntries.nestedContainer(keyedBy: TypeSlotKeys.self)
            try entry.encode(index + 1, forKey: .slot)
            var resource = entry.nestedContainer(keyedBy: ResourceKeys.self, forKey: .type)
            try resource.encode(type.rawValue, forKey: .name)
        }

        var statEntries = container.nestedUnkeyedContainer(forKey: .stats)
        let statValues: [(StatName, Int)] = [
            (.hp, hp), (.attack, attack), (.defense, defense),
            (.specialAttack, specialAttack), (.specialDefense, specialDefense), (.speed, speed),
        ]
        for (name, value) in statValues {
            var entry = statEntries.nestedContainer(keyedBy: StatKeys.self)
            try entry.encode(value, forKey: .baseStat)
            var resource = entry.nestedContainer(keyedBy: ResourceKeys.self, forKey: .stat)
            try resource.encode(name.rawValue, forKey: .name)
        }

        var sprites = container.nestedContainer(keyedBy: SpriteKeys.self, forKey: .sprites)
        try sprites.encode(sprite?.absoluteString, forKey: .frontDefault)
        try sprites.encode(shiny?.absoluteString, forKey: .frontShiny)

        try container.encode(height, forKey: .height)
        try container.encode(weight, forKey: .weight)
        try container.encode(baseExperience, forKey: .baseExperience)

        var abilityEntries = container.nestedUnkeyedContainer(forKey: .abilities)
        for ability in abilities {
            var entry = abilityEntries.nestedContainer(keyedBy: AbilityKeys.self)
            var resource = entry.nestedContainer(keyedBy: ResourceKeys.self, forKey: .ability)
            try resource.encode(ability.name, forKey: .name)
            try entry.encode(ability.isHidden, forKey: .isHidden)
            try entry.encode(ability.slot, forKey: .slot)
        }

        if let speciesID {
            try container.encodeResource(
                id: speciesID, family: "pokemon-species", forKey: .species)
        }
        try encodeLearnset(in: &container)
    }
}

// MARK: - Decoding the nested parts

extension FetchedPokemon {
    /// Base stats read by name, with the coding path kept for a precise error.
    struct DecodedStats {
        var values: [StatName: Int] = [:]
        var codingPath: [any CodingKey]

        func value(of name: StatName) throws -> Int {
            guard let value = values[name] else {
                let found = StatName.allCases.filter { values[$0] != nil }.map(\.rawValue)
                throw DecodingError.keyNotFound(
                    name,
                    DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription: """
                            No base stat named "\(name.rawValue)" in stats \
                            (found: \(found.isEmpty ? "none" : found.joined(separator: ", "))).
                            """
                    )
                )
            }
            return value
        }
    }

    private static func decodeTypes(
        in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> [PokemonType] {
        var entries = try container.nestedUnkeyedContainer(forKey: .types)
        var slotted: [(slot: Int, position: Int, type: PokemonType)] = []
        while !entries.isAtEnd {
            let entry = try entries.nestedContainer(keyedBy: TypeSlotKeys.self)
            let slot = try entry.decode(Int.self, forKey: .slot)
            let resource = try entry.nestedContainer(keyedBy: ResourceKeys.self, forKey: .type)
            let name = try resource.decode(String.self, forKey: .name)
            slotted.append((slot, slotted.count, PokemonType(rawValue: name)))
        }
        return slotted.sorted { ($0.slot, $0.position) < ($1.slot, $1.position) }.map(\.type)
    }

    private static func decodeStats(
        in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> DecodedStats {
        var entries = try container.nestedUnkeyedContainer(forKey: .stats)
        var stats = DecodedStats(codingPath: container.codingPath + [CodingKeys.stats])
        while !entries.isAtEnd {
            let entry = try entries.nestedContainer(keyedBy: StatKeys.self)
            let resource = try entry.nestedContainer(keyedBy: ResourceKeys.self, forKey: .stat)
            let rawName = try resource.decode(String.self, forKey: .name)
            // Stats this type does not hold (PokeAPI also defines accuracy and evasion) are
            // skipped, like any other unknown field.
            guard let name = StatName(rawValue: rawName) else { continue }
            guard stats.values[name] == nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: .name, in: resource,
                    debugDescription: "The base stat \"\(rawName)\" appears more than once."
                )
            }
            stats.values[name] = try entry.decode(Int.self, forKey: .baseStat)
        }
        return stats
    }

    private static func decodeSprite(
        _ key: SpriteKeys,
        in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> URL? {
        guard container.contains(.sprites), try !container.decodeNil(forKey: .sprites) else {
            return nil
        }
        let sprites = try container.nestedContainer(keyedBy: SpriteKeys.self, forKey: .sprites)
        guard let string = try sprites.decodeIfPresent(String.self, forKey: key) else {
            return nil
        }
        guard let url = URL(string: string) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: sprites,
                debugDescription: "The sprite \"\(string)\" is not a valid URL."
            )
        }
        return url
    }

    private static func decodeAbilities(
        in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> [Ability] {
        guard container.contains(.abilities) else { return [] }
        var entries = try container.nestedUnkeyedContainer(forKey: .abilities)
        var abilities: [(position: Int, ability: Ability)] = []
        while !entries.isAtEnd {
            let entry = try entries.nestedContainer(keyedBy: AbilityKeys.self)
            let resource = try entry.nestedContainer(keyedBy: ResourceKeys.self, forKey: .ability)
            let ability = Ability(
                name: try resource.decode(String.self, forKey: .name),
                isHidden: try entry.decodeIfPresent(Bool.self, forKey: .isHidden) ?? false,
                slot: try entry.decode(Int.self, forKey: .slot)
            )
            abilities.append((abilities.count, ability))
        }
        return abilities.sorted {
            ($0.ability.slot, $0.position) < ($1.ability.slot, $1.position)
        }.map(\.ability)
    }
}
