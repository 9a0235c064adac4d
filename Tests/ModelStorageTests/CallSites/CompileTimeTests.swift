import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

/// Locks in how call sites read: if one of these stops compiling, the API broke.
@Suite("Call sites")
struct CompileTimeTests {
    func favorites(in store: some ModelStore<Record>) async throws -> [Record] {
        try await store.fetch(
            RecordQuery(where: \.favorite == true, sortedBy: [.ascending(\.name)]))
    }

    @Test func callSitesReadAsDocumented() async throws {
        let store = InMemoryStore<Record>()
        _ = try await favorites(in: InMemoryStore([Record.sample(3)]))
        try await store.insert(.sample(1))
        try await store.update(id: 1) { $0.favorite.toggle() }
        if var edit = try await store.fetchVersioned(id: 1) {
            edit.favorite.toggle()
            edit.value.attack += 1
            try await store.save(edit, mergePolicy: .mergeByPropertyObjectTrump)
        }
        if var edit = try await store.fetchVersioned(id: 1) {
            edit.value.attack += 1
            try await store.save(edit)
        }
        let existential: any ModelStore<Record> = store
        for await result in try await existential.observe(.everyRecord) {
            #expect(result.totalCount == 1)
            break
        }
        let removed = try await store.transaction { transaction in
            try transaction.delete(where: \.attack < 0)
        }
        #expect(removed == 0)
        try await withTemporaryDirectory { directory in
            let file = try await JSONFileStore<Record>.open(
                at: directory.appending(path: "pokedex.json"),
                options: JSONFileStoreOptions(lockTimeout: .seconds(1)))
            try await file.upsert(contentsOf: [.sample(1), .sample(2)])
            #expect(try await favorites(in: file).isEmpty)
            try await file.close()
        }
    }
}
