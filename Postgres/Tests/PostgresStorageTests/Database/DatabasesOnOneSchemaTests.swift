import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import PostgresNIO
import PostgresStorage
import Testing

/// Several `PostgresModelDatabase`s on one PostgreSQL schema, each on connections of its
/// own, in this process or another: one version between them, and each one's commits reach
/// the other's live queries, of whichever model.
@Suite("Databases on one schema")
struct DatabasesOnOneSchemaTests {
    static let models: [any StorableModel.Type] = [Note.self, ConformanceRecord.self]

    @Test(
        "each database's commits reach the other's live queries of either model",
        .timeLimit(.minutes(2)))
    func liveQueriesAcrossDatabases() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let first = try await stores.openDatabase(Self.models, on: database)
            let second = try await stores.openDatabase(
                [ConformanceRecord.self, Note.self], on: database)
            try await first.store(for: Note.self).upsert(
                contentsOf: PostgresModelDatabaseTests.notes)
            try await second.store(for: ConformanceRecord.self).upsert(
                contentsOf: PostgresModelDatabaseTests.records)
            var pinned = try await first.store(for: Note.self)
                .observe(RecordQuery(where: \.pinned == true)).makeAsyncIterator()
            var favorites = try await second.store(for: ConformanceRecord.self)
                .observe(RecordQuery(where: \.favorite == true)).makeAsyncIterator()
            #expect(try #require(await pinned.next()).records.map(\.id) == [2, 4, 6])
            #expect(try #require(await favorites.next()).records.map(\.id) == [3])

            // The second database changes the first's observed model, and the first the
            // second's: each in a transaction that changes the other model too.
            try await second.transaction { transaction in
                try transaction[Note.self].update(id: 1) { $0.pinned = true }
                try transaction[ConformanceRecord.self].update(id: 4) { $0.attack = 1 }
            }
            let seenPinned = try await Self.next(
                &pinned, where: { $0.records.map(\.id) == [1, 2, 4, 6] })
            try await first.transaction { transaction in
                try transaction[ConformanceRecord.self].update(id: 1) { $0.favorite = true }
                try transaction[Note.self].update(id: 5) { $0.stars = 9 }
            }
            let seenFavorites = try await Self.next(
                &favorites, where: { $0.records.map(\.id) == [1, 3] })
            #expect(seenPinned.version == 3)
            #expect(seenFavorites.version == 4)
            let firstVersion = try await first.store(for: ConformanceRecord.self)
                .fetchResult(.everyRecord).version
            let secondVersion = try await second.store(for: Note.self)
                .fetchResult(.everyRecord).version
            #expect(firstVersion == 4)
            #expect(secondVersion == 4)
        }
    }

    @Test("a database of one model counts the commits of another database's other model")
    func oneVersionAcrossModelSets() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let both = try await stores.openDatabase(Self.models, on: database)
            let notesOnly = try await stores.open(Note.self, on: database)
            try await notesOnly.upsert(contentsOf: PostgresModelDatabaseTests.notes)
            try await both.store(for: ConformanceRecord.self).upsert(
                contentsOf: PostgresModelDatabaseTests.records)
            try await both.store(for: ConformanceRecord.self).delete(id: 1)
            // Three commits on the schema, two of them to a table `notesOnly` does not hold.
            #expect(try await notesOnly.fetchResult(.everyRecord).version == 3)
            try await notesOnly.update(id: 1) { $0.stars = 2 }
            #expect(
                try await both.store(for: Note.self).fetchVersioned(id: 1)?.version == 4)
        }
    }

    /// Writers of both models at once, in two databases of both models, or in a database of
    /// each model: every commit gets a version of its own, whichever database and model made
    /// it.
    @Test(
        "concurrent writers of two databases and two models share one sequence of versions",
        arguments: [false, true])
    func concurrentWriters(eachDatabaseOneModel: Bool) async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let first = try await stores.openDatabase(
                eachDatabaseOneModel ? [Note.self] : Self.models, on: database)
            let second = try await stores.openDatabase(
                eachDatabaseOneModel ? [ConformanceRecord.self] : Self.models, on: database)
            let rounds = 20
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, dex) in [first, second].enumerated() {
                    let notes = eachDatabaseOneModel ? first : dex
                    let records = eachDatabaseOneModel ? second : dex
                    group.addTask {
                        for round in 0..<rounds {
                            let id = index * 1_000 + round
                            try await notes.store(for: Note.self).upsert(
                                Note(id: id, title: "n", stars: 1, pinned: false))
                        }
                    }
                    group.addTask {
                        for round in 0..<rounds {
                            try await records.store(for: ConformanceRecord.self).upsert(
                                ConformanceRecord.sample(index * 1_000 + round))
                        }
                    }
                }
                try await group.waitForAll()
            }
            let version = try await first.store(for: Note.self).fetchResult(.everyRecord).version
            #expect(version == UInt64(4 * rounds))
            let versions = try await PostgresStoreTests.strings(
                "SELECT CAST(count(DISTINCT _version) AS text) FROM (SELECT _version FROM note "
                    + "UNION ALL SELECT _version FROM \(ConformanceRecord.storageName)) AS v",
                on: database)
            #expect(versions == ["\(4 * rounds)"])
        }
    }

    @Test(
        "another process's commit reaches a two-model database's live query here",
        .timeLimit(.minutes(2)))
    func otherProcess() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let dex = try await stores.openDatabase(Self.models, on: database)
            let notes = try dex.store(for: Note.self)
            let records = try dex.store(for: ConformanceRecord.self)
            try await records.upsert(contentsOf: (1...6).map(ConformanceRecord.sample))
            try await notes.upsert(contentsOf: PostgresModelDatabaseTests.notes)
            var results = try await records.observe(RecordQuery(where: \.favorite == true))
                .makeAsyncIterator()
            #expect(try #require(await results.next()).records.map(\.id) == [3, 6])
            // PostgresStoreWriter opens `PostgresStore<ConformanceRecord>` alone.
            let output = try LiveQueriesAcrossProcessesTests.runWriter(database: database, id: 4)
            #expect(output.hasPrefix("committed "), "\(output)")
            let committed = UInt64(output.dropFirst("committed ".count)) ?? 0
            #expect(committed == 3)
            let seen = try await Self.next(&results, where: { $0.records.map(\.id) == [3, 4, 6] })
            #expect(seen.version == committed)
            #expect(try await notes.fetchResult(.everyRecord).version == committed)
        }
    }

    /// The results of a live query until one satisfies `done`, for up to a minute; the
    /// test's time limit ends a wait for a result that never comes.
    static func next<Model: StorableModel>(
        _ results: inout AsyncStream<QueryResult<Model>>.Iterator,
        where done: (QueryResult<Model>) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> QueryResult<Model> {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let result = try #require(await results.next(), sourceLocation: sourceLocation)
            if done(result) { return result }
        }
        Issue.record("no result as expected within a minute", sourceLocation: sourceLocation)
        throw CancellationError()
    }
}
