import KeyPathQuery

extension PokemonTypeDetails: Queryable {
    /// Every attribute; the damage relations through ``DamageRelations``'s own
    /// (`damage_relations.double_damage_from`, …), so that a condition can select the types
    /// weak to another.
    public static let queryAttributes: AttributeMap<PokemonTypeDetails> = [
        \.id: "id",
        \.name: "name",
        \.names: "names",
        \.generation: "generation",
        \.moveDamageClass: "move_damage_class",
        \.damageRelations: "damage_relations",
    ]
}

extension DamageRelations: Queryable {
    /// The six lists, named as PokeAPI names them.
    public static let queryAttributes: AttributeMap<DamageRelations> = [
        \.doubleDamageFrom: "double_damage_from",
        \.halfDamageFrom: "half_damage_from",
        \.noDamageFrom: "no_damage_from",
        \.doubleDamageTo: "double_damage_to",
        \.halfDamageTo: "half_damage_to",
        \.noDamageTo: "no_damage_to",
    ]
}
