import Foundation
import PokeAPITestServer
import PokedexKit
import TestSupport
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
            _ = try await CommandRunner.pokedex("sync", "--range", "1-151", "--store", store)
            let ids = Array(1...12)
            // Each writer waits as long as the test would for a hang: twelve turns of a loaded
            // machine (a sanitizer's, say) can take longer than a minute.
            let patience = String(hangGuard.components.seconds)
            let results = try await withThrowingTaskGroup(of: CommandResult.self) { group in
                for id in ids {
                    group.addTask {
                        try await CommandRunner.pokedex(
                            "favorite", String(id), "--store", store, "--lock-timeout", patience)
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

    @Test("a writer out of time says who holds the lock; a reader is not held up")
    func lockTimeout() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            _ = try await CommandRunner.pokedex("sync", "--range", "1-151", "--store", url.path)
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
            try await holder.close()
        }
    }

    @Test(
        "a writer with time to wait gets the lock once its holder closes",
        .requires(.procFileSystem))
    func waitsForTheLock() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            _ = try await CommandRunner.pokedex("sync", "--range", "1-151", "--store", url.path)
            let holder = try await JSONFileStore<Pokemon>.open(at: url)
            let lock = url.appendingPathExtension("lock").resolvingSymlinksInPath().path
            // It waits as long as the test would for a hang: a loaded machine can take minutes
            // to see the wait begin and close the holder (a 30 s timeout ran out in CI once).
            let patience = String(hangGuard.components.seconds)
            let waiting = try CommandRunner.start(
                "pokedex", ["favorite", "1", "--store", url.path, "--lock-timeout", patience])
            // The holder closes only once the writer waits: it has opened the lock file, whose
            // lock this process holds, so it cannot have taken it yet.
            try await Self.waitUntil(waiting, hasOpen: lock)
            try await holder.close()
            let (output, error) = await waiting.readOutputToEnd()
            let termination = await waiting.wait()
            #expect(termination.isSuccess, "\(String(decoding: error, as: UTF8.self))")
            #expect(String(decoding: output, as: UTF8.self) == "★ bulbasaur (#1) is a favorite.\n")
        }
    }

    @Test("a sync killed while it saves keeps every Pokémon it reported, and earlier favorites")
    func killedMidSync() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.json").path
            _ = try await CommandRunner.pokedex("sync", "--range", "1-50", "--store", store)
            let favorite = try await CommandRunner.pokedex("favorite", "7", "--store", store)
            #expect(favorite.status == 0, "\(favorite.error)")
            // The server answers every request at once but holds back the last id's answer for
            // ten minutes: the sync saves Pokémon one after another, then waits, so it is still
            // running when killed, however slowly this machine is going.
            try await withTestServer(.slow([151], .always, milliseconds: 600_000)) { server in
                let base = server.baseURL.absoluteString
                // Missing ids only: 51–151. Every Pokémon it reports done was saved.
                let missing = try await syncKilledAfterProgress(
                    ["sync", "--range", "1-151", "--base-url", base, "--store", store])
                let stored = try await storedIDs(store)
                #expect(stored.isSuperset(of: 1...50), "what the earlier sync saved")
                #expect(missing >= 25, "killed once it had reported Pokémon done")
                #expect(stored.count >= 50 + missing, "what this one reported done")
                // A refresh writes over stored Pokémon; killed, it loses none and no favorite.
                _ = try await syncKilledAfterProgress(
                    ["sync", "--range", "1-151", "--refresh", "--base-url", base, "--store", store])
                #expect(try await storedIDs(store).isSuperset(of: stored))
            }
            let shown = try await CommandRunner.pokedex("show", "7", "--store", store)
            #expect(shown.status == 0, "\(shown.error)")
            #expect(shown.output.contains("★ favorite"))
            let resumed = try await CommandRunner.pokedex(
                "sync", "--range", "1-151", "--store", store)
            #expect(resumed.status == 0, "\(resumed.error)")
            #expect(try await storedIDs(store) == Set(1...151))
        }
    }

    /// Runs a sync and kills it with SIGKILL once its progress lines report some Pokémon
    /// done; returns the most they reported.
    private func syncKilledAfterProgress(
        _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Int {
        let result = try await CommandRunner.run(
            "pokedex", arguments, killingWhenErrorLine: { (Self.reportedDone(in: $0) ?? 0) > 0 })
        #expect(
            result.signal == SIGKILL,
            "killed mid-sync, not ended by itself: \(result.status) \(result.error)",
            sourceLocation: sourceLocation)
        #expect(
            result.output.isEmpty, "no summary: it never finished", sourceLocation: sourceLocation)
        return result.errorLines.compactMap(Self.reportedDone).max() ?? 0
    }

    /// The Pokémon done in a progress line such as `synced 25/101`.
    private static func reportedDone(in line: String) -> Int? {
        guard line.hasPrefix("synced ") else { return nil }
        return Int(line.dropFirst("synced ".count).prefix { $0 != "/" })
    }

    /// Waits until `process` has the file at `path` open, as `/proc/<pid>/fd` lists its
    /// descriptors; records an issue if it ends first or has not within ``hangGuard``.
    private static func waitUntil(
        _ process: Subprocess, hasOpen path: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let descriptors = "/proc/\(process.processIdentifier)/fd"
        let deadline = ContinuousClock.now + hangGuard
        while true {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
            let open = names.contains { name in
                let target = try? FileManager.default.destinationOfSymbolicLink(
                    atPath: "\(descriptors)/\(name)")
                return target == path
            }
            if open { return }
            if let termination = process.termination {
                Issue.record(
                    "it ended (\(termination)) before opening \(path)",
                    sourceLocation: sourceLocation)
                return
            }
            guard ContinuousClock.now < deadline else {
                Issue.record(
                    "it did not open \(path) within \(hangGuard)", sourceLocation: sourceLocation)
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The ids in a store, as `pokedex list --json` reads them.
    private func storedIDs(_ store: String) async throws -> Set<Int> {
        let list = try await CommandRunner.pokedex("list", "--json", "--store", store)
        #expect(list.status == 0, "the store opens: \(list.error)")
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
        return Set(records.compactMap { $0["id"] as? Int })
    }
}
