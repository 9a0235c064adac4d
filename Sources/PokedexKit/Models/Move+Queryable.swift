import KeyPathQuery

extension Move: Queryable {
    /// Every attribute, named in snake case as PokeAPI names its fields.
    public static let queryAttributes: AttributeMap<Move> = [
        \.id: "id",
        \.name: "name",
        \.names: "names",
        \.type: "type",
        \.power: "power",
        \.accuracy: "accuracy",
        \.pp: "pp",
        \.priority: "priority",
        \.damageClass: "damage_class",
        \.target: "target",
        \.effectChance: "effect_chance",
        \.generation: "generation",
        \.searchTexts: "search_texts",
    ]
}
