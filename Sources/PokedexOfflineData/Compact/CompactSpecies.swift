import PokedexKit

/// `pokemon-species.json` of the bundle: every species as a row of values, which
/// `Scripts/make-offline-data.py` writes and this type reads.
///
/// ```
/// { "rows": [
///     [ 6, "charizard", 6, {"en": "Charizard", …}, {"en": "Flame Pokémon", …},
///       ["shield", "It is said that…"], 1, false, false, false, "mountain", "red", 45, 1,
///       ["monster", "dragon"], 2, 5, [[6, "charizard", true], [10034, "charizard-mega-x", false], …] ],
///     … ] }
/// ```
///
/// A row is: id, name, order, names by language, genera by language, the last English flavor
/// text as `[version, text]` (or `null`), generation, legendary, mythical and baby flags,
/// habitat (or `null`), colour, capture rate, gender rate, egg groups, the evolution chain's
/// id, the id of the species evolved from (or `null`), and the varieties as
/// `[Pokémon id, name, is default]`.
struct CompactSpeciesFile: Decodable {
    /// Every species, in id order.
    var species: [PokemonSpecies]

    enum CodingKeys: String, CodingKey {
        case rows
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var rows = try container.nestedUnkeyedContainer(forKey: .rows)
        var species: [PokemonSpecies] = []
        while !rows.isAtEnd {
            var row = try rows.nestedUnkeyedContainer()
            species.append(try Self.species(from: &row))
        }
        self.species = species
    }

    /// Reads one row.
    private static func species(from row: inout any UnkeyedDecodingContainer) throws
        -> PokemonSpecies
    {
        let id = try row.decode(Int.self)
        let name = try row.decode(String.self)
        let order = try row.decode(Int.self)
        let names = try row.decode([String: String].self)
        let genera = try row.decode([String: String].self)
        var flavorTexts: [FlavorText] = []
        if try !row.decodeNil() {
            var flavorText = try row.nestedUnkeyedContainer()
            let version = try flavorText.decode(String.self)
            let text = try flavorText.decode(String.self)
            flavorTexts.append(FlavorText(text: text, language: "en", version: version))
        }
        let generation = try row.decode(Int.self)
        let isLegendary = try row.decode(Bool.self)
        let isMythical = try row.decode(Bool.self)
        let isBaby = try row.decode(Bool.self)
        let habitat = try row.decodeIfPresent(String.self)
        let color = try row.decode(String.self)
        let captureRate = try row.decode(Int.self)
        let genderRate = try row.decode(Int.self)
        let eggGroups = try row.decode([String].self)
        let evolutionChainID = try row.decode(Int.self)
        let evolvesFromSpeciesID = try row.decodeIfPresent(Int.self)
        var varietyRows = try row.nestedUnkeyedContainer()
        var varieties: [PokemonSpecies.Variety] = []
        while !varietyRows.isAtEnd {
            var variety = try varietyRows.nestedUnkeyedContainer()
            varieties.append(
                PokemonSpecies.Variety(
                    pokemonID: try variety.decode(Int.self),
                    name: try variety.decode(String.self),
                    isDefault: try variety.decode(Bool.self)))
        }
        return PokemonSpecies(
            id: id, name: name, order: order, names: names, genera: genera,
            flavorTexts: flavorTexts, generation: generation, isLegendary: isLegendary,
            isMythical: isMythical, isBaby: isBaby, habitat: habitat, color: color,
            captureRate: captureRate, genderRate: genderRate, eggGroups: eggGroups,
            evolutionChainID: evolutionChainID, evolvesFromSpeciesID: evolvesFromSpeciesID,
            varieties: varieties)
    }
}
