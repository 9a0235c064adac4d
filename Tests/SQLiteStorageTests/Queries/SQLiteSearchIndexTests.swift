import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

/// SQLite answers a search over searchable attributes from the folded tokens it keeps in
/// `<table>__search`, exactly as memory does.
@Suite("SQLiteStore search index")
struct SQLiteSearchIndexTests {
    @Test("a search over searchable attributes is answered in SQLite, others in memory")
    func inDatabase() async throws {
        try await withTemporaryDirectory { directory in
            try await SearchConformance.inDatabaseCheck.run {
                try await SQLiteStore<SearchRecord>.open(at: directory.appending(path: "s.sqlite"))
            }
        }
    }

    @Test("the query plan reads the token table's primary key, as a range of tokens")
    func queryPlan() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "plan.sqlite")
            let store = try await SQLiteStore<SearchRecord>.open(at: url)
            try await store.upsert(contentsOf: SearchRecord.samples + SearchRecord.documents)
            try await store.close()
            var options = SQLOptions()
            options.tables.addSearchIndex(
                SearchRecord.self,
                SQLSearchIndex(
                    table: "search_record__search", keyColumn: "_key",
                    attributes: ["text", "note", "tags"]))
            let condition: Condition<SearchRecord> = .search(
                [\.text, \.tags], for: try TextSearch("char fl"))
            let plan = try RawDatabase(url).queryPlan(
                of: condition.sqlExpression(options: options), in: "search_record")
            #expect(
                plan.filter {
                    $0.contains(
                        "SEARCH search_record__search USING PRIMARY KEY (token>? AND token<?)")
                }.count == 2, "\(plan)")
            #expect(!plan.contains { $0.contains("SCAN search_record__search") }, "\(plan)")
        }
    }

    @Test("each record's tokens are its current texts', after updates and deletions")
    func tokensStayExact() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "tokens.sqlite")
            let store = try await SQLiteStore<SearchRecord>.open(at: url)
            try await store.upsert(contentsOf: SearchRecord.documents)
            try await store.upsert(
                SearchRecord(id: 1_000, text: "Mega Charizard", tags: ["Fire", "Dragon"]))
            try await store.delete(id: 1_002)
            try await store.close()
            let raw = try RawDatabase(url)
            let tokens = try raw.strings(
                "SELECT attribute || ':' || token FROM search_record__search WHERE _key = 1000 "
                    + "ORDER BY attribute, token")
            #expect(tokens == ["tags:dragon", "tags:fire", "text:charizard", "text:mega"])
            #expect(
                try raw.strings("SELECT count(*) FROM search_record__search WHERE _key = 1002")
                    == ["0"])
            #expect(
                try raw.strings(
                    "SELECT token FROM search_record__search WHERE _key = 1003"
                )
                .isEmpty == false)
        }
    }

    @Test("a database opened with a new declaration builds the tokens; without it, drops them")
    func declarationChanges() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "entries.sqlite")
            let plain = try await SQLiteStore<UnsearchedEntry>.open(at: url)
            try await plain.upsert(
                contentsOf: UnsearchedEntry.samples)
            try await plain.close()

            // Read-only, the tokens are not there: the search is answered in memory.
            let search: Condition<SearchEntry> = .search(\.text, for: try TextSearch("stras"))
            let viewer = try await SQLiteStore<SearchEntry>.open(at: url, options: .readOnly)
            var before = viewer.queryEvaluationCounts
            #expect(try await viewer.fetch(RecordQuery(where: search)).map(\.id) == [2])
            #expect(viewer.queryEvaluationCounts.subtracting(before).inMemory == 1)
            try await viewer.close()

            let searchable = try await SQLiteStore<SearchEntry>.open(at: url)
            before = searchable.queryEvaluationCounts
            #expect(try await searchable.fetch(RecordQuery(where: search)).map(\.id) == [2])
            let ideographs: Condition<SearchEntry> = .search(
                \.text, for: try TextSearch("放射"))
            #expect(try await searchable.count(where: ideographs) == 1)
            #expect(searchable.queryEvaluationCounts.subtracting(before).inDatabase == 2)
            try await searchable.close()

            // Now current, a read-only store answers from the tokens.
            let reader = try await SQLiteStore<SearchEntry>.open(at: url, options: .readOnly)
            before = reader.queryEvaluationCounts
            #expect(try await reader.fetch(RecordQuery(where: search)).map(\.id) == [2])
            #expect(reader.queryEvaluationCounts.subtracting(before).inDatabase == 1)
            try await reader.close()

            let again = try await SQLiteStore<UnsearchedEntry>.open(at: url)
            try await again.close()
            let tables = try RawDatabase(url).strings(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'entry__search'")
            #expect(tables.isEmpty)
        }
    }
}
