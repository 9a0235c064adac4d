// PokeAPI's shape, as far as PokemonAbility reads and writes it:
//
//   { "id": 65, "name": "overgrow",
//     "names": [ { "name": "Overgrow", "language": { "name": "en", … } }, … ],
//     "generation": { "name": "generation-iii", "url": "/api/v2/generation/3/" },
//     "is_main_series": true,
//     "effect_entries": [ { "effect": "…", "short_effect": "…",
//                           "language": { "name": "en", … } }, … ],
//     …every other key is ignored… }

extension PokemonAbility: Codable {
    enum CodingKeys: String, CodingKey {
        case id, name, names, generation
        case isMainSeries = "is_main_series"
        case effectEntries = "effect_entries"
    }

    /// The keys of one entry of `effect_entries`.
    enum EffectKeys: String, CodingKey {
        case effect, language
        case shortEffect = "short_effect"
    }

    /// The language whose effects the model keeps.
    static let effectLanguage = "en"

    /// Decodes an ability from a PokeAPI `ability` resource.
    ///
    /// The effects are the English entry's; an ability without one (or without
    /// `effect_entries`) has none.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` whose coding path names the field at fault: a required key
    ///   that is missing (`id`, `name`, `names`, `generation`, `is_main_series`), a value of
    ///   the wrong type, or a `generation` link that does not name a generation.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var shortEffect: String?
        var effect: String?
        var found = false
        if try !container.isAbsent(.effectEntries) {
            var entries = try container.nestedUnkeyedContainer(forKey: .effectEntries)
            while !entries.isAtEnd {
                let entry = try entries.nestedContainer(keyedBy: EffectKeys.self)
                let language = try entry.decodeResourceName(forKey: .language)
                guard language == Self.effectLanguage, !found else { continue }
                found = true
                effect = try entry.decodeIfPresent(String.self, forKey: .effect)
                shortEffect = try entry.decodeIfPresent(String.self, forKey: .shortEffect)
            }
        }
        self.init(
            id: try container.decode(Int.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            names: try container.decodeLocalizedTexts(forKey: .names, textKey: "name"),
            generation: try container.decodeResourceID(forKey: .generation, family: "generation"),
            isMainSeries: try container.decode(Bool.self, forKey: .isMainSeries),
            shortEffect: shortEffect,
            effect: effect
        )
    }

    /// Encodes the ability in PokeAPI's own shape, so that decoding the result gives back an
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
        try container.encode(isMainSeries, forKey: .isMainSeries)
        var entries = container.nestedUnkeyedContainer(forKey: .effectEntries)
        if effect != nil || shortEffect != nil {
            var entry = entries.nestedContainer(keyedBy: EffectKeys.self)
            try entry.encode(effect, forKey: .effect)
            try entry.encode(shortEffect, forKey: .shortEffect)
            try entry.encodeResource(named: Self.effectLanguage, forKey: .language)
        }
    }
}
