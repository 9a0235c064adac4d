/// One species in an ``EvolutionChain``: how it is reached from the step before, and what it
/// evolves into.
public struct EvolutionStep: Hashable, Sendable {
    /// The species' id.
    public var speciesID: Int
    /// The species' PokeAPI name, such as `"charmeleon"`.
    public var speciesName: String
    /// Whether the species is a baby.
    public var isBaby: Bool
    /// The ways to evolve into this species from the step before, each a complete set of
    /// conditions (any one suffices); empty for the root.
    ///
    /// A species has several when games differ or when it evolves more than one way
    /// (Leafeon: a Leaf Stone, or levelling up near a Moss Rock).
    public var conditions: [EvolutionCondition]
    /// The species this one evolves into: none at the end of a line, several where it branches.
    public var evolvesTo: [EvolutionStep]

    /// Creates a step.
    ///
    /// - Parameters:
    ///   - speciesID: The species' id.
    ///   - speciesName: The species' PokeAPI name.
    ///   - isBaby: Whether it is a baby.
    ///   - conditions: The ways to evolve into it; empty for a root.
    ///   - evolvesTo: The species it evolves into.
    public init(
        speciesID: Int,
        speciesName: String,
        isBaby: Bool = false,
        conditions: [EvolutionCondition] = [],
        evolvesTo: [EvolutionStep] = []
    ) {
        self.speciesID = speciesID
        self.speciesName = speciesName
        self.isBaby = isBaby
        self.conditions = conditions
        self.evolvesTo = evolvesTo
    }
}
