import KeyPathQuery

extension EvolutionChain: Queryable {
    /// Every attribute, and the ids of the chain's species.
    ///
    /// With `species_ids`, the chain of a species is found with
    /// `.contains(\.speciesIDs, id)`. The tree itself (`root`) is
    /// mapped but is not compared by conditions.
    public static let queryAttributes: AttributeMap<EvolutionChain> = [
        \.id: "id",
        \.babyTriggerItem: "baby_trigger_item",
        \.root: "root",
        \.speciesIDs: "species_ids",
    ]
}
