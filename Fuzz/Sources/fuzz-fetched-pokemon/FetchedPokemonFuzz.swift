import Foundation
import FuzzSupport
import PokedexKit

/// Decodes a PokeAPI `pokemon` response from any bytes.
///
/// Properties: decoding throws nothing but a `DecodingError`; what decodes encodes, and
/// reads back equal; its stored form (`Pokemon`) does the same.
@main
enum FetchedPokemonFuzz: FuzzTarget {
    static func main() {
        FuzzDriver.main(Self.self)
    }

    /// Every trimmed entry, the hard cases from later generations included, and the smallest
    /// untrimmed one (pikachu-starter, 31 KB, every sprite null).
    static func seeds() throws -> [String: Data] {
        var seeds: [String: Data] = [:]
        for (name, data) in try FuzzFixtures.files(in: "trimmed") { seeds[name] = data }
        for (name, data) in try FuzzFixtures.files(in: "trimmed/edge") {
            seeds["edge-" + name] = data
        }
        seeds["full-10158.json"] = try FuzzFixtures.data("full/10158.json")
        return seeds
    }

    static func run(_ input: Data) {
        let pokemon: FetchedPokemon
        do {
            pokemon = try JSONDecoder().decode(FetchedPokemon.self, from: input)
        } catch is DecodingError {
            return
        } catch {
            fatalError("decoding threw something other than a DecodingError: \(error)")
        }
        do {
            let again = try JSONDecoder().decode(
                FetchedPokemon.self, from: try JSONEncoder().encode(pokemon))
            require(again == pokemon, "re-encoded \(pokemon) reads back as \(again)")
            let record = Pokemon(pokemon)
            let stored = try JSONDecoder().decode(
                Pokemon.self, from: try JSONEncoder().encode(record))
            require(stored == record, "stored \(record) reads back as \(stored)")
        } catch {
            fatalError("a decoded Pokémon does not round-trip: \(error)\n\(pokemon)")
        }
    }
}
