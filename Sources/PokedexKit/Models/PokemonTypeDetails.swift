/// A type as PokeAPI describes it at `GET /api/v2/type/{id}`: its names, the generation that
/// introduced it, and its damage relations.
///
/// ``PokemonType`` names a type; `PokemonTypeDetails` is what the service knows about it. Put
/// every type's details in a ``TypeChart`` to compute matchups:
///
/// ```swift
/// let fire = try JSONDecoder().decode(PokemonTypeDetails.self, from: data)
/// fire.name                                       // .fire
/// fire.damageRelations.doubleDamageFrom           // [.ground, .rock, .water]
/// ```
///
/// It decodes the service's nested shape, ignoring keys it does not read (such as
/// `past_damage_relations`), and encodes that shape back, so a value survives a round trip
/// and is kept as it is in a `ModelStore`.
public struct PokemonTypeDetails: Hashable, Sendable, Identifiable {
    /// The PokeAPI id: 1–18 for the main series' types, 19 for stellar, 10001 and up for
    /// unknown and shadow.
    public var id: Int
    /// The type's name.
    public var name: PokemonType
    /// The type's name by language (`"fr"`: `"Feu"`).
    public var names: [String: String]
    /// The generation that introduced the type.
    public var generation: Int
    /// The damage class of the type's moves before generation IV (`"physical"` or
    /// `"special"`), or `nil` for the types that came later or deal no damage.
    public var moveDamageClass: String?
    /// How much damage the type deals to and takes from the others, today.
    public var damageRelations: DamageRelations

    /// Creates a type's details.
    ///
    /// - Parameters:
    ///   - id: The PokeAPI id.
    ///   - name: The type's name.
    ///   - names: The name by language.
    ///   - generation: The generation that introduced it.
    ///   - moveDamageClass: The damage class of its moves before generation IV.
    ///   - damageRelations: Its damage relations.
    public init(
        id: Int,
        name: PokemonType,
        names: [String: String] = [:],
        generation: Int,
        moveDamageClass: String? = nil,
        damageRelations: DamageRelations
    ) {
        self.id = id
        self.name = name
        self.names = names
        self.generation = generation
        self.moveDamageClass = moveDamageClass
        self.damageRelations = damageRelations
    }
}
