import Foundation
import PokedexKit
import SQLiteStorage
import TestSupport
import Testing

/// A live query on an SQLite store follows commits made by another process: here the
/// `pokedex` command, run as a child process on the same database.
@Suite("Live queries across processes")
struct CrossProcessLiveQueryTests {
    /// How long the test waits for the update before it fails: generous, for a busy machine.
    static let timeout = hangGuard

    @Test("an app observing favorites updates when `pokedex favorite 25` runs in another process")
    func favoriteFromAnotherProcess() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "dex.sqlite").path
            let seeded = try await CommandRunner.pokedex(
                "sync", "--range", "1-30", "--store", path)
            try #require(seeded.status == 0, "\(seeded.error)")
            let database = try await SQLiteModelDatabase.open(
                at: URL(filePath: path), for: PokedexModels.all)
            let favorites = try await database.store(for: Favorite.self).observe(
                RecordQuery(sortedBy: [.ascending(\.createdAt)]))

            let marked = try await CommandRunner.pokedex("favorite", "25", "--store", path)
            #expect(marked.status == 0, "\(marked.error)")
            let added = await firstElement(of: favorites, timeout: Self.timeout) {
                !$0.records.isEmpty
            }
            #expect(added?.records.map(\.pokemonID) == [25], "the favorite, seen")

            let unmarked = try await CommandRunner.pokedex(
                "favorite", "pikachu", "--off", "--store", path)
            #expect(unmarked.status == 0, "\(unmarked.error)")
            let removed = await firstElement(of: favorites, timeout: Self.timeout) {
                $0.records.isEmpty
            }
            #expect(removed?.totalCount == 0, "the favorite removed, seen")
            try await database.close()
        }
    }
}
