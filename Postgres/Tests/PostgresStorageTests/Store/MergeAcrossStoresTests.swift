import KeyPathQuery
import ModelStorage
import PostgresStorage
import Testing

/// Two `PostgresStore`s on separate connections saving edits of one record resolve them by
/// the merge policy exactly as two tasks on one `InMemoryStore` do.
@Suite("Merging across stores")
struct MergeAcrossStoresTests {
    /// What a scenario ends with: the save's result (or its error's code) and the record
    /// stored afterwards.
    struct Outcome: Equatable {
        var saved: Note?
        var errorCode: String?
        var stored: Note?
    }

    @Test(
        "an edit read before another store's write resolves as on one store",
        arguments: MergePolicy.allCases, [false, true])
    func policy(_ policy: MergePolicy, deletedMeanwhile: Bool) async throws {
        let expected = try await Self.scenario(
            policy, deletedMeanwhile: deletedMeanwhile, app: InMemoryStore<Note>(),
            service: nil)
        let actual = try await TestStores.with { stores in
            let database = try await TestStores.freshDatabase()
            let app = try await stores.open(Note.self, on: database)
            let service = try await stores.open(Note.self, on: database)
            return try await Self.scenario(
                policy, deletedMeanwhile: deletedMeanwhile, app: app, service: service)
        }
        #expect(actual == expected, "\(policy), deleted meanwhile: \(deletedMeanwhile)")
    }

    /// The app reads record 3 and edits `pinned` and `title`; meanwhile the service (the
    /// same store when `nil`) changes `title` and `stars`, or deletes the record; then the
    /// app saves with the policy.
    static func scenario(
        _ policy: MergePolicy, deletedMeanwhile: Bool, app: some ModelStore<Note>,
        service: (any ModelStore<Note>)?
    ) async throws -> Outcome {
        let service: any ModelStore<Note> = service ?? app
        try await app.upsert(contentsOf: PostgresStoreTests.notes)
        guard var edit = try await app.fetchVersioned(id: 3) else {
            return Outcome(saved: nil, errorCode: "no record", stored: nil)
        }
        edit.pinned = true
        edit.title = "the app's title"
        if deletedMeanwhile {
            try await service.delete(id: 3)
        } else {
            try await service.update(id: 3) {
                $0.title = "the service's title"
                $0.stars = 7
            }
        }
        var outcome = Outcome()
        do {
            outcome.saved = try await app.save(edit, mergePolicy: policy)
        } catch let error as StoreError {
            outcome.errorCode = "\(error.code)"
        }
        outcome.stored = try await service.fetch(id: 3)
        return outcome
    }
}
