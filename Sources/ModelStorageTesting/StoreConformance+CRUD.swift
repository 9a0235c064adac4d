import KeyPathQuery
import ModelStorage

extension StoreConformance {
    static var crudChecks: [StoreConformanceCheck] {
        [
            StoreConformanceCheck(
                name: "insertThenFetch",
                summary: "Inserted records are fetched by id and counted; a missing id is nil."
            ) { makeStore in
                let store = try await makeStore()
                for id in [3, 1, 2] { try await store.insert(.sample(id)) }
                for id in [3, 1, 2] {
                    try expectEqual(try await store.fetch(id: id), .sample(id), "fetch(id: \(id))")
                }
                try expectEqual(try await store.fetch(id: 99), nil, "fetch(id:) of a missing id")
                try expectEqual(try await store.count(), 3, "count() after three inserts")
                try expectEqual(
                    try await store.fetch(.everyRecord).map(\.id), [3, 1, 2],
                    "fetch(.everyRecord) order")
            },
            StoreConformanceCheck(
                name: "insertDuplicateThrows",
                summary: "Inserting an existing id throws duplicateID and changes nothing."
            ) { makeStore in
                let store = try await makeStore()
                try await store.insert(.sample(1))
                var twin = ConformanceRecord.sample(1)
                twin.name = "twin"
                try await expectError(.duplicateID("1"), "insert of an existing id") {
                    try await store.insert(twin)
                }
                try expectEqual(try await store.fetch(id: 1), .sample(1), "the original record")
                try expectEqual(try await store.count(), 1, "count()")
            },
            StoreConformanceCheck(
                name: "upsertReplacesInPlace",
                summary: "Upsert inserts a new id and replaces an existing one in its place."
            ) { makeStore in
                let store = try await seeded(makeStore, [1, 2, 3])
                var changed = ConformanceRecord.sample(2)
                changed.name = "changed"
                try await store.upsert(changed)
                try await store.upsert(.sample(4))
                let all = try await store.fetch(.everyRecord)
                try expectEqual(all.map(\.id), [1, 2, 3, 4], "order after upserts")
                try expectEqual(all[1].name, "changed", "the replaced record")
            },
            StoreConformanceCheck(
                name: "upsertBatch",
                summary: "A batch upsert stores every record in order; a later duplicate wins."
            ) { makeStore in
                let store = try await makeStore()
                var batch = (1...100).map(ConformanceRecord.sample)
                var last = ConformanceRecord.sample(50)
                last.name = "last"
                batch.append(last)
                try await store.upsert(contentsOf: batch)
                try expectEqual(try await store.count(), 100, "count() after the batch")
                try expectEqual(
                    try await store.fetch(.everyRecord).map(\.id), Array(1...100),
                    "order of the batch")
                try expectEqual(try await store.fetch(id: 50)?.name, "last", "the later duplicate")
            },
            StoreConformanceCheck(
                name: "deleteByID",
                summary: "Deleting by id reports whether a record was deleted."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...5)
                try expectEqual(try await store.delete(id: 3), true, "delete(id:) of a record")
                try expectEqual(try await store.delete(id: 3), false, "delete(id:) again")
                try expectEqual(try await store.fetch(id: 3), nil, "fetch after delete")
                try expectEqual(
                    try await store.fetch(.everyRecord).map(\.id), [1, 2, 4, 5], "the records left")
            },
            StoreConformanceCheck(
                name: "deleteWhere",
                summary: "Deleting by condition deletes exactly the matches and counts them."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...40)
                let expected = (1...40).filter { ConformanceRecord.sample($0).attack < 50 }
                let deleted = try await store.delete(where: \.attack < 50)
                try expectEqual(deleted, expected.count, "delete(where:) count")
                try expectEqual(
                    try await store.fetch(.everyRecord).map(\.id),
                    (1...40).filter { !expected.contains($0) }, "the records left")
            },
            StoreConformanceCheck(
                name: "updateByClosure",
                summary: "update(id:) changes one record; a missing id, a throwing body or a "
                    + "changed id change nothing."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...3)
                let updated = try await store.update(id: 2) { $0.favorite.toggle() }
                try expectEqual(updated.favorite, true, "the record update(id:) returns")
                try expectEqual(try await store.fetch(id: 2)?.favorite, true, "the stored record")
                try await expectError(.notFound("9"), "update(id:) of a missing id") {
                    try await store.update(id: 9) { $0.attack = 1 }
                }
                try await expectError(
                    where: { $0 is CheckError }, "update(id:) whose body throws"
                ) {
                    try await store.update(id: 1) {
                        $0.attack = 1
                        throw CheckError()
                    }
                }
                try expectEqual(try await store.fetch(id: 1), .sample(1), "after a throwing body")
                try await expectError(
                    .identifierChanged(from: "3", to: "30"), "update(id:) that changes the id"
                ) {
                    try await store.update(id: 3) { $0.id = 30 }
                }
                try expectEqual(try await store.count(), 3, "count() after the failures")
            },
            StoreConformanceCheck(
                name: "reinsertGoesLast",
                summary: "A record inserted again after a delete goes to the end of the order."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...3)
                try await store.delete(id: 1)
                try await store.insert(.sample(1))
                try expectEqual(try await store.fetch(.everyRecord).map(\.id), [2, 3, 1], "order")
            },
            StoreConformanceCheck(
                name: "versionCountsCommits",
                summary: "The version grows by one per commit that changes something."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...3)
                let before = try await store.fetchVersioned(id: 1)?.version ?? 0
                try await store.update(id: 1) { $0.attack += 1 }
                try await store.delete(id: 42)
                try await store.transaction { _ in }
                let after = try await store.fetchVersioned(id: 1)?.version ?? 0
                try expectEqual(after, before + 1, "version after one changing commit")
            },
        ]
    }
}

/// An error a check's closure throws on purpose.
struct CheckError: Error, Equatable {}
