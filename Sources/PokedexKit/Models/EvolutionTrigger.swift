/// What sets an evolution off, such as ``levelUp`` or ``useItem``.
///
/// `EvolutionTrigger` is string-backed and open, like ``PokemonType``: the common triggers
/// have constants, and any other name the service sends (`"three-critical-hits"`,
/// `"gimmighoul-coins"`, or one added next year) decodes and round-trips unchanged.
public struct EvolutionTrigger: RawRepresentable, Hashable, Sendable, Codable {
    /// The trigger's PokeAPI name, such as `"level-up"`.
    public let rawValue: String

    /// Creates a trigger from its PokeAPI name.
    ///
    /// - Parameter rawValue: The name, such as `"trade"`. Any string is accepted.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Reaching a level, or levelling up while another condition holds (happiness, a known
    /// move, a time of day, …).
    public static let levelUp = EvolutionTrigger(rawValue: "level-up")
    /// Being traded, sometimes holding an item or for a particular species.
    public static let trade = EvolutionTrigger(rawValue: "trade")
    /// Having an item used on it, such as a Fire Stone.
    public static let useItem = EvolutionTrigger(rawValue: "use-item")
    /// Shedding: Nincada leaves a Shedinja behind when it evolves.
    public static let shed = EvolutionTrigger(rawValue: "shed")
    /// Using a move a number of times (Primeape, Bramblin).
    public static let useMove = EvolutionTrigger(rawValue: "use-move")
    /// A condition PokeAPI does not model otherwise.
    public static let other = EvolutionTrigger(rawValue: "other")
}

extension EvolutionTrigger: CustomStringConvertible {
    /// The trigger's PokeAPI name.
    public var description: String { rawValue }
}
