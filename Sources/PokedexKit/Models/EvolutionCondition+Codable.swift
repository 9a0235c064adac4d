// PokeAPI's shape, one entry of a step's `evolution_details`: every key is present in the
// service's responses, `null` (or `false`, or `""` for `time_of_day`) where it does not apply.
//
//   { "trigger": { "name": "level-up", "url": "…" }, "min_level": 16,
//     "item": { "name": "water-stone", … }, "held_item": null, "time_of_day": "night",
//     "gender": 1, "known_move_type": { "name": "fairy", "url": "/api/v2/type/18/" },
//     "party_species": { "name": "remoraid", "url": "/api/v2/pokemon-species/223/" },
//     "base_form": { "name": "eevee", "url": "/api/v2/pokemon/133/" }, … }

extension EvolutionCondition: Codable {
    enum CodingKeys: String, CodingKey {
        case trigger, item, location, gender, region
        case minLevel = "min_level"
        case heldItem = "held_item"
        case timeOfDay = "time_of_day"
        case minHappiness = "min_happiness"
        case minAffection = "min_affection"
        case minBeauty = "min_beauty"
        case knownMove = "known_move"
        case knownMoveType = "known_move_type"
        case needsOverworldRain = "needs_overworld_rain"
        case partySpecies = "party_species"
        case partyType = "party_type"
        case relativePhysicalStats = "relative_physical_stats"
        case tradeSpecies = "trade_species"
        case turnUpsideDown = "turn_upside_down"
        case minDamageTaken = "min_damage_taken"
        case minMoveCount = "min_move_count"
        case minSteps = "min_steps"
        case usedMove = "used_move"
        case nearSpecialRock = "near_special_rock"
        case needsMultiplayer = "needs_multiplayer"
        case baseForm = "base_form"
        case evolvedForm = "evolved_form"
        case versionGroup = "version_group"
        case isDefault = "is_default"
    }

    /// Decodes one entry of PokeAPI's `evolution_details`.
    ///
    /// Only `trigger` is required; a condition that is absent, `null`, `false` or (for
    /// `time_of_day`) empty does not apply. Species are read from their links' ids, types and
    /// other resources from their names; `is_default` is `true` when absent.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` whose coding path names the field at fault: `trigger` missing,
    ///   a value of the wrong type, a `gender` other than 1 or 2, a `relative_physical_stats`
    ///   other than -1, 0 or 1, or a species link that does not name a species.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys) throws -> Int? {
            try container.decodeIfPresent(Int.self, forKey: key)
        }
        func flag(_ key: CodingKeys) throws -> Bool {
            try container.decodeIfPresent(Bool.self, forKey: key) ?? false
        }
        func named(_ key: CodingKeys) throws -> String? {
            try container.decodeResourceNameIfPresent(forKey: key)
        }
        let timeOfDay = try container.decodeIfPresent(String.self, forKey: .timeOfDay) ?? ""
        self.init(
            trigger: EvolutionTrigger(
                rawValue: try container.decodeResourceName(forKey: .trigger)),
            minLevel: try number(.minLevel),
            item: try named(.item),
            heldItem: try named(.heldItem),
            timeOfDay: timeOfDay.isEmpty ? nil : TimeOfDay(rawValue: timeOfDay),
            minHappiness: try number(.minHappiness),
            minAffection: try number(.minAffection),
            minBeauty: try number(.minBeauty),
            knownMove: try named(.knownMove),
            knownMoveType: try named(.knownMoveType).map(PokemonType.init(rawValue:)),
            location: try named(.location),
            gender: try container.decodeIfPresent(Gender.self, forKey: .gender),
            needsOverworldRain: try flag(.needsOverworldRain),
            partySpeciesID: try container.decodeResourceIDIfPresent(
                forKey: .partySpecies, family: "pokemon-species"),
            partyType: try named(.partyType).map(PokemonType.init(rawValue:)),
            relativePhysicalStats: try container.decodeIfPresent(
                RelativePhysicalStats.self, forKey: .relativePhysicalStats),
            tradeSpeciesID: try container.decodeResourceIDIfPresent(
                forKey: .tradeSpecies, family: "pokemon-species"),
            turnUpsideDown: try flag(.turnUpsideDown),
            minDamageTaken: try number(.minDamageTaken),
            minMoveCount: try number(.minMoveCount),
            minSteps: try number(.minSteps),
            usedMove: try named(.usedMove),
            nearSpecialRock: try flag(.nearSpecialRock),
            needsMultiplayer: try flag(.needsMultiplayer),
            region: try named(.region),
            baseFormID: try container.decodeResourceIDIfPresent(
                forKey: .baseForm, family: "pokemon"),
            evolvedFormID: try container.decodeResourceIDIfPresent(
                forKey: .evolvedForm, family: "pokemon"),
            versionGroup: try named(.versionGroup),
            isDefault: try container.decodeIfPresent(Bool.self, forKey: .isDefault) ?? true
        )
    }

    /// Encodes the condition in PokeAPI's shape, every key present as the service writes it,
    /// so that decoding the result gives back an equal value.
    ///
    /// Resources known by name carry no link; species and forms carry a host-less one.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeResource(named: trigger.rawValue, forKey: .trigger)
        try container.encode(minLevel, forKey: .minLevel)
        try container.encodeResource(named: item, forKey: .item)
        try container.encodeResource(named: heldItem, forKey: .heldItem)
        try container.encode(timeOfDay?.rawValue ?? "", forKey: .timeOfDay)
        try container.encode(minHappiness, forKey: .minHappiness)
        try container.encode(minAffection, forKey: .minAffection)
        try container.encode(minBeauty, forKey: .minBeauty)
        try container.encodeResource(named: knownMove, forKey: .knownMove)
        try container.encodeResource(named: knownMoveType?.rawValue, forKey: .knownMoveType)
        try container.encodeResource(named: location, forKey: .location)
        try container.encode(gender, forKey: .gender)
        try container.encode(needsOverworldRain, forKey: .needsOverworldRain)
        try container.encodeResource(
            id: partySpeciesID, family: "pokemon-species", forKey: .partySpecies)
        try container.encodeResource(named: partyType?.rawValue, forKey: .partyType)
        try container.encode(relativePhysicalStats, forKey: .relativePhysicalStats)
        try container.encodeResource(
            id: tradeSpeciesID, family: "pokemon-species", forKey: .tradeSpecies)
        try container.encode(turnUpsideDown, forKey: .turnUpsideDown)
        try container.encode(minDamageTaken, forKey: .minDamageTaken)
        try container.encode(minMoveCount, forKey: .minMoveCount)
        try container.encode(minSteps, forKey: .minSteps)
        try container.encodeResource(named: usedMove, forKey: .usedMove)
        try container.encode(nearSpecialRock, forKey: .nearSpecialRock)
        try container.encode(needsMultiplayer, forKey: .needsMultiplayer)
        try container.encodeResource(named: region, forKey: .region)
        try container.encodeResource(id: baseFormID, family: "pokemon", forKey: .baseForm)
        try container.encodeResource(id: evolvedFormID, family: "pokemon", forKey: .evolvedForm)
        try container.encodeResource(named: versionGroup, forKey: .versionGroup)
        try container.encode(isDefault, forKey: .isDefault)
    }
}
