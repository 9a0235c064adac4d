import KeyPathQuery

/// A Pokémon species, with the attributes of PokedexKit's `PokemonSpecies` that the reference
/// rows of the condition table read.
///
/// A ``Pokemon`` refers to its species through ``Pokemon/speciesID``; a species' varieties are
/// the Pokémon that refer to it. The records come from `Fixtures/species.json` (see
/// ``PokemonFixture``), under PokeAPI's field names.
package struct Species: Hashable, Sendable, Codable, Queryable, Identifiable {
    /// The PokeAPI species id, which is the id of its default variety.
    package var id: Int
    /// The lower-case PokeAPI name, such as `"pikachu"`.
    package var name: String
    /// Whether PokeAPI counts the species as legendary.
    package var isLegendary: Bool
    /// Whether PokeAPI counts the species as mythical.
    package var isMythical: Bool
    /// The generation that introduced the species, from 1.
    package var generation: Int
    /// The capture rate, from 3 (hardest) to 255.
    package var captureRate: Int
    /// The Pokédex colour, such as `"yellow"`.
    package var color: String

    /// The keys of the stored form: the attribute names.
    enum CodingKeys: String, CodingKey {
        case id, name, generation, color
        case isLegendary = "is_legendary"
        case isMythical = "is_mythical"
        case captureRate = "capture_rate"
    }

    package static let queryAttributes: AttributeMap<Species> = [
        \.id: "id",
        \.name: "name",
        \.isLegendary: "is_legendary",
        \.isMythical: "is_mythical",
        \.generation: "generation",
        \.captureRate: "capture_rate",
        \.color: "color",
    ]
}
