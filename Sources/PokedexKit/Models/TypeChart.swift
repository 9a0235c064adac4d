/// Every type's damage relations, to compute how much damage a move's type deals to a
/// Pokémon of one or two types.
///
/// A matchup is the product of the factors against each of the defender's types, so it is
/// one of 0, ¼, ½, 1, 2 or 4:
///
/// ```swift
/// let chart = TypeChart(try BundledPokeAPI.allTypes())
/// chart.multiplier(of: .rock, against: [.fire, .flying])      // 4
/// chart.multiplier(of: .ground, against: [.fire, .flying])    // 0
/// ```
public struct TypeChart: Hashable, Sendable {
    /// Each type's damage relations, by the type's name.
    public var relations: [PokemonType: DamageRelations]

    /// Creates a chart from the types' details.
    ///
    /// - Parameter types: The details of every type the chart knows; a type given twice keeps
    ///   its last details.
    public init(_ types: some Sequence<PokemonTypeDetails>) {
        var relations: [PokemonType: DamageRelations] = [:]
        for type in types {
            relations[type.name] = type.damageRelations
        }
        self.relations = relations
    }

    /// The factor by which a move of `attacking` type is multiplied against a defender of
    /// `defending` types.
    ///
    /// A type the chart does not know, as defender, counts as neutral (1×). A type listed
    /// twice counts once: no Pokémon has the same type twice.
    ///
    /// - Parameters:
    ///   - attacking: The move's type.
    ///   - defending: The defender's types, usually one or two.
    /// - Returns: The product of the factors against each defending type: 0, ¼, ½, 1, 2 or 4
    ///   for one or two types.
    /// - Complexity: O(*d*) in the number of defending types.
    public func multiplier(of attacking: PokemonType, against defending: [PokemonType]) -> Double {
        var seen: Set<PokemonType> = []
        var product = 1.0
        for type in defending where seen.insert(type).inserted {
            product *= relations[type]?.multiplier(from: attacking) ?? 1
        }
        return product
    }

    /// The factor of every attacking type of the main series against a defender.
    ///
    /// ```swift
    /// let charizard = chart.multipliers(against: [.fire, .flying])
    /// charizard.filter { $0.value >= 2 }.keys   // rock (4×), water, electric (2×)
    /// ```
    ///
    /// - Parameter defending: The defender's types.
    /// - Returns: The factor of each of the 18 types in ``PokemonType/known``.
    public func multipliers(against defending: [PokemonType]) -> [PokemonType: Double] {
        Dictionary(
            uniqueKeysWithValues: PokemonType.known.map {
                ($0, multiplier(of: $0, against: defending))
            })
    }
}
