extension DamageRelations: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case doubleDamageFrom = "double_damage_from"
        case halfDamageFrom = "half_damage_from"
        case noDamageFrom = "no_damage_from"
        case doubleDamageTo = "double_damage_to"
        case halfDamageTo = "half_damage_to"
        case noDamageTo = "no_damage_to"
    }

    /// Decodes PokeAPI's `damage_relations`: six lists of type resources, read by name.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` whose coding path names the list at fault when one is missing
    ///   or an entry has no `name`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func types(_ key: CodingKeys) throws -> [PokemonType] {
            try container.decodeResourceNames(forKey: key).map(PokemonType.init(rawValue:))
        }
        self.init(
            doubleDamageFrom: try types(.doubleDamageFrom),
            halfDamageFrom: try types(.halfDamageFrom),
            noDamageFrom: try types(.noDamageFrom),
            doubleDamageTo: try types(.doubleDamageTo),
            halfDamageTo: try types(.halfDamageTo),
            noDamageTo: try types(.noDamageTo)
        )
    }

    /// Encodes the relations in PokeAPI's shape, each type as `{ "name": … }`.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let lists: [(CodingKeys, [PokemonType])] = [
            (.doubleDamageFrom, doubleDamageFrom), (.halfDamageFrom, halfDamageFrom),
            (.noDamageFrom, noDamageFrom), (.doubleDamageTo, doubleDamageTo),
            (.halfDamageTo, halfDamageTo), (.noDamageTo, noDamageTo),
        ]
        for (key, types) in lists {
            try container.encodeResources(named: types.map(\.rawValue), forKey: key)
        }
    }
}
