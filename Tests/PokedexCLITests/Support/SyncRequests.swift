import PokedexKit
import PokedexOfflineData

/// The paths a sync of some ids into an empty Pokédex database asks a PokeAPI server for,
/// worked out from the bundled records: each Pokémon, its species, the species' chain, and
/// the Pokémon's types and abilities by name, each once.
enum SyncRequests {
    /// The paths, such as `/api/v2/pokemon/1/` and `/api/v2/type/grass/`.
    static func paths(_ ids: some Sequence<Int>) throws -> Set<String> {
        var paths = Set<String>()
        for id in ids {
            let pokemon = try BundledPokeAPI.pokemon(id: id)
            paths.insert("/api/v2/pokemon/\(id)/")
            if let speciesID = pokemon.speciesID {
                let species = try BundledPokeAPI.species(id: speciesID)
                paths.insert("/api/v2/pokemon-species/\(speciesID)/")
                paths.insert("/api/v2/evolution-chain/\(species.evolutionChainID)/")
            }
            for type in pokemon.types { paths.insert("/api/v2/type/\(type.rawValue)/") }
            for ability in Pokemon(pokemon).abilities {
                paths.insert("/api/v2/ability/\(ability)/")
            }
        }
        return paths
    }
}
