import KeyPathQuery

/// The Pokémon that take at least double damage from one attacking type, as a condition on
/// their types that any store answers: `pokedex list --weak-to rock`.
///
/// Every factor of a ``TypeChart`` is 0, ½, 1 or 2, so a Pokémon of one or two types takes
/// at least 2× from a type exactly when one of its types takes 2× and none of them takes less
/// than 1×:
///
/// ```swift
/// let chart = TypeChart(try BundledPokeAPI.allTypes())
/// let weakToRock = TypeWeakness(to: .rock, chart: chart)
/// weakToRock.doubled     // [.flying, .bug, .fire, .ice]
/// weakToRock.resisting   // [.fighting, .ground, .steel]
/// let found = try await store.fetch(RecordQuery(where: weakToRock.condition))
/// ```
///
/// Charizard (fire and flying, 4×) and Butterfree (bug and flying, 4×) are in it; Scyther (bug
/// and flying) too; Skarmory (steel and flying, 1×) is not.
public struct TypeWeakness: Hashable, Sendable {
    /// The attacking type.
    public var attacking: PokemonType
    /// The defending types it deals double damage to, in PokeAPI's id order.
    public var doubled: [PokemonType]
    /// The defending types it deals less than full damage to (½× or 0×), in PokeAPI's id
    /// order.
    public var resisting: [PokemonType]

    /// The weakness to one attacking type, as a chart gives it.
    ///
    /// - Parameters:
    ///   - attacking: The attacking type.
    ///   - chart: The type chart to read the factors from.
    /// - Complexity: O(*t*) in the 18 defending types of ``PokemonType/known``.
    public init(to attacking: PokemonType, chart: TypeChart) {
        self.attacking = attacking
        let factors = PokemonType.known.map { ($0, chart.multiplier(of: attacking, against: [$0])) }
        doubled = factors.filter { $0.1 >= 2 }.map(\.0)
        resisting = factors.filter { $0.1 < 1 }.map(\.0)
    }

    /// The Pokémon that take at least 2× from ``attacking``: one of their types in
    /// ``doubled``, none in ``resisting``.
    public var condition: Condition<Pokemon> {
        .containsAny(\.types, of: doubled) && !.containsAny(\.types, of: resisting)
    }
}
