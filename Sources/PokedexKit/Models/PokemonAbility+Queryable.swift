import KeyPathQuery

extension PokemonAbility: Queryable {
    /// Every attribute, named in snake case as PokeAPI names its fields.
    public static let queryAttributes: AttributeMap<PokemonAbility> = [
        \.id: "id",
        \.name: "name",
        \.names: "names",
        \.generation: "generation",
        \.isMainSeries: "is_main_series",
        \.shortEffect: "short_effect",
        \.effect: "effect",
        \.shortEffects: "short_effects",
        \.effects: "effects",
        \.flavorTexts: "flavor_texts",
        \.searchTexts: "search_texts",
    ]
}
