import Foundation
import PokeAPITestServer
import PokedexKit
import TestSupport
import Testing

@Suite("PokeAPIClient: species, evolution chains, types and abilities from a local server")
struct PokeAPIClientFamiliesTests {
    /// A family's entry as the repository's copy of the service's response decodes.
    static func expected<Entry: Decodable>(
        _ type: Entry.Type, _ family: RepositoryData.Family, _ id: Int
    ) throws -> Entry {
        try JSONDecoder().decode(type, from: try RepositoryData.data(family, id))
    }

    @Test("each family decodes by id as its response does; types and abilities by name too")
    func decodesEachFamily() async throws {
        try await withTestServer { server in
            let client = PokeAPIClient.local(server)
            #expect(
                try await client.species(id: 6)
                    == Self.expected(PokemonSpecies.self, .species, 6))
            #expect(
                try await client.evolutionChain(id: 67)
                    == Self.expected(EvolutionChain.self, .evolutionChain, 67))
            let fire = try Self.expected(PokemonTypeDetails.self, .type, 10)
            #expect(try await client.pokemonType(id: 10) == fire)
            #expect(try await client.pokemonType(named: " Fire ") == fire)
            let blaze = try Self.expected(PokemonAbility.self, .ability, 66)
            #expect(try await client.ability(id: 66) == blaze)
            #expect(try await client.ability(named: "BLAZE") == blaze)
            let stats = try await server.stats()
            #expect(stats.requestedIDs(of: "pokemon-species") == [6])
            #expect(stats.paths["/api/v2/ability/blaze/"] == 1, "trimmed and lower-cased")
        }
    }

    @Test("an id or a name the service lacks is nil after one request; a bad one, no request")
    func absentAndInvalid() async throws {
        try await withTestServer { (server: TestServer) async throws in
            let client = PokeAPIClient.local(server)
            #expect(try await client.species(id: 1026) == nil)
            #expect(try await client.evolutionChain(id: 210) == nil, "chain ids have gaps")
            #expect(try await client.ability(named: "no-such-ability") == nil)
            #expect(try await server.stats().total == 3)
            let invalidID = await #expect(throws: PokeAPIError.self) {
                try await client.species(id: 0)
            }
            #expect(invalidID?.code == .invalidID)
            let invalidName = await #expect(throws: PokeAPIError.self) {
                try await client.pokemonType(named: "fire/water")
            }
            #expect(invalidName?.code == .invalidName)
            #expect(try await server.stats().total == 3, "refused before any request")
        }
    }

    @Test("through 30 % random faults, every species of 1–40 arrives, each within the budget")
    func throughFaults() async throws {
        try await withTestServer(.faultRate(0.3, seed: 7), .slowFaults(milliseconds: 1_500)) {
            server in
            let client = PokeAPIClient.local(server, maxAttempts: 6, timeout: .seconds(1))
            let species = try await withThrowingTaskGroup(of: PokemonSpecies?.self) { group in
                for id in 1...40 { group.addTask { try await client.species(id: id) } }
                return try await group.reduce(into: [PokemonSpecies]()) { all, species in
                    if let species { all.append(species) }
                }
            }
            #expect(species.map(\.id).sorted() == Array(1...40))
            for entry in species {
                #expect(entry == (try Self.expected(PokemonSpecies.self, .species, entry.id)))
            }
            let stats = try await server.stats()
            #expect(stats.faults.values.reduce(0, +) > 0, "faults were injected")
            #expect(stats.total <= 40 * 6)
        }
    }

    @Test("a failure names the entry: pokemon-species 6, ability \"blaze\"")
    func resourceDescriptions() {
        #expect(
            PokeAPIError.Resource.entry(family: .species, id: 6).description
                == "pokemon-species 6")
        #expect(
            PokeAPIError.Resource.entryName(family: .ability, name: "blaze").description
                == #"ability "blaze""#)
    }
}
