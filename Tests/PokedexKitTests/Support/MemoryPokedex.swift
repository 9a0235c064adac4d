import PokedexKit

/// A Pokédex over a new in-memory database, with the database and its Pokémon store.
struct MemoryPokedex {
    let database: InMemoryModelDatabase
    let store: InMemoryStore<Pokemon>
    let pokedex: Pokedex

    /// Opens a database of `models` holding `pokemon`, and a Pokédex over it.
    init(
        client: PokeAPIClient, models: [any StorableModel.Type] = PokedexModels.all,
        pokemon: [Pokemon] = []
    ) async throws {
        database = try InMemoryModelDatabase(for: models)
        store = try database.store(for: Pokemon.self)
        try await store.upsert(contentsOf: pokemon)
        pokedex = Pokedex(store: store, database: database, client: client)
    }
}

extension MemoryPokedex {
    /// The database, its Pokémon store and the Pokédex, to take apart in one line.
    var parts: (InMemoryModelDatabase, InMemoryStore<Pokemon>, Pokedex) {
        (database, store, pokedex)
    }
}
