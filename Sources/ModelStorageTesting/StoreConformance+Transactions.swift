import KeyPathQuery
import ModelStorage

extension StoreConformance {
    static var transactionChecks: [StoreConformanceCheck] {
        [
            StoreConformanceCheck(
                name: "transactionCommitsTogether",
                summary: "A transaction's inserts, updates and deletes all commit, and its "
                    + "result is returned."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...5)
                let result = try await store.transaction { transaction in
                    try transaction.insert(.sample(6))
                    try transaction.update(id: 1) { $0.name = "first" }
                    transaction.delete(id: 2)
                    return try transaction.delete(where: \.id >= 5)
                }
                try expectEqual(result, 2, "the transaction's result")
                try expectEqual(
                    try await store.fetch(.everyRecord).map(\.id), [1, 3, 4], "the records after it"
                )
                try expectEqual(try await store.fetch(id: 1)?.name, "first", "the updated record")
            },
            StoreConformanceCheck(
                name: "transactionRollsBackOnThrow",
                summary: "A transaction that throws rethrows its error and changes nothing, not "
                    + "even the version."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...5)
                let before = try await store.fetch(.everyRecord)
                let version = try await store.fetchVersioned(id: 1)?.version
                try await expectError(where: { $0 is CheckError }, "a throwing transaction") {
                    try await store.transaction { transaction in
                        try transaction.insert(.sample(6))
                        try transaction.update(id: 1) { $0.attack = 0 }
                        try transaction.delete(where: .true)
                        throw CheckError()
                    }
                }
                try expectEqual(
                    try await store.fetch(.everyRecord), before, "records after the rollback")
                try expectEqual(
                    try await store.fetchVersioned(id: 1)?.version, version, "version after it")
                try await expectError(
                    .duplicateID("2"), "a transaction inserting an existing id"
                ) {
                    try await store.transaction { transaction in
                        try transaction.insert(.sample(7))
                        try transaction.insert(.sample(2))
                    }
                }
                try expectEqual(try await store.fetch(id: 7), nil, "the insert before the throw")
            },
            StoreConformanceCheck(
                name: "transactionReadsItsOwnWrites",
                summary: "Reads inside a transaction see its writes: fetch, count and query."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...3)
                let seen = try await store.transaction { transaction in
                    try transaction.insert(ConformanceRecord(id: 10, name: "new", attack: 99))
                    transaction.delete(id: 1)
                    try transaction.update(id: 2) { $0.attack = 98 }
                    return [
                        transaction.fetch(id: 10)?.name == "new",
                        transaction.fetch(id: 1) == nil,
                        transaction.count == 3,
                        try transaction.count(where: \.attack >= 98) == 2,
                        try transaction.fetch(
                            RecordQuery(sortedBy: [.descending(\.attack)], limit: 2)
                        )
                        .map(\.id) == [10, 2],
                        try transaction.fetch(.everyRecord).map(\.id) == [2, 3, 10],
                    ]
                }
                try expectEqual(seen, [true, true, true, true, true, true], "reads in the body")
            },
        ]
    }
}
