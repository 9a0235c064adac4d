import Foundation
import PokedexKit
import RecordCoding

/// Every Pokémon, species, evolution chain, type, ability, move and learnset of PokeAPI,
/// bundled with the package in a compact form, so that examples, previews and tests work
/// offline.
///
/// The data is a separate product, `PokedexOfflineData`: an app that does not depend on it
/// does not carry its 2.9 MB. Read entries directly, or serve them to a `PokeAPIClient` as if
/// they came from the service:
///
/// ```swift
/// import PokedexKit
/// import PokedexOfflineData
///
/// let pikachu = try BundledPokeAPI.pokemon(id: 25)
/// let charizard = try BundledPokeAPI.species(id: 6)
/// let chart = try BundledPokeAPI.typeChart()
/// chart.multiplier(of: .rock, against: [.fire, .flying])   // 4
/// let client = PokeAPIClient(transport: BundledPokeAPITransport())
/// let bulbasaur = try await client.pokemon(named: "Bulbasaur")
/// ```
///
/// ``allPokemon()`` and ``storedPokemon()`` give the first generation, ``ids``, a small set
/// for previews and tests; ``pokemon(id:)``, ``allPokemonForms()`` and the transport reach all
/// 1,351 Pokémon.
///
/// Each file is read once, on first use, and decoded once; later calls return copies of the
/// same values. The chains', types' and abilities' files are one entry a line: one of their
/// entries alone (``evolutionChain(id:)``, ``ability(id:)``, …) decodes only its line. The
/// data comes from the PokeAPI static data set (BSD-3-Clause, © PokéAPI
/// contributors); the notice travels with it in the bundle.
public enum BundledPokeAPI {
    /// The first generation's ids, 1–151: the Pokémon of ``allPokemon()`` and
    /// ``storedPokemon()``.
    ///
    /// Every bundled Pokémon's id is in ``pokemonIDs()``.
    public static let ids: ClosedRange<Int> = 1...151

    /// The ids of every bundled Pokémon: 1–1025 (the species' default forms) and
    /// 10001–10326 (other forms).
    ///
    /// - Returns: The 1,351 ids, ascending.
    /// - Throws: ``BundledDataError/missingResource(_:)`` if the bundle lacks its file, or a
    ///   `DecodingError` if the file is damaged.
    public static func pokemonIDs() throws -> [Int] {
        try BundledContents.pokemon.get().ids
    }

    /// The response body the service sends for a Pokémon, in PokeAPI's shape as
    /// `FetchedPokemon` encodes it.
    ///
    /// - Parameter id: A bundled id (``pokemonIDs()``).
    /// - Returns: The JSON of `GET /api/v2/pokemon/{id}/`, with the fields `FetchedPokemon`
    ///   reads.
    /// - Throws: ``BundledDataError/notBundled(id:)`` for any other id;
    ///   ``BundledDataError/missingResource(_:)`` if the bundle lacks its file.
    public static func data(forPokemon id: Int) throws -> Data {
        try body(of: pokemon(id: id))
    }

    /// A bundled Pokémon, decoded, with its learnset.
    ///
    /// - Parameter id: A bundled id (``pokemonIDs()``), such as 25 or 10034.
    /// - Returns: The Pokémon.
    /// - Throws: ``BundledDataError/notBundled(id:)`` for any other id;
    ///   ``BundledDataError/missingResource(_:)`` or a `DecodingError` if the bundle is
    ///   damaged.
    public static func pokemon(id: Int) throws -> FetchedPokemon {
        guard let pokemon = try BundledContents.pokemon.get().entry(id: id) else {
            throw BundledDataError.notBundled(id: id)
        }
        return try withLearnset(pokemon)
    }

    /// The first generation's Pokémon (``ids``), decoded, in id order.
    ///
    /// - Returns: The 151 Pokémon.
    /// - Throws: ``BundledDataError`` or a `DecodingError` if the bundle is damaged.
    /// - Complexity: O(*n*) in the number of Pokémon returned.
    public static func allPokemon() throws -> [FetchedPokemon] {
        try ids.map(pokemon(id:))
    }

    /// Every bundled Pokémon, default and other forms, in id order, each with its learnset.
    ///
    /// - Returns: The 1,351 Pokémon.
    /// - Throws: ``BundledDataError`` or a `DecodingError` if the bundle is damaged.
    public static func allPokemonForms() throws -> [FetchedPokemon] {
        let learnsets = Dictionary(
            try BundledContents.learnsets.get().entries().map { ($0.pokemonID, $0.entries) },
            uniquingKeysWith: { first, _ in first })
        return try BundledContents.pokemon.get().entries().map { pokemon in
            var pokemon = pokemon
            pokemon.learnset = learnsets[pokemon.id] ?? []
            return pokemon
        }
    }

    /// The first generation's Pokémon in their stored form, none of them a favorite, in id
    /// order: the records for a filled store in SwiftUI previews, tests and demos, without a
    /// network or a file.
    ///
    /// ```swift
    /// let pokedex = Pokedex(
    ///     store: InMemoryStore(try BundledPokeAPI.storedPokemon()),
    ///     client: PokeAPIClient(transport: BundledPokeAPITransport()))
    /// let fire = try await pokedex.pokemon(matching: PokemonFilter(types: [.fire]))
    /// ```
    ///
    /// The records are values: a store made from one call shares nothing with a store made
    /// from another, so changes made in one preview or test never leak into another.
    ///
    /// - Returns: The 151 Pokémon as records.
    /// - Throws: ``BundledDataError`` or a `DecodingError`, as ``allPokemon()`` does.
    /// - Complexity: O(*n*) in the number of Pokémon returned.
    public static func storedPokemon() throws -> [Pokemon] {
        try allPokemon().map(Pokemon.init)
    }

    /// A value as the service's response body: PokeAPI's shape, the JSON value `JSONEncoder`
    /// writes (keys in the order the value encodes them), through `RecordJSONEncoder`, which
    /// writes it at a fraction of `JSONEncoder`'s cost: a sync from the bundle encodes every
    /// entry once.
    static func body(of value: some Encodable) throws -> Data {
        try RecordJSONEncoder().encodedData(value)
    }
}
