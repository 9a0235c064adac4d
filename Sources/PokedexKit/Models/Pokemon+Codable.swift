import Foundation

extension Pokemon: Codable {
    /// The keys of the stored form, which are also the record's attribute names.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name, types, hp, attack, defense, speed, sprite, shiny, height, weight
        case abilities, favorite
        case specialAttack = "special_attack"
        case specialDefense = "special_defense"
        case baseExperience = "base_experience"
        case speciesID = "species_id"
        case hiddenAbility = "hidden_ability"
    }

    /// Decodes a record from its flat stored form.
    ///
    /// A missing `favorite` reads as `false`, missing `abilities` as empty and a missing
    /// `hidden_ability` or `species_id` as `nil`, so records written before those attributes
    /// existed still open.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` naming the key at fault when a required key is missing or a
    ///   value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            types: try container.decode([PokemonType].self, forKey: .types),
            hp: try container.decode(Int.self, forKey: .hp),
            attack: try container.decode(Int.self, forKey: .attack),
            defense: try container.decode(Int.self, forKey: .defense),
            specialAttack: try container.decode(Int.self, forKey: .specialAttack),
            specialDefense: try container.decode(Int.self, forKey: .specialDefense),
            speed: try container.decode(Int.self, forKey: .speed),
            sprite: try Self.decodeURL(.sprite, in: container),
            shiny: try Self.decodeURL(.shiny, in: container),
            height: try container.decode(Int.self, forKey: .height),
            weight: try container.decode(Int.self, forKey: .weight),
            baseExperience: try container.decodeIfPresent(Int.self, forKey: .baseExperience),
            abilities: try container.decodeIfPresent([String].self, forKey: .abilities) ?? [],
            hiddenAbility: try container.decodeIfPresent(String.self, forKey: .hiddenAbility),
            speciesID: try container.decodeIfPresent(Int.self, forKey: .speciesID),
            favorite: try container.decodeIfPresent(Bool.self, forKey: .favorite) ?? false
        )
    }

    /// Encodes the record as one flat JSON object; absent values are written as `null`.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(types, forKey: .types)
        try container.encode(hp, forKey: .hp)
        try container.encode(attack, forKey: .attack)
        try container.encode(defense, forKey: .defense)
        try container.encode(specialAttack, forKey: .specialAttack)
        try container.encode(specialDefense, forKey: .specialDefense)
        try container.encode(speed, forKey: .speed)
        try container.encode(sprite?.absoluteString, forKey: .sprite)
        try container.encode(shiny?.absoluteString, forKey: .shiny)
        try container.encode(height, forKey: .height)
        try container.encode(weight, forKey: .weight)
        try container.encode(baseExperience, forKey: .baseExperience)
        try container.encode(abilities, forKey: .abilities)
        try container.encode(hiddenAbility, forKey: .hiddenAbility)
        try container.encode(speciesID, forKey: .speciesID)
        try container.encode(favorite, forKey: .favorite)
    }

    private static func decodeURL(
        _ key: CodingKeys,
        in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> URL? {
        guard let string = try container.decodeIfPresent(String.self, forKey: key) else {
            return nil
        }
        guard let url = URL(string: string) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "\"\(string)\" is not a valid URL."
            )
        }
        return url
    }
}
