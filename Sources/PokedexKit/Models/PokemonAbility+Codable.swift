// PokeAPI's shape, as far as PokemonAbility reads and writes it:
//
//   { "id": 65, "name": "overgrow",
//     "names": [ { "name": "Overgrow", "language": { "name": "en", … } }, … ],
//     "generation": { "name": "generation-iii", "url": "/api/v2/generation/3/" },
//     "is_main_series": true,
//     "effect_entries": [ { "effect": "…", "short_effect": "…",
//                           "language": { "name": "en", … } }, … ],
//     "flavor_text_entries": [ { "flavor_text": "…", "language": { "name": "en", … },
//                                "version_group": { "name": "scarlet-violet", … } }, … ],
//     …every other key is ignored… }

extension PokemonAbility: Codable {
    enum CodingKeys: String, CodingKey {
        case id, name, names, generation
        case isMainSeries = "is_main_series"
        case effectEntries = "effect_entries"
        case flavorTextEntries = "flavor_text_entries"
    }

    /// The keys of one entry of `effect_entries`.
    enum EffectKeys: String, CodingKey {
        case effect, language
        case shortEffect = "short_effect"
    }

    /// Decodes an ability from a PokeAPI `ability` resource.
    ///
    /// The effects are each language's first entry; an ability without `effect_entries` or
    /// `flavor_text_entries` has none.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` whose coding path names the field at fault: a required key
    ///   that is missing (`id`, `name`, `names`, `generation`, `is_main_series`), a value of
    ///   the wrong type, or a `generation` link that does not name a generation.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var shortEffects: [String: String] = [:]
        var effects: [String: String] = [:]
        var found: Set<String> = []
        if try !container.isAbsent(.effectEntries) {
            var entries = try container.nestedUnkeyedContainer(forKey: .effectEntries)
            while !entries.isAtEnd {
                let entry = try entries.nestedContainer(keyedBy: EffectKeys.self)
                let language = try entry.decodeResourceName(forKey: .language)
                guard found.insert(language).inserted else { continue }
                effects[language] = try entry.decodeIfPresent(String.self, forKey: .effect)
                shortEffects[language] = try entry.decodeIfPresent(
                    String.self, forKey: .shortEffect)
            }
        }
        let flavorTexts =
            try container.isAbsent(.flavorTextEntries)
            ? []
            : try container.decodeFlavorTexts(
                forKey: .flavorTextEntries, versionKey: "version_group")
        self.init(
            id: try container.decode(Int.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            names: try container.decodeLocalizedTexts(forKey: .names, textKey: "name"),
            generation: try container.decodeResourceID(forKey: .generation, family: "generation"),
            isMainSeries: try container.decode(Bool.self, forKey: .isMainSeries),
            shortEffects: shortEffects,
            effects: effects,
            flavorTexts: flavorTexts
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
        for language in Set(effects.keys).union(shortEffects.keys).sorted() {
            var entry = entries.nestedContainer(keyedBy: EffectKeys.self)
            try entry.encode(effects[language], forKey: .effect)
            try entry.encode(shortEffects[language], forKey: .shortEffect)
            try entry.encodeResource(named: language, forKey: .language)
        }
        if !flavorTexts.isEmpty {
            try container.encodeFlavorTexts(
                flavorTexts, forKey: .flavorTextEntries, versionKey: "version_group")
        }
    }
}
