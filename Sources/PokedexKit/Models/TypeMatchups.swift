/// How much damage a defender of one or two types takes from each attacking type, grouped by
/// multiplier: a Pokédex entry's weaknesses and resistances.
///
/// Every factor comes from a ``TypeChart``: the product of the factors against each of the
/// defender's types.
///
/// ```swift
/// let chart = TypeChart(try BundledPokeAPI.allTypes())
/// let charizard = TypeMatchups(defending: [.fire, .flying], chart: chart)
/// charizard.groups.first?.multiplier   // 4
/// charizard.groups.first?.attacking    // [.rock]
/// charizard.multiplier(of: .ground)    // 0
/// ```
///
/// Its JSON is `{"defending": ["fire", "flying"], "groups": [{"multiplier": 4, "attacking":
/// ["rock"]}, …]}`, what `pokedex types --json` prints and `pokedex-service` answers for
/// `GET /types/fire,flying/matchups`.
public struct TypeMatchups: Hashable, Sendable, Codable {
    /// The multipliers a group can have, from most damage to least: 4, 2, 1, ½, ¼ and 0.
    public static let multipliers: [Double] = [4, 2, 1, 0.5, 0.25, 0]

    /// The attacking types that deal one multiplier of damage.
    public struct Group: Hashable, Sendable, Codable {
        /// The factor: 4, 2, 1, 0.5, 0.25 or 0.
        public var multiplier: Double
        /// The attacking types, in PokeAPI's id order.
        public var attacking: [PokemonType]

        /// Creates a group.
        ///
        /// - Parameters:
        ///   - multiplier: The factor.
        ///   - attacking: The attacking types that deal it.
        public init(multiplier: Double, attacking: [PokemonType]) {
            self.multiplier = multiplier
            self.attacking = attacking
        }
    }

    /// The defender's types, as given.
    public var defending: [PokemonType]
    /// The groups that have at least one attacking type, from most damage to least.
    public var groups: [Group]

    /// Groups the 18 attacking types of ``PokemonType/known`` by their factor against
    /// `defending`.
    ///
    /// - Parameters:
    ///   - defending: The defender's one or two types.
    ///   - chart: The type chart to read the factors from.
    /// - Complexity: O(*t*) in the 18 attacking types.
    public init(defending: [PokemonType], chart: TypeChart) {
        self.defending = defending
        let factors = chart.multipliers(against: defending)
        groups = Self.multipliers.compactMap { multiplier in
            let attacking = PokemonType.known.filter { factors[$0] == multiplier }
            return attacking.isEmpty ? nil : Group(multiplier: multiplier, attacking: attacking)
        }
    }

    /// The multiplier of one attacking type, or `nil` for a type in no group (one not among
    /// ``PokemonType/known``).
    ///
    /// - Parameter attacking: The attacking type.
    /// - Returns: Its factor against the defender.
    public func multiplier(of attacking: PokemonType) -> Double? {
        groups.first { $0.attacking.contains(attacking) }?.multiplier
    }
}
