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
///
/// Give it the store of the Pokémon's species too — the two stores of one database, as
/// ``init(store:species:client:)`` shows — and a sync brings each Pokémon's species with it,
/// and filters can follow the link: ``PokemonFilter/generation``,
/// ``PokemonFilter/legendaryOnly``, ``PokemonFilter/mythicalOnly``.
public struct Pokedex<Store: ModelStore<Pokemon>>: Sendable {
    /// The store the Pokémon are kept in.
    public let store: Store
    /// The store their species are kept in, or `nil` when the Pokédex keeps Pokémon alone.
    public let speciesStore: (any ModelStore<PokemonSpecies>)?
    /// The client that fetches them.
    public let client: PokeAPIClient

    /// Creates a Pokédex over a store of Pokémon alone and a client.
    ///
    /// - Parameters:
    ///   - store: Where the Pokémon are kept.
    ///   - client: Where they come from.
    public init(store: Store, client: PokeAPIClient) {
        self.store = store
        self.speciesStore = nil
        self.client = client
    }

    /// Creates a Pokédex over the Pokémon and species stores of one database, and a client.
    ///
    /// ```swift
    /// let dex = try await SQLiteModelDatabase.open(
    ///     at: url, for: [Pokemon.self, PokemonSpecies.self])
    /// let pokedex = Pokedex(
    ///     store: try dex.store(for: Pokemon.self),
    ///     species: try dex.store(for: PokemonSpecies.self),
    ///     client: PokeAPIClient())
    /// ```
    ///
    /// A sync then saves each Pokémon's species before the Pokémon, and the filters that
    /// follow ``Pokemon/speciesID`` are answered in the database. The two stores must belong
    /// to one database for those filters: a store of Pokémon alone refuses them with
    /// `StoreError.unknownModel`.
    ///
    /// - Parameters:
    ///   - store: Where the Pokémon are kept.
    ///   - species: Where their species are kept.
    ///   - client: Where they come from.
    public init(
        store: Store, species: some ModelStore<PokemonSpecies>, client: PokeAPIClient
    ) {
        self.store = store
        self.speciesStore = species
        self.client = client
    }
}
