/// A Pokédex: Pokémon from PokeAPI kept in a local store, and the questions an app asks of
/// them.
///
/// `Pokedex` joins a ``PokeAPIClient`` to any `ModelStore` of ``Pokemon``. Sync a range of
/// ids into the store — only those it lacks, concurrently, saving each as it arrives — then
/// search, filter and mark favorites, all through the store:
///
/// ```swift
/// let store = try await JSONFileStore<Pokemon>.open(at: url)
/// let pokedex = Pokedex(store: store, client: PokeAPIClient())
///
/// for try await progress in pokedex.sync(1...151) {
///     print("\(progress.saved)/\(progress.total)")
/// }
///
/// let fire = try await pokedex.pokemon(
///     matching: PokemonFilter(types: [.fire], sort: .attack(.descending)))
/// print(fire.records.map(\.name), "of", fire.totalCount, "loaded")
/// ```
///
/// A sync that is cancelled or fails half-way keeps what it saved; the next one fetches
/// exactly the ids still missing, wherever they are in the range. Syncing again with
/// ``SyncMode/refresh`` takes the service's newer facts and keeps what the user owns (see
/// ``sync(_:mode:)``).
public struct Pokedex<Store: ModelStore<Pokemon>>: Sendable {
    /// The store the Pokémon are kept in.
    public let store: Store
    /// The client that fetches them.
    public let client: PokeAPIClient

    /// Creates a Pokédex over a store and a client.
    ///
    /// - Parameters:
    ///   - store: Where the Pokémon are kept.
    ///   - client: Where they come from.
    public init(store: Store, client: PokeAPIClient) {
        self.store = store
        self.client = client
    }
}
