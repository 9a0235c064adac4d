import ModelStorage

extension StoreConformance {
    /// The write-back scenario: a user reads the record (attack 35), another writer sets its
    /// attack to 99 and then back to 35, and the user's read toggles `favorite`.
    ///
    /// The record's values are those the user read, yet it was written since the read.
    ///
    /// - Returns: The store, and the user's edit ready to save.
    static func writtenBack(
        _ makeStore: ConformanceStoreFactory
    ) async throws -> (any ModelStore<ConformanceRecord>, Versioned<ConformanceRecord>) {
        let store = try await makeStore()
        try await store.insert(ConformanceRecord(id: 1, name: "bulbasaur", attack: 35))
        var user = try await readVersioned(1, in: store)
        try await store.update(id: 1) { $0.attack = 99 }
        try await store.update(id: 1) { $0.attack = 35 }
        user.favorite.toggle()
        return (store, user)
    }

    /// What the write-back save leaves under each policy: the record stored, when the save
    /// succeeds.
    private static func writtenBackOutcome(_ policy: MergePolicy) -> ConformanceRecord? {
        switch policy {
        case .error: nil
        case .rollback: ConformanceRecord(id: 1, name: "bulbasaur", attack: 35)
        case .mergeByPropertyObjectTrump, .mergeByPropertyStoreTrump, .overwrite:
            ConformanceRecord(id: 1, name: "bulbasaur", attack: 35, favorite: true)
        }
    }

    /// The name of a policy in a check's name.
    private static func checkName(_ policy: MergePolicy) -> String {
        switch policy {
        case .error: "Error"
        case .mergeByPropertyObjectTrump: "ObjectTrump"
        case .mergeByPropertyStoreTrump: "StoreTrump"
        case .overwrite: "Overwrite"
        case .rollback: "Rollback"
        }
    }

    static var writeVersionChecks: [StoreConformanceCheck] {
        MergePolicy.allCases.map(writtenBackCheck) + [
            StoreConformanceCheck(
                name: "writeToOtherRecordsIsNoConflict",
                summary: "Writes to other records since the read (an update, an update written "
                    + "back, an insert, a delete) make no conflict: the save writes its value "
                    + "under .error and .rollback alike."
            ) { makeStore in
                for policy in [MergePolicy.error, .rollback] {
                    let store = try await seeded(makeStore, 1...3)
                    var edit = try await readVersioned(1, in: store)
                    try await store.update(id: 2) { $0.attack = 99 }
                    try await store.update(id: 2) { $0.attack = ConformanceRecord.sample(2).attack }
                    try await store.insert(ConformanceRecord.sample(4))
                    try await store.delete(id: 3)
                    edit.attack = 77
                    let saved = try await store.save(edit, mergePolicy: policy)
                    try expectEqual(saved, edit.value, "the record the save returns (\(policy))")
                    try expectEqual(
                        try await store.fetch(id: 1), edit.value, "the stored record (\(policy))")
                }
            },
            StoreConformanceCheck(
                name: "reinsertedSinceReadIsConflict",
                summary: "A record deleted and inserted again with the same values since the "
                    + "read was written since it: under .error the save throws a conflict."
            ) { makeStore in
                let store = try await seeded(makeStore, [1])
                var edit = try await readVersioned(1, in: store)
                try await store.delete(id: 1)
                try await store.insert(ConformanceRecord.sample(1))
                edit.attack = 5
                let conflict = StoreConflict(
                    id: "1", changedBySave: ["attack"], changedInStore: [], deletedInStore: false)
                try await expectError(.conflict(conflict), "a save after a re-insert") {
                    try await store.save(edit, mergePolicy: .error)
                }
                try expectEqual(
                    try await store.fetch(id: 1), ConformanceRecord.sample(1), "the stored record")
            },
            StoreConformanceCheck(
                name: "unchangedSaveAfterWriteBack",
                summary: "A save that changes nothing is no conflict, even of a record written "
                    + "since its read: it writes nothing and returns the stored record."
            ) { makeStore in
                let (store, user) = try await writtenBack(makeStore)
                let read = Versioned(user.base, version: user.version)
                let kept = try await store.save(read, mergePolicy: .error)
                try expectEqual(kept, user.base, "the record the save returns")
                try expectEqual(try await store.fetch(id: 1), user.base, "the stored record")
            },
        ]
    }

    /// The write-back scenario under one policy: a record written since the read is a
    /// conflict whatever its values now.
    private static func writtenBackCheck(_ policy: MergePolicy) -> StoreConformanceCheck {
        let outcome = writtenBackOutcome(policy)
        let effect =
            switch policy {
            case .error: "throws a conflict that names no attribute of the store's"
            case .rollback: "keeps the stored record"
            case .overwrite: "writes the saved value"
            case .mergeByPropertyObjectTrump, .mergeByPropertyStoreTrump:
                "merges the save's changes over the stored record"
            }
        return StoreConformanceCheck(
            name: "writtenBackSinceRead" + checkName(policy),
            summary: "A record whose attack went 35 → 99 → 35 since the read was written since "
                + "it: under .\(policy) the save \(effect)."
        ) { makeStore in
            let (store, user) = try await writtenBack(makeStore)
            guard let outcome else {
                let conflict = StoreConflict(
                    id: "1", changedBySave: ["favorite"], changedInStore: [],
                    deletedInStore: false)
                try await expectError(.conflict(conflict), "a save under .\(policy)") {
                    try await store.save(user, mergePolicy: policy)
                }
                try expectEqual(try await store.fetch(id: 1), user.base, "the stored record")
                return
            }
            let saved = try await store.save(user, mergePolicy: policy)
            try expectEqual(saved, outcome, "the record the save returns")
            try expectEqual(try await store.fetch(id: 1), outcome, "the stored record")
            // A save based on a read made after the writes is no conflict.
            var fresh = try await readVersioned(1, in: store)
            fresh.name = "fresh"
            try await store.save(fresh, mergePolicy: .error)
            try expectEqual(try await store.fetch(id: 1)?.name, "fresh", "a later read's save")
        }
    }
}
