import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import PostgresNIO
import PostgresStorage
import Testing

/// PostgreSQL answers a search over searchable attributes from the folded tokens it keeps
/// in `<table>__search`, with the answers memory gives.
@Suite("PostgresStore search index")
struct PostgresSearchIndexTests {
    @Test(
        "gives the search condition table's answers, as every store does",
        arguments: SearchConformance.checks)
    func table(_ check: ConformanceCheck<SearchRecord>) async throws {
        try await TestStores.with { stores in
            try await check.run { try await stores.open(SearchRecord.self) }
        }
    }

    @Test("a search over searchable attributes is answered in PostgreSQL, others in memory")
    func inDatabase() async throws {
        try await TestStores.with { stores in
            try await SearchConformance.inDatabaseCheck.run {
                try await stores.open(SearchRecord.self)
            }
        }
    }

    @Test("each record's tokens are its current texts', after updates and deletions")
    func tokensStayExact() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let store = try await stores.open(SearchRecord.self, on: database)
            try await store.upsert(contentsOf: SearchRecord.documents)
            try await store.upsert(
                SearchRecord(id: 1_000, text: "Mega Charizard", tags: ["Fire", "Dragon"]))
            try await store.delete(id: 1_002)
        }
        let tokens = try await PostgresStoreTests.strings(
            "SELECT attribute || ':' || token FROM search_record__search WHERE _key = '1000'",
            on: database)
        #expect(tokens.sorted() == ["tags:dragon", "tags:fire", "text:charizard", "text:mega"])
        #expect(
            try await PostgresStoreTests.strings(
                "SELECT CAST(count(*) AS text) FROM search_record__search WHERE _key = '1002'",
                on: database) == ["0"])
        // A search's ranges of tokens are ranges of the primary key, byte by byte.
        let key = try await PostgresStoreTests.strings(
            "SELECT indexdef FROM pg_indexes WHERE tablename = 'search_record__search' "
                + "AND indexname = 'search_record__search_pkey'", on: database)
        #expect(key.first?.hasSuffix("(token, attribute, _key)") == true, "\(key)")
        let collation = try await PostgresStoreTests.strings(
            "SELECT collation_name::text FROM information_schema.columns WHERE "
                + "table_name = 'search_record__search' AND column_name = 'token'", on: database)
        #expect(collation == ["C"])
    }

    @Test("a database opened with a new declaration builds the tokens; without it, drops them")
    func declarationChanges() async throws {
        let database = try await TestStores.freshDatabase()
        let search: Condition<SearchEntry> = .search(\.text, for: try TextSearch("stras"))
        try await TestStores.with { stores in
            let plain = try await stores.open(UnsearchedEntry.self, on: database)
            try await plain.upsert(contentsOf: UnsearchedEntry.samples)
            // Read-only, the tokens are not there: the search is answered in memory.
            let viewer = try await stores.open(
                SearchEntry.self, on: database, mode: .readOnly)
            let before = viewer.queryEvaluationCounts
            #expect(try await viewer.fetch(RecordQuery(where: search)).map(\.id) == [2])
            #expect(viewer.queryEvaluationCounts.subtracting(before).inMemory == 1)
        }
        try await TestStores.with { stores in
            let searchable = try await stores.open(SearchEntry.self, on: database)
            let before = searchable.queryEvaluationCounts
            #expect(try await searchable.fetch(RecordQuery(where: search)).map(\.id) == [2])
            #expect(
                try await searchable.count(where: .search(\.text, for: try TextSearch("火炎")))
                    == 1)
            #expect(searchable.queryEvaluationCounts.subtracting(before).inDatabase == 2)
            let reader = try await stores.open(
                SearchEntry.self, on: database, mode: .readOnly)
            let counted = reader.queryEvaluationCounts
            #expect(try await reader.fetch(RecordQuery(where: search)).map(\.id) == [2])
            #expect(reader.queryEvaluationCounts.subtracting(counted).inDatabase == 1)
        }
        try await TestStores.with { stores in
            _ = try await stores.open(UnsearchedEntry.self, on: database)
        }
        let tables = try await PostgresStoreTests.strings(
            "SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema() "
                + "AND tablename = 'entry__search'", on: database)
        #expect(tables.isEmpty, "\(tables)")
    }
}
