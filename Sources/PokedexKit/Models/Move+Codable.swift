// PokeAPI's shape, as far as Move reads and writes it:
//
//   { "id": 53, "name": "flamethrower",
//     "names": [ { "name": "Flamethrower", "language": { "name": "en", … } }, … ],
//     "accuracy": 100, "power": 90, "pp": 15, "priority": 0, "effect_chance": 10,
//     "type": { "name": "fire", … }, "damage_class": { "name": "special", … },
//     "target": { "name": "selected-pokemon", … },
//     "effect_entries": [ { "effect": "…", "short_effect": "…",
//                           "language": { "name": "en", … } }, … ],
//     "flavor_text_entries": [ { "flavor_text": "…", "language": { "name": "en", … },
//                                "version_group": { "name": "scarlet-violet", … } }, … ],
//     "generation": { "name": "generation-i", "url": "/api/v2/generation/1/" },
//     …every other key is ignored… }

extension Move: Codable {
    enum CodingKeys: String, CodingKey {
        case id, name, names, accuracy, power, pp, priority, type, target, generation
        case damageClass = "damage_class"
        case effectChance = "effect_chance"
        case effectEntries = "effect_entries"
        case flavorTextEntries = "flavor_text_entries"
    }

    /// The keys of one entry of `effect_entries`.
    enum EffectKeys: String, CodingKey {
        case effect, language
        case shortEffect = "short_effect"
    }

    /// Decodes a move from a PokeAPI `move` resource.
    ///
    /// The effects keep the first entry of each language, with `$effect_chance` filled in
    /// (``fillingIn(_:chance:)``); flavor texts are cleaned (``FlavorText/cleaned(_:)``).
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` whose coding path names the field at fault: a required key
    ///   that is missing (`id`, `name`, `names`, `type`, `target`, `generation`), a value of
    ///   the wrong type, or a `generation` link that does not name a generation.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let chance = try container.decodeIfPresent(Int.self, forKey: .effectChance)
        var effects: [String: String] = [:]
        var shortEffects: [String: String] = [:]
        if try !container.isAbsent(.effectEntries) {
            var entries = try container.nestedUnkeyedContainer(forKey: .effectEntries)
            while !entries.isAtEnd {
                let entry = try entries.nestedContainer(keyedBy: EffectKeys.self)
                let language = try entry.decodeResourceName(forKey: .language)
                if effects[language] == nil,
                    let effect = try entry.decodeIfPresent(String.self, forKey: .effect)
                {
                    effects[language] = Self.fillingIn(effect, chance: chance)
                }
                if shortEffects[language] == nil,
                    let short = try entry.decodeIfPresent(String.self, forKey: .shortEffect)
                {
                    shortEffects[language] = Self.fillingIn(short, chance: chance)
                }
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
            type: PokemonType(rawValue: try container.decodeResourceName(forKey: .type)),
            power: try container.decodeIfPresent(Int.self, forKey: .power),
            accuracy: try container.decodeIfPresent(Int.self, forKey: .accuracy),
            pp: try container.decodeIfPresent(Int.self, forKey: .pp),
            priority: try container.decodeIfPresent(Int.self, forKey: .priority) ?? 0,
            damageClass: try container.decodeResourceNameIfPresent(forKey: .damageClass),
            target: try container.decodeResourceName(forKey: .target),
            effectChance: chance,
            effects: effects,
            shortEffects: shortEffects,
            flavorTexts: flavorTexts,
            generation: try container.decodeResourceID(forKey: .generation, family: "generation")
        )
    }

    /// Encodes the move in PokeAPI's own shape, so that decoding the result gives back an
    /// equal value.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeLocalizedTexts(names, forKey: .names, textKey: "name")
        try container.encode(accuracy, forKey: .accuracy)
        try container.encode(power, forKey: .power)
        try container.encode(pp, forKey: .pp)
        try container.encode(priority, forKey: .priority)
        try container.encodeResource(named: type.rawValue, forKey: .type)
        try container.encodeResource(named: damageClass, forKey: .damageClass)
        try container.encodeResource(named: target, forKey: .target)
        try container.encode(effectChance, forKey: .effectChance)
        var effectEntries = container.nestedUnkeyedContainer(forKey: .effectEntries)
        for language in Set(effects.keys).union(shortEffects.keys).sorted() {
            var entry = effectEntries.nestedContainer(keyedBy: EffectKeys.self)
            try entry.encode(effects[language], forKey: .effect)
            try entry.encode(shortEffects[language], forKey: .shortEffect)
            try entry.encodeResource(named: language, forKey: .language)
        }
        try container.encodeFlavorTexts(
            flavorTexts, forKey: .flavorTextEntries, versionKey: "version_group")
        try container.encodeResource(id: generation, family: "generation", forKey: .generation)
    }
}
