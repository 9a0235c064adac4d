import ModelStorage

// An `EvolutionChain` is kept in any `ModelStore`: its id is the PokeAPI chain id, its stored
// form the PokeAPI shape of `EvolutionChain+Codable.swift`, the whole tree in one record.
// Schema version 1, no migrations yet.
extension EvolutionChain: StorableModel {
    /// The table's name in a database store: `evolution_chain`.
    public static var storageName: String { "evolution_chain" }
}
