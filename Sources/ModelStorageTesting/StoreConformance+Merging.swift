import ModelStorage

extension StoreConformance {
    /// The record both writers start from.
    static let bulbasaur = ConformanceRecord(id: 1, name: "bulbasaur", attack: 49)

    /// The two-writer scenario: a user reads the record, a sync then refreshes `attack` and
    /// `name` from a fresh read and saves, and the user's stale read toggles `favorite` (and,
    /// when `overlapping`, renames it too) and saves with a policy.
    ///
    /// - Returns: The store, and the user's stale edit ready to save.
    static func twoWriters(
        _ makeStore: ConformanceStoreFactory, overlapping: Bool = false
    ) async throws -> (any ModelStore<ConformanceRecord>, Versioned<ConformanceRecord>) {
        let store = try await makeStore()
        try await store.insert(bulbasaur)
        var user = try await readVersioned(1, in: store)
        var sync = try await readVersioned(1, in: store)
        sync.attack = 50
        sync.name = "Bulbasaur"
        try await store.save(sync)
        user.favorite.toggle()
        if overlapping { user.name = "BULBA" }
        return (store, user)
    }

    static var mergeChecks: [StoreConformanceCheck] {
        [
            StoreConformanceCheck(
                name: "mergePolicyError",
                summary: "Under .error, a stale save throws a conflict naming the record and the "
                    + "attributes each side changed, and changes nothing."
            ) { makeStore in
                let (store, user) = try await twoWriters(makeStore)
                let conflict = StoreConflict(
                    id: "1", changedBySave: ["favorite"], changedInStore: ["attack", "name"],
                    deletedInStore: false)
                try await expectError(.conflict(conflict), "a stale save under .error") {
                    try await store.save(user, mergePolicy: .error)
                }
                try expectEqual(
                    try await store.fetch(id: 1),
                    ConformanceRecord(id: 1, name: "Bulbasaur", attack: 50), "the stored record")
            },
            StoreConformanceCheck(
                name: "mergePolicyObjectTrump",
                summary: "Under .mergeByPropertyObjectTrump, both sides' changes merge and the "
                    + "save wins where both changed an attribute."
            ) { makeStore in
                let (store, user) = try await twoWriters(makeStore)
                let saved = try await store.save(user, mergePolicy: .mergeByPropertyObjectTrump)
                let merged = ConformanceRecord(id: 1, name: "Bulbasaur", attack: 50, favorite: true)
                try expectEqual(saved, merged, "the record the save returns")
                try expectEqual(try await store.fetch(id: 1), merged, "the stored record")
                let (overlap, rename) = try await twoWriters(makeStore, overlapping: true)
                try await overlap.save(rename, mergePolicy: .mergeByPropertyObjectTrump)
                try expectEqual(
                    try await overlap.fetch(id: 1),
                    ConformanceRecord(id: 1, name: "BULBA", attack: 50, favorite: true),
                    "the record when both renamed it")
            },
            StoreConformanceCheck(
                name: "mergePolicyStoreTrump",
                summary: "Under .mergeByPropertyStoreTrump, both sides' changes merge and the "
                    + "store wins where both changed an attribute."
            ) { makeStore in
                let (store, user) = try await twoWriters(makeStore)
                try await store.save(user, mergePolicy: .mergeByPropertyStoreTrump)
                try expectEqual(
                    try await store.fetch(id: 1),
                    ConformanceRecord(id: 1, name: "Bulbasaur", attack: 50, favorite: true),
                    "the stored record")
                let (overlap, rename) = try await twoWriters(makeStore, overlapping: true)
                try await overlap.save(rename, mergePolicy: .mergeByPropertyStoreTrump)
                try expectEqual(
                    try await overlap.fetch(id: 1),
                    ConformanceRecord(id: 1, name: "Bulbasaur", attack: 50, favorite: true),
                    "the record when both renamed it")
            },
            StoreConformanceCheck(
                name: "mergePolicyOverwrite",
                summary: "Under .overwrite, the stale save replaces the record whole."
            ) { makeStore in
                let (store, user) = try await twoWriters(makeStore)
                try await store.save(user, mergePolicy: .overwrite)
                try expectEqual(
                    try await store.fetch(id: 1),
                    ConformanceRecord(id: 1, name: "bulbasaur", attack: 49, favorite: true),
                    "the stored record")
            },
            StoreConformanceCheck(
                name: "mergePolicyRollback",
                summary: "Under .rollback, the stale save is dropped and the stored record kept."
            ) { makeStore in
                let (store, user) = try await twoWriters(makeStore)
                let kept = try await store.save(user, mergePolicy: .rollback)
                let stored = ConformanceRecord(id: 1, name: "Bulbasaur", attack: 50)
                try expectEqual(kept, stored, "the record the save returns")
                try expectEqual(try await store.fetch(id: 1), stored, "the stored record")
            },
            StoreConformanceCheck(
                name: "saveWithoutConflict",
                summary: "A save whose record did not change since its read succeeds under "
                    + ".error, even after other records changed."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...3)
                var edit = try await readVersioned(1, in: store)
                try await store.update(id: 2) { $0.attack = 0 }
                edit.attack = 77
                try await store.save(edit)
                try expectEqual(try await store.fetch(id: 1)?.attack, 77, "the saved record")
            },
            StoreConformanceCheck(
                name: "syncRefreshKeepsFavorite",
                summary: "A sync saving service fields from a stale read with "
                    + ".mergeByPropertyObjectTrump keeps a favorite the user set meanwhile."
            ) { makeStore in
                let store = try await seeded(makeStore, [1])
                guard var sync = try await store.fetchVersioned(id: 1) else {
                    throw ConformanceFailure(check: "", message: "no record 1", file: "", line: 0)
                }
                try await store.update(id: 1) { $0.favorite = true }
                sync.name = "refreshed"
                sync.attack = 12
                try await store.save(sync, mergePolicy: .mergeByPropertyObjectTrump)
                try expectEqual(
                    try await store.fetch(id: 1),
                    ConformanceRecord(
                        id: 1, name: "refreshed", attack: 12, favorite: true,
                        tags: ConformanceRecord.sample(1).tags),
                    "the stored record")
            },
            StoreConformanceCheck(
                name: "saveAfterDelete",
                summary: "A save of a record deleted since its read: .error throws a conflict, "
                    + "object trump and overwrite insert it again, store trump and rollback "
                    + "throw notFound."
            ) { makeStore in
                for policy in MergePolicy.allCases {
                    let store = try await seeded(makeStore, [1])
                    guard var edit = try await store.fetchVersioned(id: 1) else {
                        throw ConformanceFailure(
                            check: "", message: "no record 1", file: "", line: 0)
                    }
                    try await store.delete(id: 1)
                    edit.attack = 5
                    switch policy {
                    case .error:
                        let conflict = StoreConflict(
                            id: "1", changedBySave: ["attack"], changedInStore: [],
                            deletedInStore: true)
                        try await expectError(.conflict(conflict), "a save after a delete") {
                            try await store.save(edit, mergePolicy: policy)
                        }
                    case .mergeByPropertyObjectTrump, .overwrite:
                        try await store.save(edit, mergePolicy: policy)
                        try expectEqual(
                            try await store.fetch(id: 1)?.attack, 5, "the record under \(policy)")
                    case .mergeByPropertyStoreTrump, .rollback:
                        try await expectError(.notFound("1"), "a save under \(policy)") {
                            try await store.save(edit, mergePolicy: policy)
                        }
                        try expectEqual(try await store.count(), 0, "count() under \(policy)")
                    }
                }
            },
        ]
    }
}
