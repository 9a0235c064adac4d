import Foundation
import PokedexKit
import Testing

/// Real responses made malformed in one place: each must fail with a `DecodingError` whose
/// coding path names that place.
@Suite("Malformed species, chains, types and abilities")
struct ModelsMalformedInputTests {
    /// One malformed variant of an untrimmed fixture.
    struct Case: Sendable, CustomTestStringConvertible {
        /// The fixture's family and id.
        var family: RepositoryData.Family
        var id: Int
        /// The path to change: object keys, or array indexes as numbers.
        var path: [String]
        /// The JSON to put there, or `nil` to remove the key.
        var replacement: String?
        /// The coding path the error must name, joined by dots.
        var expectedPath: String

        var testDescription: String {
            "\(family.rawValue) \(id): \(path.joined(separator: ".")) "
                + (replacement.map { "= \($0)" } ?? "removed")
        }
    }

    static let cases: [Case] = [
        // Missing keys.
        Case(family: .species, id: 6, path: ["generation"], expectedPath: "generation"),
        Case(family: .species, id: 6, path: ["names"], expectedPath: "names"),
        Case(
            family: .species, id: 6, path: ["varieties", "1", "pokemon", "url"],
            expectedPath: "varieties.1.pokemon.url"),
        Case(
            family: .evolutionChain, id: 67,
            path: ["chain", "evolves_to", "3", "evolution_details", "0", "trigger"],
            expectedPath: "chain.evolves_to.3.evolution_details.0.trigger"),
        Case(
            family: .evolutionChain, id: 2, path: ["chain", "evolves_to", "0", "species"],
            expectedPath: "chain.evolves_to.0.species"),
        Case(
            family: .type, id: 10, path: ["damage_relations", "half_damage_from"],
            expectedPath: "damage_relations.half_damage_from"),
        Case(family: .ability, id: 65, path: ["is_main_series"], expectedPath: "is_main_series"),
        // Wrong types.
        Case(
            family: .species, id: 6, path: ["capture_rate"], replacement: #""45""#,
            expectedPath: "capture_rate"),
        Case(
            family: .species, id: 133, path: ["flavor_text_entries", "2", "flavor_text"],
            replacement: "7", expectedPath: "flavor_text_entries.2.flavor_text"),
        Case(
            family: .evolutionChain, id: 2,
            path: ["chain", "evolves_to", "0", "evolution_details", "0", "min_level"],
            replacement: #""sixteen""#,
            expectedPath: "chain.evolves_to.0.evolution_details.0.min_level"),
        Case(
            family: .evolutionChain, id: 67,
            path: ["chain", "evolves_to", "0", "evolution_details", "0", "gender"],
            replacement: "3", expectedPath: "chain.evolves_to.0.evolution_details.0.gender"),
        Case(
            family: .type, id: 10, path: ["damage_relations", "double_damage_to"],
            replacement: #"{"name":"grass"}"#, expectedPath: "damage_relations.double_damage_to"),
        Case(
            family: .ability, id: 65, path: ["names", "0", "language"], replacement: "null",
            expectedPath: "names.0.language"),
        // Bad links.
        Case(
            family: .species, id: 6, path: ["generation", "url"],
            replacement: #""/api/v2/pokemon/1/""#, expectedPath: "generation.url"),
        Case(
            family: .species, id: 6, path: ["evolution_chain", "url"],
            replacement: #""not a link""#, expectedPath: "evolution_chain.url"),
        Case(
            family: .species, id: 6, path: ["evolves_from_species", "url"],
            replacement: #""https://pokeapi.co/api/v2/pokemon-species/x/""#,
            expectedPath: "evolves_from_species.url"),
        Case(
            family: .evolutionChain, id: 67, path: ["chain", "species", "url"],
            replacement: #""api/v2/pokemon-species/133/""#, expectedPath: "chain.species.url"),
        Case(
            family: .type, id: 10, path: ["generation", "url"],
            replacement: #""ftp://pokeapi.co/api/v2/generation/1/""#,
            expectedPath: "generation.url"),
        Case(
            family: .ability, id: 65, path: ["generation", "url"],
            replacement: #""/api/v2/generation/0/""#, expectedPath: "generation.url"),
    ]

    @Test("a malformed field fails with a DecodingError naming it", arguments: cases)
    func malformedField(_ malformed: Case) throws {
        let raw = try JSONSerialization.jsonObject(
            with: Fixtures.full(malformed.family, malformed.id))
        let replacement = try malformed.replacement.map {
            try JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed)
        }
        let changed = try Self.changing(raw, at: malformed.path[...], to: replacement)
        let data = try JSONSerialization.data(withJSONObject: changed)
        let error = try #require(throws: DecodingError.self) {
            try Self.decode(malformed.family, from: data)
        }
        #expect(Self.path(of: error) == malformed.expectedPath, "\(error)")
    }

    @Test("the unchanged fixtures decode, so each failure above is the change's")
    func unchangedFixturesDecode() throws {
        // Every fixture a case above changes, once each: species 6 and 133, chains 2 and 67,
        // type 10, ability 65.
        var fixtures: [(family: RepositoryData.Family, id: Int)] = []
        for malformed in Self.cases
        where !fixtures.contains(where: { $0 == (malformed.family, malformed.id) }) {
            fixtures.append((malformed.family, malformed.id))
        }
        #expect(fixtures.count == 6)
        for (family, id) in fixtures {
            let data = try Fixtures.full(family, id)
            let raw = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            // Decoded whole, without an error, it is the entry the file holds.
            #expect(try Self.decode(family, from: data) == raw["id"] as? Int, "\(family) \(id)")
            #expect(raw["id"] as? Int == id)
        }
    }

    /// Decodes a response with its family's model; returns the decoded id.
    @discardableResult
    static func decode(_ family: RepositoryData.Family, from data: Data) throws -> Int {
        let decoder = JSONDecoder()
        switch family {
        case .species: return try decoder.decode(PokemonSpecies.self, from: data).id
        case .evolutionChain: return try decoder.decode(EvolutionChain.self, from: data).id
        case .type: return try decoder.decode(PokemonTypeDetails.self, from: data).id
        case .ability: return try decoder.decode(PokemonAbility.self, from: data).id
        case .pokemon: return try decoder.decode(FetchedPokemon.self, from: data).id
        case .move: return try decoder.decode(Move.self, from: data).id
        }
    }

    /// The coding path an error names, the missing key included, joined by dots.
    static func path(of error: DecodingError) -> String {
        let keys: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let context): keys = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context),
            .dataCorrupted(let context):
            keys = context.codingPath
        @unknown default: keys = []
        }
        return keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    /// A JSON value with the value at `path` replaced, or removed when `replacement` is `nil`.
    static func changing(_ value: Any, at path: ArraySlice<String>, to replacement: Any?) throws
        -> Any
    {
        guard let key = path.first else { return replacement ?? NSNull() }
        let rest = path.dropFirst()
        if var array = value as? [Any], let index = Int(key) {
            try #require(array.indices.contains(index), "no index \(key)")
            array[index] = try changing(array[index], at: rest, to: replacement)
            return array
        }
        var object = try #require(value as? [String: Any], "no object at \(key)")
        if rest.isEmpty, replacement == nil {
            try #require(object.removeValue(forKey: key) != nil, "no key \(key)")
        } else {
            let inner = try #require(object[key], "no key \(key)")
            object[key] = try changing(inner, at: rest, to: replacement)
        }
        return object
    }
}
