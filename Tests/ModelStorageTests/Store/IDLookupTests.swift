import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import TestSupport
import Testing

/// A model with an attribute that mirrors the id until a record says otherwise.
private struct Numbered: StorableModel, Hashable {
    var id: Int
    var number: Int
    var label: String

    static let queryAttributes: AttributeMap<Numbered> = [
        \.id: "id", \.number: "number", \.label: "label",
    ]
}

@Suite("Queries that name ids are looked up, with a scan's results")
struct IDLookupTests {
    private let mirrored = (1...50).map { Numbered(id: $0, number: $0, label: "n\($0)") }

    @Test("an attribute that stops mirroring the id is scanned again")
    func mirrorBroken() async throws {
        let store = InMemoryStore<Numbered>()
        try await store.upsert(contentsOf: mirrored)
        #expect(try await store.fetch(RecordQuery(where: \.number == 5)).map(\.id) == [5])

        // Record 60's number is 5: a lookup by id would miss it.
        try await store.insert(Numbered(id: 60, number: 5, label: "sixty"))
        #expect(try await store.fetch(RecordQuery(where: \.number == 5)).map(\.id) == [5, 60])
        #expect(try await store.count(where: .in(\.number, [5, 6])) == 3)
        #expect(try await store.fetch(RecordQuery(where: \.id == 60)).map(\.label) == ["sixty"])
    }

    @Test("a store opened from a file keeps the same rule")
    func reopened() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "numbered.json")
            do {
                let store = try await JSONFileStore<Numbered>.open(at: url)
                try await store.upsert(
                    contentsOf: mirrored + [Numbered(id: 70, number: 7, label: "x")])
                try await store.close()
            }
            // Reopened after a close: wait out a child process another test may be starting.
            let store = try await JSONFileStore<Numbered>.open(
                at: url, options: JSONFileStoreOptions(lockTimeout: .seconds(10)))
            #expect(try await store.fetch(RecordQuery(where: \.number == 7)).map(\.id) == [7, 70])
            #expect(
                try await store.fetch(RecordQuery(where: .in(\.id, [70, 7, 3]) && \.number == 7))
                    .map(\.id) == [7, 70])
        }
    }

    @Test("a value of the wrong type is still the query engine's error")
    func wrongType() async throws {
        let store = InMemoryStore<Numbered>()
        try await store.upsert(contentsOf: mirrored)
        // `label == "five"` with the attribute renamed: `id == "five"`, which only a decoded
        // condition can say.
        let byLabel: Condition<Numbered> = \.label == "five"
        let json = String(decoding: try JSONEncoder().encode(byLabel), as: UTF8.self)
        #expect(json.contains(#""label""#))
        let decoded = try JSONDecoder().decode(
            Condition<Numbered>.self,
            from: Data(json.replacingOccurrences(of: #""label""#, with: #""id""#).utf8))
        await #expect(throws: StoreError.self) {
            try await store.fetch(RecordQuery(where: decoded))
        }
    }
}
