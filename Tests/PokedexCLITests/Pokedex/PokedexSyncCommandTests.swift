import Foundation
import PokeAPITestServer
import PokedexKit
import PokedexOfflineData
import TestSupport
import Testing

@Suite("pokedex sync from a server, into memory and into the per-user store")
struct PokedexSyncCommandTests {
    @Test("sync --base-url fetches from a PokeAPI server, each Pokémon once, then nothing new")
    func syncFromServer() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.json").path
            try await withTestServer { server in
                let base = server.baseURL.absoluteString
                let first = try await CommandRunner.pokedex(
                    "sync", "--range", "1-151", "--base-url", base, "--store", store)
                #expect(first.status == 0, "\(first.error)")
                #expect(first.output.hasPrefix("Synced 151 Pokémon from \(base) into "))
                #expect(first.output.hasSuffix("dex.json (0 already stored).\n"))
                #expect(first.errorLines.last == "synced 151/151")
                let fetched = try await server.stats()
                #expect(fetched.requestedPokemonIDs == Set(1...151))
                // Each Pokémon's species, chain, types and abilities come with it, once each.
                let paths = try SyncRequests.paths(1...151)
                #expect(fetched.requestedIDs(of: "pokemon-species") == Set(1...151))
                #expect(Set(fetched.paths.keys) == paths)
                #expect(fetched.total == paths.count, "one request per record, no retries")

                let again = try await CommandRunner.pokedex(
                    "sync", "--range", "1-151", "--base-url", base, "--store", store)
                #expect(again.status == 0, "\(again.error)")
                #expect(again.output.contains("Synced 0 Pokémon from \(base)"))
                #expect(again.output.contains("(151 already stored)"))
                #expect(try await server.stats().total == paths.count, "nothing requested again")
            }
            let list = try await CommandRunner.pokedex(
                "list", "--name", "char", "--json", "--store", store)
            let records = try #require(
                try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
            #expect(records.compactMap { $0["id"] as? Int } == [4, 5, 6])
        }
    }

    @Test("a sync with failures exits 1; the next one fetches only the ids still missing")
    func failuresThenResume() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.json").path
            // 7 and 12 fail on every attempt (after the client's retries); 13 does not exist.
            try await withTestServer(.serverError(500, [7, 12], .always), .notFound([13])) {
                server in
                let base = server.baseURL.absoluteString
                let failed = try await CommandRunner.pokedex(
                    "sync", "--range", "1-20", "--base-url", base, "--store", store)
                #expect(failed.status == 1, "\(failed.error)")
                #expect(failed.output.hasPrefix("Synced 17 Pokémon from \(base) into "))
                #expect(
                    failed.output.hasSuffix(
                        "dex.json (0 already stored, 1 not found (13), 2 failed).\n"))
                let lines = failed.errorLines
                #expect(lines.contains { $0.hasPrefix("  #7: ") }, "\(failed.error)")
                #expect(lines.contains { $0.hasPrefix("  #12: ") }, "\(failed.error)")
                #expect(
                    lines.last
                        == "pokedex: 2 Pokémon could not be fetched; run 'pokedex sync' again "
                        + "to fetch just those")
                let stats = try await server.stats()
                #expect(stats.requests(forPokemon: 7) > 1, "a 500 is retried")
                #expect(stats.requests(forPokemon: 13) == 1, "a 404 is not")
            }
            // A server without faults: the second sync asks it for the missing ids alone.
            try await withTestServer { server in
                let resumed = try await CommandRunner.pokedex(
                    "sync", "--range", "1-20", "--base-url", server.baseURL.absoluteString,
                    "--store", store)
                #expect(resumed.status == 0, "\(resumed.error)")
                #expect(resumed.output.contains("Synced 3 Pokémon"))
                #expect(resumed.output.contains("(17 already stored)"))
                let stats = try await server.stats()
                #expect(stats.requestedPokemonIDs == [7, 12, 13])
                // Their species too: those of 7 and 12 were never asked for, as their
                // Pokémon failed; 13 exists on this server. Of their other links, only those
                // the 17 stored Pokémon do not share.
                #expect(stats.requestedIDs(of: "pokemon-species") == [7, 12, 13])
                let linked = try SyncRequests.paths([7, 12, 13]).subtracting(
                    SyncRequests.paths(Set(1...20).subtracting([7, 12, 13])))
                #expect(Set(stats.paths.keys) == linked)
                #expect(stats.total == linked.count)
            }
            let all = try await CommandRunner.pokedex("stats", "--json", "--store", store)
            #expect(all.output.contains("\"stored\" : 20"))
        }
    }

    @Test("sync --generation 2 syncs its species' Pokémon and their forms, then lists them")
    func syncGeneration() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.sqlite").path
            let synced = try await CommandRunner.pokedex(
                "sync", "--generation", "2", "--store", store)
            #expect(synced.status == 0, "\(synced.error)")
            // The 100 species of generation 2 and all their forms, from the bundle.
            let species = try BundledPokeAPI.allSpecies().filter { $0.generation == 2 }
            let expected = Set(species.flatMap { $0.varieties.map(\.pokemonID) })
            #expect(synced.output.hasPrefix("Synced \(expected.count) Pokémon from the bundled"))
            let list = try await CommandRunner.pokedex(
                "list", "--generation", "2", "--json", "--limit", "500", "--store", store)
            let listed = try JSONDecoder().decode([Pokemon].self, from: Data(list.output.utf8))
            #expect(Set(listed.map(\.id)) == expected)
            let all = try await CommandRunner.pokedex(
                "list", "--json", "--limit", "500", "--store", store)
            let stored = try JSONDecoder().decode([Pokemon].self, from: Data(all.output.utf8))
            #expect(stored.count == expected.count, "nothing of another generation")
        }
    }

    @Test(
        "a generation PokeAPI does not have, or --generation with --range, is a usage error",
        arguments: [
            ["--generation", "10"], ["--generation", "0"], ["--generation", "1", "--range", "1-3"],
        ])
    func badGeneration(arguments: [String]) async throws {
        let result = try await CommandRunner.run("pokedex", ["sync", "--in-memory"] + arguments)
        #expect(result.status == 2, "\(arguments): \(result.error)")
        #expect(result.error.contains("usage: pokedex sync"), "\(arguments)")
        #expect(result.output.isEmpty)
    }

    @Test("sync --in-memory syncs without writing a file anywhere")
    func syncInMemory() async throws {
        try await withTemporaryDirectory { directory in
            let home = directory.appending(path: "home", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let bundled = try await CommandRunner.run(
                "pokedex", ["sync", "--in-memory"],
                environment: ["HOME": home.path, "XDG_DATA_HOME": nil], directory: directory)
            #expect(bundled.status == 0, "\(bundled.error)")
            #expect(
                bundled.output
                    == "Synced 1351 Pokémon from the bundled offline data into memory "
                    + "(0 already stored).\n"
                    + "Also synced 3 types, 61 abilities and 129 moves that no Pokémon has.\n")
            try await withTestServer { server in
                let base = server.baseURL.absoluteString
                let served = try await CommandRunner.run(
                    "pokedex", ["sync", "--in-memory", "--range", "1-3", "--base-url", base],
                    environment: ["HOME": home.path, "XDG_DATA_HOME": nil], directory: directory)
                #expect(served.status == 0, "\(served.error)")
                #expect(
                    served.output
                        == "Synced 3 Pokémon from \(base) into memory (0 already stored).\n")
                #expect(try await server.stats().requestedPokemonIDs == [1, 2, 3])
            }
            // (URLSession may keep a cache and cookies at home; those are not stores.)
            let files = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
            #expect(!files.contains { $0.hasSuffix(".json") }, "no store file: \(files)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["home"])
            let defaultStore = home.appending(path: ".local/share/pokedex")
            #expect(!FileManager.default.fileExists(atPath: defaultStore.path))
        }
    }

    @Test("the README's start: sync, then show, in the per-user store under $HOME")
    func readmeStart() async throws {
        try await withTemporaryDirectory { directory in
            let home = directory.appending(path: "home", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let environment: [String: String?] = ["HOME": home.path, "XDG_DATA_HOME": nil]
            let sync = try await CommandRunner.run(
                "pokedex", ["sync"], environment: environment, directory: directory)
            #expect(sync.status == 0, "\(sync.error)")
            #expect(
                sync.output
                    == "Synced 1351 Pokémon from the bundled offline data into "
                    + "~/.local/share/pokedex/pokedex.sqlite (0 already stored).\n"
                    + "Also synced 3 types, 61 abilities and 129 moves that no Pokémon has.\n")
            let store = home.appending(path: ".local/share/pokedex/pokedex.sqlite")
            #expect(FileManager.default.fileExists(atPath: store.path))

            let show = try await CommandRunner.run(
                "pokedex", ["show", "charizard"], environment: environment, directory: directory)
            #expect(show.status == 0, "\(show.error)")
            // The README shows the whole entry: it must be what the command prints.
            let readme = try String(
                contentsOf: RawPokeAPIData.repositoryRoot.appending(path: "README.md"),
                encoding: .utf8)
            #expect(
                readme.contains("```text\n" + sync.output + show.output + "```"),
                "\(sync.output)\(show.output)")
            #expect(show.output.contains("Charmander → Charmeleon (level 16) → Charizard"))
        }
    }

    @Test("a per-user JSON store of an earlier version is still the default while it is alone")
    func earlierDefaultStore() async throws {
        try await withTemporaryDirectory { directory in
            let data = directory.appending(path: "data", directoryHint: .isDirectory)
            let environment: [String: String?] = [
                "HOME": directory.path, "XDG_DATA_HOME": data.path,
            ]
            let earlier = data.appending(path: "pokedex/pokedex.json")
            let sync = try await CommandRunner.run(
                "pokedex", ["sync", "--range", "1-3", "--store", earlier.path],
                environment: environment)
            #expect(sync.status == 0, "\(sync.error)")
            let favorite = try await CommandRunner.run(
                "pokedex", ["favorite", "venusaur"], environment: environment)
            #expect(favorite.status == 0, "\(favorite.error)")
            let list = try await CommandRunner.run(
                "pokedex", ["list", "--favorites", "--json"], environment: environment)
            #expect(list.output.contains("\"name\" : \"venusaur\""), "\(list.error)")
            let current = data.appending(path: "pokedex/pokedex.sqlite")
            #expect(!FileManager.default.fileExists(atPath: current.path))
        }
    }

    @Test("$XDG_DATA_HOME moves the per-user store")
    func xdgDataHome() async throws {
        try await withTemporaryDirectory { directory in
            let home = directory.appending(path: "home", directoryHint: .isDirectory)
            let data = directory.appending(path: "data", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let environment: [String: String?] = ["HOME": home.path, "XDG_DATA_HOME": data.path]
            let sync = try await CommandRunner.run(
                "pokedex", ["sync", "--range", "1-3"], environment: environment)
            #expect(sync.status == 0, "\(sync.error)")
            let store = data.appending(path: "pokedex/pokedex.sqlite")
            #expect(sync.output.contains("into \(store.path) "), "\(sync.output)")
            #expect(FileManager.default.fileExists(atPath: store.path))
            #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
            let list = try await CommandRunner.run(
                "pokedex", ["list", "--json"], environment: environment)
            #expect(list.output.contains("\"name\" : \"venusaur\""), "\(list.error)")
        }
    }

    @Test(
        "sync --http-cache DIR: no request while fresh, only 304s once stale",
        arguments: [
            // 20 Pokémon, their 20 species, and their chains, types and abilities.
            ("max-age=3600", ["200": 1]),
            // Stale at once: revalidated before every use.
            ("no-cache", ["200": 1, "304": 1]),
        ])
    func httpCache(cacheControl: String, perRecord: [String: Int]) async throws {
        let records = try SyncRequests.paths(1...20).count
        let statuses = perRecord.mapValues { $0 * records }
        try await withTemporaryDirectory { directory in
            let cache = directory.appending(path: "http-cache").path
            try await withTestServer(.cacheControl(cacheControl)) { server in
                let base = server.baseURL.absoluteString
                // Two processes, each with an empty store: the second one's ids come from the
                // cache the first one filled.
                for _ in 1...2 {
                    let result = try await CommandRunner.pokedex(
                        "sync", "--range", "1-20", "--base-url", base, "--in-memory",
                        "--http-cache", cache)
                    #expect(result.status == 0, "\(result.error)")
                    #expect(
                        result.output
                            == "Synced 20 Pokémon from \(base) into memory (0 already stored).\n")
                }
                #expect(try await server.stats().statuses == statuses)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: cache).count == records)
        }
    }

    @Test("--http-cache without a server is refused before anything is written")
    func httpCacheWithoutServer() async throws {
        try await withTemporaryDirectory { directory in
            let cache = directory.appending(path: "http-cache").path
            let result = try await CommandRunner.pokedex(
                "sync", "--range", "1-5", "--in-memory", "--http-cache", cache)
            #expect(result.status == 1)
            #expect(result.output.isEmpty)
            #expect(
                result.errorLines.last
                    == "pokedex: --http-cache keeps a server's responses; the bundled offline "
                    + "data needs no cache: add --base-url URL or --live, or leave --http-cache out"
            )
            #expect(!FileManager.default.fileExists(atPath: cache))
        }
    }
}
