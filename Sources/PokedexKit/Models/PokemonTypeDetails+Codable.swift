extension PokemonTypeDetails: Codable {
    enum CodingKeys: String, CodingKey {
        case id, name, names, generation
        case moveDamageClass = "move_damage_class"
        case damageRelations = "damage_relations"
    }

    /// Decodes a type from a PokeAPI `type` resource.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` whose coding path names the field at fault: a required key
    ///   that is missing (all but `move_damage_class`, which may be `null`), a value of the
    ///   wrong type, or a `generation` link that does not name a generation.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int.self, forKey: .id),
            name: try container.decode(PokemonType.self, forKey: .name),
            names: try container.decodeLocalizedTexts(forKey: .names, textKey: "name"),
            generation: try container.decodeResourceID(forKey: .generation, family: "generation"),
            moveDamageClass: try container.decodeResourceNameIfPresent(forKey: .moveDamageClass),
            damageRelations: try container.decode(DamageRelations.self, forKey: .damageRelations)
        )
    }

    /// Encodes the type in PokeAPI's own shape, so that decoding the result gives back an
    /// equal value.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeLocalizedTexts(names, forKey: .names, textKey: "name")
        try container.encodeResource(id: generation, family: "generation", forKey: .generation)
        try container.encodeResource(named: moveDamageClass, forKey: .moveDamageClass)
        try container.encode(damageRelations, forKey: .damageRelations)
    }
}
