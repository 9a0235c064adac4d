/// The average base stats of a set of Pokémon, such as those of one type.
///
/// ```swift
/// let dragon = try await pokedex.statistics().averageStatsByType[.dragon]
/// dragon?.attack   // 100.2…
/// dragon?.total    // the averages added up
/// ```
public struct BaseStatAverages: Hashable, Sendable, Codable {
    /// The average HP.
    public var hp: Double
    /// The average Attack.
    public var attack: Double
    /// The average Defense.
    public var defense: Double
    /// The average Special Attack.
    public var specialAttack: Double
    /// The average Special Defense.
    public var specialDefense: Double
    /// The average Speed.
    public var speed: Double

    /// The six averages added up: the average of the Pokémon's base stat totals.
    public var total: Double {
        hp + attack + defense + specialAttack + specialDefense + speed
    }

    /// Creates averages.
    ///
    /// - Parameters:
    ///   - hp: The average HP.
    ///   - attack: The average Attack.
    ///   - defense: The average Defense.
    ///   - specialAttack: The average Special Attack.
    ///   - specialDefense: The average Special Defense.
    ///   - speed: The average Speed.
    public init(
        hp: Double, attack: Double, defense: Double, specialAttack: Double,
        specialDefense: Double, speed: Double
    ) {
        self.hp = hp
        self.attack = attack
        self.defense = defense
        self.specialAttack = specialAttack
        self.specialDefense = specialDefense
        self.speed = speed
    }

    /// The averages of some Pokémon's base stats, computed in Swift: each stat's exact sum
    /// divided by their number, as the stores compute an average.
    ///
    /// ```swift
    /// let starters = BaseStatAverages(of: [bulbasaur, charmander, squirtle])
    /// ```
    ///
    /// `nil` when there are no Pokémon.
    ///
    /// - Parameter pokemon: The Pokémon.
    /// - Complexity: O(*n*) in the number of Pokémon.
    public init?(of pokemon: some Collection<Pokemon>) {
        guard !pokemon.isEmpty else { return nil }
        let count = Double(pokemon.count)
        func mean(_ stat: KeyPath<Pokemon, Int>) -> Double {
            Double(pokemon.reduce(0) { $0 + $1[keyPath: stat] }) / count
        }
        self.init(
            hp: mean(\.hp), attack: mean(\.attack), defense: mean(\.defense),
            specialAttack: mean(\.specialAttack), specialDefense: mean(\.specialDefense),
            speed: mean(\.speed))
    }
}
