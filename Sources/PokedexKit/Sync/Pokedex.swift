/// A Pokédex: Pokémon from PokeAPI kept in a local store, and the questions an app asks of
/// them.
///
/// `Pokedex` joins a ``PokeAPIClient`` to any `ModelStore` of ``Pokemon``. Sync a range of
/// ids into the store — only those it lacks, concurrently, saving each as it arrives — then
/// search and filter, all through the store:
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
/// Give it the database the store belongs to, as ``init(store:database:client:)`` shows, and
/// the Pokédex keeps there what the Pokémon link to — their species, evolution chains, types
/// and abilities, whichever of ``PokedexModels/all`` the database holds. A sync brings them
/// with each Pokémon, an ``entry(for:)`` reads them from the database, and filters can
/// follow the link: ``PokemonFilter/generation``, ``PokemonFilter/legendaryOnly``,
/// ``PokemonFilter/mythicalOnly``.
///
/// The user's own data — favorites and notes — is kept in the same database as records of
/// its own, ``Favorite`` and ``Note``, when it holds them (``PokedexModels/userData``):
/// ``setFavorite(_:pokemonID:)``, ``addNote(_:pokemonID:)`` and the rest write them, every
/// write through one transaction of the database, and the reference data is never written
/// for the user. After opening a database an earlier version may have written, call
/// ``migrateLegacyFavorites()`` once to move its favorite flags to records.
///
/// A Pokédex holds its store as `any ModelStore<Pokemon>`, so one type serves every backend:
/// code that keeps a Pokédex, passes it around or picks its store at run time names
/// `Pokedex`, whatever the store.
public struct Pokedex: Sendable {
    /// The store the Pokémon are kept in.
    public let store: any ModelStore<Pokemon>
    /// The database the store belongs to, in which the Pokédex keeps the species, chains,
    /// types and abilities it holds; `nil` when the Pokédex keeps Pokémon alone.
    public let database: (any ModelDatabase)?
    /// The client that fetches them.
    public let client: PokeAPIClient

    /// Creates a Pokédex over a store of Pokémon alone and a client.
    ///
    /// - Parameters:
    ///   - store: Where the Pokémon are kept.
    ///   - client: Where they come from.
    public init(store: any ModelStore<Pokemon>, client: PokeAPIClient) {
        self.store = store
        self.database = nil
        self.client = client
    }

    /// Creates a Pokédex over the Pokémon store of a database, the database, and a client.
    ///
    /// ```swift
    /// let dex = try await SQLiteModelDatabase.open(at: url, for: PokedexModels.all)
    /// let pokedex = Pokedex(
    ///     store: try dex.store(for: Pokemon.self), database: dex, client: PokeAPIClient())
    /// ```
    ///
    /// The Pokédex keeps in the database those of ``PokemonSpecies``, ``EvolutionChain``,
    /// ``PokemonTypeDetails`` and ``PokemonAbility`` that it holds; a database of
    /// `[Pokemon.self, PokemonSpecies.self]` keeps the species alone. A sync saves what a
    /// Pokémon links to before the Pokémon, and ``entry(for:)`` reads it from the database.
    /// The filters that follow ``Pokemon/speciesID`` are answered in the database when it
    /// holds the species; a store of Pokémon alone refuses them with
    /// `StoreError.unknownModel`.
    ///
    /// - Parameters:
    ///   - store: Where the Pokémon are kept: the database's store of ``Pokemon``.
    ///   - database: The database `store` belongs to.
    ///   - client: Where the records come from.
    public init(
        store: any ModelStore<Pokemon>, database: some ModelDatabase, client: PokeAPIClient
    ) {
        self.store = store
        self.database = database
        self.client = client
    }

    /// Whether the Pokédex keeps records of `model` in its database.
    func keeps(_ model: (some StorableModel).Type) -> Bool {
        database?.models.contains { ObjectIdentifier($0) == ObjectIdentifier(model) } ?? false
    }
}

/// The models a Pokédex keeps: open a database with them, and give it to
/// ``Pokedex/init(store:database:client:)``.
///
/// ```swift
/// let dex = try InMemoryModelDatabase(for: PokedexModels.all)
/// ```
///
/// The reference data (``referenceData``) comes from PokeAPI and a sync keeps it; the user's
/// own data (``userData``) is written by the user alone, through the Pokédex's favorites and
/// notes, and a replica keeps it in step with a server through ``replicaBookkeeping``
/// (``Pokedex/replica(transport:)``). A database opened with the reference data alone serves
/// every query, sync and entry; the calls on favorites and notes then throw
/// `StoreError.unknownModel`.
public enum PokedexModels {
    /// Every model a Pokédex keeps: ``referenceData``, ``userData``, then
    /// ``replicaBookkeeping``.
    public static var all: [any StorableModel.Type] {
        referenceData + userData + replicaBookkeeping
    }

    /// The records a replica keeps beside the user's data (`Replica.bookkeepingModels`).
    ///
    /// They are its outbox of writes not yet pushed, and where it stands. A database that
    /// holds them records every write of the user's data in the outbox, so that writes made offline,
    /// before any server was set up, are pushed at the first sync.
    public static var replicaBookkeeping: [any StorableModel.Type] {
        Replica.bookkeepingModels
    }

    /// ``Pokemon``, ``PokemonSpecies``, ``EvolutionChain``, ``PokemonTypeDetails``,
    /// ``PokemonAbility``, ``Move`` and ``LearnsetEntry``, in that order: what PokeAPI
    /// describes, read-only to the user.
    public static var referenceData: [any StorableModel.Type] {
        [
            Pokemon.self, PokemonSpecies.self, EvolutionChain.self, PokemonTypeDetails.self,
            PokemonAbility.self, Move.self, LearnsetEntry.self,
        ]
    }

    /// ``Favorite`` and ``Note``, in that order: the user's own records, each referring to a
    /// ``Pokemon``, each keeping a change history for a replica to sync.
    public static var userData: [any StorableModel.Type] {
        [Favorite.self, Note.self]
    }
}
