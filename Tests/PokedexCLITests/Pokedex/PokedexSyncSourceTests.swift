import Foundation
import PokeAPITestServer
import PokedexKit
import Testing

@testable import pokedex

/// Where `pokedex sync` fetches from: a server named by its root or by its API root, the live
/// service (`--live`), or the bundled data; and what it says when nothing it asked for exists.
@Suite("pokedex sync's source: --base-url in both forms, --live, and nothing found")
struct PokedexSyncSourceTests {
    @Test(
        "--base-url takes the server's root or its API root, with or without the slash",
        arguments: ["", "/", "/api/v2", "/api/v2/"])
    func baseURLForms(form: String) async throws {
        try await withTestServer { server in
            let base = try #require(server.baseURL(followedBy: form)).absoluteString
            let result = try await CommandRunner.pokedex(
                "sync", "--range", "1-5", "--base-url", base, "--in-memory")
            #expect(result.status == 0, "\(result.error)")
            #expect(
                result.output
                    == "Synced 5 Pokémon from \(base) into memory (0 already stored).\n")
            let stats = try await server.stats()
            #expect(stats.requestedPokemonIDs == Set(1...5))
            #expect(Set(stats.paths.keys) == (try SyncRequests.paths(1...5)))
            #expect(stats.paths.values.allSatisfy { $0 == 1 }, "each asked for once")
        }
    }

    @Test("a base URL where not one id exists: exit 1, naming a URL asked for and --base-url")
    func wrongBaseURL() async throws {
        try await withTestServer { server in
            let base = try #require(server.baseURL(followedBy: "/pokeapi/v9/")).absoluteString
            let result = try await CommandRunner.pokedex(
                "sync", "--range", "1-5", "--base-url", base, "--in-memory")
            // Each expected text in a typed constant of its own: one closure body holding
            // every concatenation took the type checker over CI's 2 s limit once.
            let expectedOutput: String =
                "Synced 0 Pokémon from \(base) into memory (0 already stored, 5 not found (1–5)).\n"
            let expectedError: String = [
                "pokedex: not one Pokémon found: \(base)api/v2/pokemon/1/ and the 4 other ids",
                "answered 404 Not Found; check --base-url: it takes the service's root or its",
                "API root, such as https://pokeapi.co/api/v2/",
            ].joined(separator: " ")
            #expect(result.status == 1)
            #expect(result.output == expectedOutput)
            #expect(result.errorLines.last == expectedError)
            let requests = try await server.stats().total
            #expect(requests == 5, "each id asked once, a 404 not retried")
        }
    }

    @Test("some ids found and some not is no mistake: exit 0")
    func someNotFound() async throws {
        try await withTestServer(.notFound([2, 3])) { server in
            let result = try await CommandRunner.pokedex(
                "sync", "--range", "1-3", "--base-url", server.baseURL.absoluteString,
                "--in-memory")
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains("(0 already stored, 2 not found (2–3))"))
        }
    }

    @Test("ids the bundled data lacks: exit 1, pointing to --live and --base-url")
    func outsideTheBundledData() async throws {
        let result = try await CommandRunner.pokedex("sync", "--range", "1026-1030", "--in-memory")
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("Synced 0 Pokémon from the bundled offline data"))
        #expect(
            result.errorLines.last
                == "pokedex: none of the ids 1026–1030 is in the bundled offline data (ids 1–1025, "
                + "10001–10326); sync others with --live or --base-url URL")
    }

    @Test("--live syncs from the API root PokeAPI documents (no request made here)")
    func live() throws {
        let live = try SyncCommand(Arguments(["--live"], for: SyncCommand.spec))
        let client = live.makeClient()
        #expect(client.configuration.baseURL.absoluteString == "https://pokeapi.co/api/v2/")
        #expect(client.pokemonURL(id: 1).absoluteString == "https://pokeapi.co/api/v2/pokemon/1/")
        #expect(client.configuration.maxConcurrentRequests == 4)

        let bundled = try SyncCommand(Arguments([], for: SyncCommand.spec))
        #expect(bundled.baseURL == nil, "the default stays the bundled offline data")
    }

    @Test("--live and --base-url together are a mistake: exit 2, before any request")
    func liveAndBaseURL() async throws {
        try await withTestServer { server in
            let result = try await CommandRunner.pokedex(
                "sync", "--base-url", server.baseURL.absoluteString, "--live", "--in-memory")
            #expect(result.status == 2)
            #expect(result.output.isEmpty)
            #expect(result.errorLines.first == "pokedex: give --base-url or --live, not both")
            #expect(result.errorLines.last?.hasPrefix("usage: pokedex sync ") == true)
            #expect(try await server.stats().total == 0)
        }
    }
}
