// PokeAPI's shape, as far as PokemonSpecies reads and writes it:
//
//   { "id": 6, "name": "charizard", "order": 6,
//     "names":  [ { "name": "Charizard", "language": { "name": "en", "url": "…" } }, … ],
//     "genera": [ { "genus": "Flame Pokémon", "language": { "name": "en", … } }, … ],
//     "flavor_text_entries": [ { "flavor_text": "…", "language": { "name": "en", … },
//                                "version": { "name": "red", … } }, … ],
//     "generation": { "name": "generation-i", "url": "/api/v2/generation/1/" },
//     "is_legendary": false, "is_mythical": false, "is_baby": false,
//     "habitat": { "name": "mountain", … } or null, "color": { "name": "red", … },
//     "capture_rate": 45, "gender_rate": 1,
//     "egg_groups": [ { "name": "monster", … }, … ],
//     "evolution_chain": { "url": "/api/v2/evolution-chain/2/" },
//     "evolves_from_species": { "name": "charmeleon", "url": "/api/v2/pokemon-species/5/" } or null,
//     "varieties": [ { "is_default": true,
//                      "pokemon": { "name": "charizard", "url": "/api/v2/pokemon/6/" } }, … ],
//     …every other key is ignored… }

extension PokemonSpecies: Codable {
    enum CodingKeys: String, CodingKey {
        case id, name, order, names, genera, generation, habitat, color, varieties
        case flavorTextEntries = "flavor_text_entries"
        case isLegendary = "is_legendary"
        case isMythical = "is_mythical"
        case isBaby = "is_baby"
        case captureRate = "capture_rate"
        case genderRate = "gender_rate"
        case eggGroups = "egg_groups"
        case evolutionChain = "evolution_chain"
        case evolvesFromSpecies = "evolves_from_species"
    }

    /// The keys of one entry of `varieties`.
    enum VarietyKeys: String, CodingKey {
        case pokemon
        case isDefault = "is_default"
    }

    /// Decodes a species from a PokeAPI `pokemon-species` resource.
    ///
    /// Links may be host-less (`/api/v2/generation/1/`) or absolute; the ids of the
    /// generation, the evolution chain, the species evolved from and each variety's Pokémon
    /// are read from them. Flavor texts are cleaned (``FlavorText/cleaned(_:)``). Keys this type
    /// does not read are ignored.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` whose coding path names the field at fault: a required key
    ///   that is missing (every key above but `habitat` and `evolves_from_species`, which may
    ///   be `null`), a value of the wrong type, or a link that does not name a resource of the
    ///   family it should (`generation.url`, `evolution_chain.url`, …).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            order: try container.decode(Int.self, forKey: .order),
            names: try container.decodeLocalizedTexts(forKey: .names, textKey: "name"),
            genera: try container.decodeLocalizedTexts(forKey: .genera, textKey: "genus"),
            flavorTexts: try Self.decodeFlavorTexts(in: container),
            generation: try container.decodeResourceID(forKey: .generation, family: "generation"),
            isLegendary: try container.decode(Bool.self, forKey: .isLegendary),
            isMythical: try container.decode(Bool.self, forKey: .isMythical),
            isBaby: try container.decode(Bool.self, forKey: .isBaby),
            habitat: try container.decodeResourceNameIfPresent(forKey: .habitat),
            color: try container.decodeResourceName(forKey: .color),
            captureRate: try container.decode(Int.self, forKey: .captureRate),
            genderRate: try container.decode(Int.self, forKey: .genderRate),
            eggGroups: try container.decodeResourceNames(forKey: .eggGroups),
            evolutionChainID: try container.decodeResourceID(
                forKey: .evolutionChain, family: "evolution-chain"),
            evolvesFromSpeciesID: try container.decodeResourceIDIfPresent(
                forKey: .evolvesFromSpecies, family: "pokemon-species"),
            varieties: try Self.decodeVarieties(in: container)
        )
    }

    /// Encodes the species in PokeAPI's own shape, so that decoding the result gives back an
    /// equal value.
    ///
    /// Only the fields this type holds are written; links are host-less
    /// (`/api/v2/generation/1/`), and resources known by name only carry no link.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(order, forKey: .order)
        try container.encodeLocalizedTexts(names, forKey: .names, textKey: "name")
        try container.encodeLocalizedTexts(genera, forKey: .genera, textKey: "genus")
        try container.encodeFlavorTexts(
            flavorTexts, forKey: .flavorTextEntries, versionKey: "version")
        try container.encodeResource(id: generation, family: "generation", forKey: .generation)
        try container.encode(isLegendary, forKey: .isLegendary)
        try container.encode(isMythical, forKey: .isMythical)
        try container.encode(isBaby, forKey: .isBaby)
        try container.encodeResource(named: habitat, forKey: .habitat)
        try container.encodeResource(named: color, forKey: .color)
        try container.encode(captureRate, forKey: .captureRate)
        try container.encode(genderRate, forKey: .genderRate)
        try container.encodeResources(named: eggGroups, forKey: .eggGroups)
        try container.encodeResource(
            id: evolutionChainID, family: "evolution-chain", forKey: .evolutionChain)
        try container.encodeResource(
            id: evolvesFromSpeciesID, family: "pokemon-species", forKey: .evolvesFromSpecies)
        var varietyEntries = container.nestedUnkeyedContainer(forKey: .varieties)
        for variety in varieties {
            var entry = varietyEntries.nestedContainer(keyedBy: VarietyKeys.self)
            try entry.encode(variety.isDefault, forKey: .isDefault)
            try entry.encodeResource(
                id: variety.pokemonID, family: "pokemon", name: variety.name, forKey: .pokemon)
        }
    }

    private static func decodeFlavorTexts(
        in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> [FlavorText] {
        try container.decodeFlavorTexts(forKey: .flavorTextEntries, versionKey: "version")
    }

    private static func decodeVarieties(
        in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> [Variety] {
        var entries = try container.nestedUnkeyedContainer(forKey: .varieties)
        var varieties: [Variety] = []
        while !entries.isAtEnd {
            let entry = try entries.nestedContainer(keyedBy: VarietyKeys.self)
            varieties.append(
                Variety(
                    pokemonID: try entry.decodeResourceID(forKey: .pokemon, family: "pokemon"),
                    name: try entry.decodeResourceName(forKey: .pokemon),
                    isDefault: try entry.decode(Bool.self, forKey: .isDefault)))
        }
        return varieties
    }
}
