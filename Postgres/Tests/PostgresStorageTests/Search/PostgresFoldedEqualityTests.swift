import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import PostgresNIO
import PostgresStorage
import Testing

/// PostgreSQL answers an equality with `TextOptions` on an indexed text attribute from the
/// folded values it keeps in `<table>__search`, with the answers memory gives; one on another
/// attribute, which PostgreSQL cannot fold as memory does, is answered in memory.
@Suite("PostgresStore folded equalities")
struct PostgresFoldedEqualityTests {
    @Test(
        "gives memory's answers, in the database on indexed attributes",
        arguments: FoldedEqualityConformance.checks + [FoldedEqualityConformance.inDatabaseCheck])
    func conformance(_ check: ConformanceCheck<FoldedName>) async throws {
        try await TestStores.with { stores in
            try await check.run { try await stores.open(FoldedName.self) }
        }
    }

    @Test("each record's folded values are its current name's, after updates and deletions")
    func foldedValuesStayExact() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let store = try await stores.open(FoldedName.self, on: database)
            try await store.upsert(contentsOf: FoldedName.samples)
            try await store.upsert(FoldedName(id: 8, name: "Flabébé", nickname: nil))
            try await store.delete(id: 9)
        }
        let values = try await PostgresStoreTests.strings(
            "SELECT attribute || ':' || token FROM folded_name__search WHERE _key = '8'",
            on: database)
        #expect(values.sorted() == ["name[c]:flabébé", "name[cd]:flabebe", "name[d]:Flabebe"])
        #expect(
            try await PostgresStoreTests.strings(
                "SELECT CAST(count(*) AS text) FROM folded_name__search WHERE _key = '9'",
                on: database) == ["0"])
    }

    @Test("a database written before folded values were kept answers alike, and gains them")
    func databaseWithoutFoldedValues() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let before = try await stores.open(UnfoldedName.self, on: database)
            try await before.upsert(contentsOf: FoldedName.samples.map(UnfoldedName.init))
            // Read-only, the folded values are not there: answered in memory, alike.
            let viewer = try await stores.open(FoldedName.self, on: database, mode: .readOnly)
            try await FoldedEqualityConformance.expectMemoryAnswers(
                in: viewer, FoldedName.samples, "read-only, without folded values")
        }
        let tables =
            "SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema() "
            + "AND tablename = 'folded_name__search'"
        #expect(try await PostgresStoreTests.strings(tables, on: database).isEmpty)
        try await TestStores.with { stores in
            let store = try await stores.open(FoldedName.self, on: database)
            try await FoldedEqualityConformance.expectMemoryAnswers(
                in: store, FoldedName.samples, "opened for writing, the values built")
        }
        #expect(
            try await PostgresStoreTests.strings(
                "SELECT CAST(count(*) AS text) FROM folded_name__search "
                    + "WHERE attribute = 'name[cd]'", on: database)
                == ["\(FoldedName.samples.count)"])
        try await TestStores.with { stores in
            let store = try await stores.open(FoldedName.self, on: database)
            _ = try await store.delete(
                where: !Condition<FoldedName>.in(\.id, FoldedName.exactSamples.map(\.id)))
            try await FoldedEqualityConformance.inDatabaseCheck.run {
                try await stores.open(FoldedName.self, on: database)
            }
        }
    }
}
