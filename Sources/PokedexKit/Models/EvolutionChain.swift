/// An evolution family as PokeAPI describes it at `GET /api/v2/evolution-chain/{id}`: a tree of
/// species, each step with every condition that leads to it.
///
/// Chain ids are not species ids: a species names its chain in
/// ``PokemonSpecies/evolutionChainID``. The tree starts at ``root`` (the family's first
/// species, a baby where there is one) and branches where a species evolves several ways:
///
/// ```swift
/// let eevee = try JSONDecoder().decode(EvolutionChain.self, from: data)
/// eevee.root.evolvesTo.count                     // 8
/// let umbreon = eevee.step(forSpecies: 197)
/// umbreon?.conditions.first?.timeOfDay           // .night
/// umbreon?.conditions.first?.minHappiness        // 160
/// ```
///
/// It decodes the service's nested shape, ignoring keys it does not read, and encodes that
/// shape back, so a value survives a round trip and is kept as it is in a `ModelStore`.
public struct EvolutionChain: Hashable, Sendable, Identifiable {
    /// The PokeAPI id of the chain (ids have gaps).
    public var id: Int
    /// The item's PokeAPI name that a parent must hold for its egg to hatch into the baby at
    /// the root (`"sea-incense"` for Azurill), or `nil`.
    public var babyTriggerItem: String?
    /// The first species of the family, and through it the whole tree.
    public var root: EvolutionStep

    /// Creates a chain.
    ///
    /// - Parameters:
    ///   - id: The PokeAPI id.
    ///   - babyTriggerItem: The item's name a parent must hold for the baby, or `nil`.
    ///   - root: The first species of the family.
    public init(id: Int, babyTriggerItem: String? = nil, root: EvolutionStep) {
        self.id = id
        self.babyTriggerItem = babyTriggerItem
        self.root = root
    }

    /// Every step of the tree, depth first, each before the steps it evolves to.
    public var steps: [EvolutionStep] {
        var steps: [EvolutionStep] = []
        var pending = [root]
        while let step = pending.popLast() {
            steps.append(step)
            pending.append(contentsOf: step.evolvesTo.reversed())
        }
        return steps
    }

    /// The ids of every species in the chain, depth first.
    public var speciesIDs: [Int] {
        steps.map(\.speciesID)
    }

    /// The step of a species.
    ///
    /// - Parameter speciesID: The species' id.
    /// - Returns: The step, or `nil` when the species is not in this chain.
    /// - Complexity: O(*n*) in the number of steps.
    public func step(forSpecies speciesID: Int) -> EvolutionStep? {
        steps.first { $0.speciesID == speciesID }
    }

    /// The step a species evolves from.
    ///
    /// - Parameter speciesID: The species' id.
    /// - Returns: The parent's step, or `nil` for the root and for a species not in this chain.
    /// - Complexity: O(*n*) in the number of steps.
    public func parent(ofSpecies speciesID: Int) -> EvolutionStep? {
        steps.first { $0.evolvesTo.contains { $0.speciesID == speciesID } }
    }
}
