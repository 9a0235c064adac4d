import Foundation
import PokedexKit

/// The 151 Pokémon of the first generation as real PokeAPI responses, bundled with the
/// package, so that examples, previews and tests work offline.
///
/// The data is a separate product, `PokedexOfflineData`: an app that does not depend on it
/// does not carry its 240 KB. Read entries directly, or serve them to a `PokeAPIClient` as if
/// they came from the service:
///
/// ```swift
/// import PokedexKit
/// import PokedexOfflineData
///
/// let pikachu = try BundledPokeAPI.pokemon(id: 25)
/// let client = PokeAPIClient(transport: BundledPokeAPITransport())
/// let bulbasaur = try await client.pokemon(named: "Bulbasaur")
/// ```
///
/// The files are from the PokeAPI static data set (BSD-3-Clause, © PokéAPI contributors); the
/// notice travels with them in the bundle.
public enum BundledPokeAPI {
    /// The ids of the bundled Pokémon.
    public static let ids: ClosedRange<Int> = 1...151

    /// The response body the service sends for a Pokémon.
    ///
    /// - Parameter id: A bundled id, 1–151.
    /// - Returns: The JSON of `GET /api/v2/pokemon/{id}/`.
    /// - Throws: ``BundledDataError/notBundled(id:)`` for any other id;
    ///   ``BundledDataError/missingResource(_:)`` if the bundle lacks the file.
    public static func data(forPokemon id: Int) throws -> Data {
        guard ids.contains(id) else { throw BundledDataError.notBundled(id: id) }
        guard
            let url = Bundle.module.url(
                forResource: String(id), withExtension: "json", subdirectory: "Resources/pokemon")
        else {
            throw BundledDataError.missingResource("Resources/pokemon/\(id).json")
        }
        return try Data(contentsOf: url)
    }

    /// A bundled Pokémon, decoded.
    ///
    /// - Parameter id: A bundled id, 1–151.
    /// - Returns: The Pokémon.
    /// - Throws: ``BundledDataError`` as ``data(forPokemon:)`` does, or a `DecodingError`.
    public static func pokemon(id: Int) throws -> FetchedPokemon {
        try JSONDecoder().decode(FetchedPokemon.self, from: data(forPokemon: id))
    }

    /// Every bundled Pokémon, decoded, in id order.
    ///
    /// - Returns: The 151 Pokémon.
    /// - Throws: ``BundledDataError`` or a `DecodingError`.
    /// - Complexity: O(*n*): it reads and decodes every file.
    public static func allPokemon() throws -> [FetchedPokemon] {
        try ids.map(pokemon(id:))
    }

    /// Every bundled Pokémon in its stored form, none of them a favorite, in id order: the
    /// records for a filled store in SwiftUI previews, tests and demos, without a network or
    /// a file.
    ///
    /// ```swift
    /// let pokedex = Pokedex(
    ///     store: InMemoryStore(try BundledPokeAPI.storedPokemon()),
    ///     client: PokeAPIClient(transport: BundledPokeAPITransport()))
    /// let fire = try await pokedex.pokemon(matching: PokemonFilter(types: [.fire]))
    /// ```
    ///
    /// Each call reads and decodes the bundled files again, so a store made from one call
    /// shares nothing with a store made from another: changes made in one preview or test
    /// never leak into another.
    ///
    /// - Returns: The 151 Pokémon as records.
    /// - Throws: ``BundledDataError`` or a `DecodingError`, as ``allPokemon()`` does.
    /// - Complexity: O(*n*): it reads and decodes every file.
    public static func storedPokemon() throws -> [Pokemon] {
        try allPokemon().map(Pokemon.init)
    }

    /// The bundled Pokémon's names, by id, read once.
    static let names: [Int: String] = {
        struct Name: Decodable { var name: String }
        var names: [Int: String] = [:]
        for id in ids {
            if let data = try? data(forPokemon: id),
                let entry = try? JSONDecoder().decode(Name.self, from: data)
            {
                names[id] = entry.name
            }
        }
        return names
    }()

    /// The id of a bundled Pokémon's name, such as `"pikachu"`.
    static func id(named name: String) -> Int? {
        names.first { $0.value == name }?.key
    }
}
