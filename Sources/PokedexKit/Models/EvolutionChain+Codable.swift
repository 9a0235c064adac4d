// PokeAPI's shape, as far as EvolutionChain reads and writes it:
//
//   { "id": 2, "baby_trigger_item": null,
//     "chain": { "species": { "name": "charmander", "url": "/api/v2/pokemon-species/4/" },
//                "is_baby": false, "evolution_details": [],
//                "evolves_to": [ { "species": …, "evolution_details": [ { … } ],
//                                  "evolves_to": [ … ] } ] } }

extension EvolutionChain: Codable {
    enum CodingKeys: String, CodingKey {
        case id, chain
        case babyTriggerItem = "baby_trigger_item"
    }

    /// Decodes a chain from a PokeAPI `evolution-chain` resource.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` whose coding path names the field at fault, down through
    ///   `chain.evolves_to`: a required key that is missing (`id`, `chain`, and each step's
    ///   `species`, `evolution_details` and `evolves_to`), a value of the wrong type, or a
    ///   species link that does not name a species.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int.self, forKey: .id),
            babyTriggerItem: try container.decodeResourceNameIfPresent(forKey: .babyTriggerItem),
            root: try container.decode(EvolutionStep.self, forKey: .chain)
        )
    }

    /// Encodes the chain in PokeAPI's own shape, so that decoding the result gives back an
    /// equal value.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeResource(named: babyTriggerItem, forKey: .babyTriggerItem)
        try container.encode(root, forKey: .chain)
    }
}

extension EvolutionStep: Codable {
    enum CodingKeys: String, CodingKey {
        case species
        case isBaby = "is_baby"
        case evolutionDetails = "evolution_details"
        case evolvesTo = "evolves_to"
    }

    /// Decodes one step of a PokeAPI chain (`chain`, or an entry of `evolves_to`) and,
    /// through it, every step after it.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` whose coding path names the field at fault: `species`,
    ///   `evolution_details` or `evolves_to` missing, a value of the wrong type, or a species
    ///   link that does not name a species.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            speciesID: try container.decodeResourceID(forKey: .species, family: "pokemon-species"),
            speciesName: try container.decodeResourceName(forKey: .species),
            isBaby: try container.decodeIfPresent(Bool.self, forKey: .isBaby) ?? false,
            conditions: try container.decode([EvolutionCondition].self, forKey: .evolutionDetails),
            evolvesTo: try container.decode([EvolutionStep].self, forKey: .evolvesTo)
        )
    }

    /// Encodes the step, and every step after it, in PokeAPI's shape.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeResource(
            id: speciesID, family: "pokemon-species", name: speciesName, forKey: .species)
        try container.encode(isBaby, forKey: .isBaby)
        try container.encode(conditions, forKey: .evolutionDetails)
        try container.encode(evolvesTo, forKey: .evolvesTo)
    }
}
