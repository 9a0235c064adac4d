import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

/// The JSON-file store and the in-memory store answer a text search with the engine, as
/// `TextSearch.matches` reads the records — in fetches, counts and live queries.
@Suite("JSONFileStore text search")
struct JSONFileStoreSearchTests {
    static let records: [Record] = [
        Record(id: 1, name: "Flabébé", attack: 38, tags: ["Fairy"], nickname: "Fleur"),
        Record(id: 2, name: "Charizard", attack: 84, tags: ["Fire", "Flying"]),
        Record(id: 3, name: "Farfetch’d", attack: 90, tags: ["Normal", "Flying"]),
        Record(id: 4, name: "リザードン", attack: 84, tags: ["ほのお"]),
        Record(id: 5, name: "STRAẞENKATZE", attack: 10, tags: [], nickname: "Straßi"),
        Record(id: 6, name: "Ho-Oh", attack: 130, tags: ["Fire", "Flying"], nickname: nil),
    ]

    @Test(
        "fetch, count and a live query select what TextSearch.matches selects",
        arguments: ["FLABEBE", "fly", "farfetch'd", "ザード", "strasse", "ho oh fire", "fl fi"])
    func answersAsTheEngine(_ text: String) async throws {
        let search = try TextSearch(text)
        let condition: Condition<Record> = .search([\.name, \.tags, \.nickname], for: search)
        let expected = Self.records.filter {
            search.matches([$0.name, $0.nickname ?? ""] + $0.tags)
        }.map(\.id)
        #expect(!expected.isEmpty && expected.count < Self.records.count, "\(text)")
        try await withTemporaryDirectory { directory in
            let file = try await JSONFileStore<Record>.open(
                at: directory.appending(path: "search.json"))
            try await file.upsert(contentsOf: Self.records)
            let memory = InMemoryStore(Self.records)
            let query = RecordQuery(where: condition, sortedBy: [.ascending(\.id)])
            for store in [file as any ModelStore<Record>, memory] {
                #expect(try await store.fetch(query).map(\.id) == expected)
                #expect(try await store.count(where: condition) == expected.count)
                for await result in try await store.observe(query) {
                    #expect(result.records.map(\.id) == expected)
                    break
                }
            }
            try await file.close()
        }
    }
}
