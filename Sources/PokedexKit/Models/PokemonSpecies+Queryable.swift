import KeyPathQuery

extension PokemonSpecies: Queryable {
    /// Every attribute, named in snake case as PokeAPI names its fields.
    ///
    /// Names such as `is_legendary` and `evolution_chain_id` render the same in `NSPredicate`
    /// and SQL. The localized names, flavor texts and varieties are mapped but, being neither
    /// values nor lists of values, are not compared by conditions.
    public static let queryAttributes: AttributeMap<PokemonSpecies> = [
        \.id: "id",
        \.name: "name",
        \.order: "order",
        \.names: "names",
        \.genera: "genera",
        \.flavorTexts: "flavor_texts",
        \.generation: "generation",
        \.isLegendary: "is_legendary",
        \.isMythical: "is_mythical",
        \.isBaby: "is_baby",
        \.habitat: "habitat",
        \.color: "color",
        \.captureRate: "capture_rate",
        \.genderRate: "gender_rate",
        \.eggGroups: "egg_groups",
        \.evolutionChainID: "evolution_chain_id",
        \.evolvesFromSpeciesID: "evolves_from_species_id",
        \.varieties: "varieties",
        \.searchTexts: "search_texts",
    ]
}
