extension Pokemon: Queryable {
    /// Every attribute, named as the stored form names it (`special_attack`,
    /// `base_experience`, …), so conditions render to the same names in `NSPredicate` and SQL.
    public static let queryAttributes: AttributeMap<Pokemon> = [
        \.id: "id",
        \.name: "name",
        \.types: "types",
        \.hp: "hp",
        \.attack: "attack",
        \.defense: "defense",
        \.specialAttack: "special_attack",
        \.specialDefense: "special_defense",
        \.speed: "speed",
        \.sprite: "sprite",
        \.shiny: "shiny",
        \.height: "height",
        \.weight: "weight",
        \.baseExperience: "base_experience",
        \.abilities: "abilities",
        \.hiddenAbility: "hidden_ability",
        \.speciesID: "species_id",
        \.favorite: "favorite",
    ]
}

extension PokemonType: QueryTextConvertible {}
