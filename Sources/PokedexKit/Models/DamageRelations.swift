/// How much damage a type deals to and takes from the others, as PokeAPI lists it in a
/// type's `damage_relations`.
///
/// Types absent from every list are neutral (1×) both ways.
public struct DamageRelations: Hashable, Sendable {
    /// The types whose moves deal double damage to this type: its weaknesses.
    public var doubleDamageFrom: [PokemonType]
    /// The types whose moves deal half damage to this type: its resistances.
    public var halfDamageFrom: [PokemonType]
    /// The types whose moves deal no damage to this type: its immunities.
    public var noDamageFrom: [PokemonType]
    /// The types this type's moves deal double damage to.
    public var doubleDamageTo: [PokemonType]
    /// The types this type's moves deal half damage to.
    public var halfDamageTo: [PokemonType]
    /// The types this type's moves deal no damage to.
    public var noDamageTo: [PokemonType]

    /// Creates damage relations.
    ///
    /// - Parameters:
    ///   - doubleDamageFrom: The types dealing double damage to this type.
    ///   - halfDamageFrom: The types dealing half damage to this type.
    ///   - noDamageFrom: The types dealing no damage to this type.
    ///   - doubleDamageTo: The types this type deals double damage to.
    ///   - halfDamageTo: The types this type deals half damage to.
    ///   - noDamageTo: The types this type deals no damage to.
    public init(
        doubleDamageFrom: [PokemonType] = [],
        halfDamageFrom: [PokemonType] = [],
        noDamageFrom: [PokemonType] = [],
        doubleDamageTo: [PokemonType] = [],
        halfDamageTo: [PokemonType] = [],
        noDamageTo: [PokemonType] = []
    ) {
        self.doubleDamageFrom = doubleDamageFrom
        self.halfDamageFrom = halfDamageFrom
        self.noDamageFrom = noDamageFrom
        self.doubleDamageTo = doubleDamageTo
        self.halfDamageTo = halfDamageTo
        self.noDamageTo = noDamageTo
    }

    /// The factor by which a move of `attacking` type is multiplied against this type:
    /// 0, ½, 1 or 2.
    ///
    /// - Parameter attacking: The move's type.
    /// - Returns: 0 when this type is immune, 2 when weak, ½ when resistant, 1 otherwise.
    public func multiplier(from attacking: PokemonType) -> Double {
        if noDamageFrom.contains(attacking) { return 0 }
        if doubleDamageFrom.contains(attacking) { return 2 }
        if halfDamageFrom.contains(attacking) { return 0.5 }
        return 1
    }
}
