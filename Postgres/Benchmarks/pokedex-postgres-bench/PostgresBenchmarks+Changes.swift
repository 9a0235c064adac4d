import Foundation
import KeyPathQuery
import ModelStorage
import PostgresStorage
import PostgresTestServer

/// A user's favorite: a small model that keeps a change history, as a synced model does.
struct BenchFavorite: StorableModel, Hashable {
    var id: Int
    var userID: Int
    var pokemonID: Int
    var note: String

    static let queryAttributes: AttributeMap<BenchFavorite> = [
        \.id: "id", \.userID: "userID", \.pokemonID: "pokemonID", \.note: "note",
    ]
    static var changeHistory: ChangeHistory? { ChangeHistory() }
}

extension PostgresBenchmarks {
    /// The change feed's operations, as `--only` names them.
    static let changeOperations = ["changes"]

    /// The databases' sizes: the larger and the smaller.
    static func changeSizes(quick: Bool) -> (small: Int, large: Int) {
        quick ? (1_000, 10_000) : (10_000, 1_000_000)
    }

    /// A pull of 10 changes from a database of 1,000,000 favorites against the same pull from
    /// one of 10,000: the feed reads through the index on the write versions, so its cost
    /// follows the changes, not the table.
    static func runChanges(
        _ bench: Bench, only: Set<String>, on server: PostgresTestServer
    ) async throws -> [Result] {
        guard only.isEmpty || !only.isDisjoint(with: changeOperations) else { return [] }
        let (small, large) = changeSizes(quick: bench.quick)
        let smaller = try await changeDatabase(records: small, on: server)
        let larger = try await changeDatabase(records: large, on: server)
        defer {
            Task {
                try? await smaller.store.close()
                try? await larger.store.close()
            }
        }
        func pull(_ database: (store: PostgresStore<BenchFavorite>, cursor: ChangeCursor))
            async throws -> [Int]
        {
            try await database.store.changes(since: database.cursor, limit: 100).changes.map(\.id)
        }
        let expected = Array(1...10)
        guard try await pull(smaller) == expected, try await pull(larger) == expected else {
            throw BenchmarkError.disagreement("a pull of 10 changes")
        }
        return [
            try await bench.compareMeasured(
                group: "PostgresStore's change feed",
                name: "a pull of 10 changes, \(large.formatted()) records against "
                    + "\(small.formatted())",
                target: .atMost(2),
                candidate: (
                    "\(large.formatted()) records",
                    perOperation(20) { for _ in 0..<20 { blackHole(try await pull(larger)) } }
                ),
                baseline: (
                    "\(small.formatted()) records",
                    perOperation(20) { for _ in 0..<20 { blackHole(try await pull(smaller)) } }
                ),
                note: "store.changes(since:limit:) after a commit of 10 updates, 20 pulls in a "
                    + "row; the same model, store and server on both sides",
                repetitions: repetitions(bench))
        ]
    }

    /// A database of `records` favorites, then a commit that updates 10 of them, and the
    /// cursor before it.
    private static func changeDatabase(
        records: Int, on server: PostgresTestServer
    ) async throws -> (store: PostgresStore<BenchFavorite>, cursor: ChangeCursor) {
        let store = try await PostgresStore<BenchFavorite>.open(try await server.makeDatabase())
        var start = 1
        while start <= records {
            let end = Swift.min(records, start + 9_999)
            try await store.upsert(
                contentsOf: (start...end).map {
                    BenchFavorite(id: $0, userID: $0 % 97, pokemonID: $0 % 1_025 + 1, note: "")
                })
            start = end + 1
        }
        let cursor = ChangeCursor(
            version: try await store.fetchResult(RecordQuery(limit: 1)).version)
        try await store.upsert(
            contentsOf: (1...10).map {
                BenchFavorite(id: $0, userID: $0 % 97, pokemonID: $0, note: "seen")
            })
        return (store, cursor)
    }
}
