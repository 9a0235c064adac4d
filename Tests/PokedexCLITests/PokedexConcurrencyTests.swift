import Foundation
import PokedexKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Several pokedex processes on one store")
struct PokedexConcurrencyTests {
    @Test("writers take turns for the lock while readers list: every favorite is kept")
    func writersTakeTurns() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.json").path
            _ = try await CommandRunner.pokedex("sync", "--store", store)
            let ids = Array(1...12)
            let results = try await withThrowingTaskGroup(of: CommandResult.self) { group in
                for id in ids {
                    group.addTask {
                        try await CommandRunner.pokedex(
                            "favorite", String(id), "--store", store, "--lock-timeout", "60")
                    }
                    group.addTask {
                        try await CommandRunner.pokedex("list", "--favorites", "--store", store)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for result in results {
                #expect(result.status == 0, "\(result.error)")
            }
            let favorites = try await CommandRunner.pokedex(
                "list", "--favorites", "--json", "--store", store)
            let records = try #require(
                try JSONSerialization.jsonObject(with: Data(favorites.output.utf8))
                    as? [[String: Any]])
            #expect(records.compactMap { $0["id"] as? Int } == ids)
        }
    }

    @Test("a writer waits its turn for the lock, or says who holds it when time runs out")
    func lockTimeout() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            _ = try await CommandRunner.pokedex("sync", "--store", url.path)
            // This test process holds the store open for writing, as another pokedex would.
            let holder = try await JSONFileStore<Pokemon>.open(at: url)
            let refused = try await CommandRunner.pokedex(
                "favorite", "1", "--store", url.path, "--lock-timeout", "0")
            #expect(refused.status == 1)
            #expect(
                refused.error.contains(
                    "locked by process \(ProcessInfo.processInfo.processIdentifier)"),
                "\(refused.error)")
            // A reader is not held up by the writer.
            let reader = try await CommandRunner.pokedex("show", "1", "--store", url.path)
            #expect(reader.status == 0, "\(reader.error)")
            // A writer with time to wait gets the lock once the holder closes.
            let waiting = Task {
                try await CommandRunner.pokedex(
                    "favorite", "1", "--store", url.path, "--lock-timeout", "30")
            }
            try await Task.sleep(for: .milliseconds(300))
            try await holder.close()
            let granted = try await waiting.value
            #expect(granted.status == 0, "\(granted.error)")
            #expect(granted.output == "★ bulbasaur (#1) is a favorite.\n")
        }
    }

    @Test("a process killed mid-sync never costs a favorite saved before it")
    func killedMidSync() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.json").path
            _ = try await CommandRunner.pokedex("sync", "--range", "1-50", "--store", store)
            let favorite = try await CommandRunner.pokedex("favorite", "7", "--store", store)
            #expect(favorite.status == 0)
            for delay in [5, 20, 60] {
                let (process, _, _) = try CommandRunner.start(
                    "pokedex", ["sync", "--refresh", "--store", store])
                try await Task.sleep(for: .milliseconds(delay))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            let shown = try await CommandRunner.pokedex("show", "7", "--store", store)
            #expect(shown.status == 0, "\(shown.error)")
            #expect(shown.output.contains("★ favorite"))
            let resumed = try await CommandRunner.pokedex("sync", "--store", store)
            #expect(resumed.status == 0, "\(resumed.error)")
            let stats = try await CommandRunner.pokedex("stats", "--json", "--store", store)
            #expect(stats.output.contains("\"stored\" : 151"))
        }
    }
}
