// This file imports ModelStorage alone, as an app that keeps its records in memory does:
// KeyPathQuery's names (`RecordQuery`, `Condition`, `SortKey`, `AttributeMap`, the
// key-path operators) come with it. If this file stops compiling, the re-export broke.
import ModelStorage
import Testing

/// A model declared with nothing but `import ModelStorage`.
private struct Berry: StorableModel, Hashable {
    var id: Int
    var name: String
    var firmness: Int

    static let queryAttributes: AttributeMap<Berry> = [
        \.id: "id", \.name: "name", \.firmness: "firmness",
    ]
}

@Suite("import ModelStorage alone")
struct ModelStorageImportTests {
    @Test("brings RecordQuery, Condition and SortKey with it")
    func queriesNeedNoOtherImport() async throws {
        let store = InMemoryStore<Berry>([
            Berry(id: 1, name: "cheri", firmness: 2), Berry(id: 2, name: "chesto", firmness: 5),
            Berry(id: 3, name: "pecha", firmness: 1),
        ])
        let firm: Condition<Berry> = \.firmness >= 2
        let query = RecordQuery<Berry>(
            where: firm && .hasPrefix(\.name, "ch"), sortedBy: [SortKey.descending(\.firmness)])
        #expect(try await store.fetch(query).map(\.id) == [2, 1])
        #expect(try await store.count(where: firm) == 2)
        try await store.close()
    }
}
