import InternalSupport
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
            StoreConformanceCheck(
                name: "transactionCountsItsUpserts",
                summary:
                    "A transaction's count includes its upserts, of new records and of stored "
                    + "ones, however they are deleted or written again afterwards."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...3)
                let counts = try await store.transaction { transaction in
                    var counts: [Int] = []
                    transaction.upsert(ConformanceRecord(id: 2, name: "changed", attack: 5))
                    transaction.upsert(ConformanceRecord(id: 10, name: "new", attack: 5))
                    counts.append(transaction.count)  // 1, 2, 3, 10
                    transaction.delete(id: 10)
                    counts.append(transaction.count)  // 1, 2, 3
                    transaction.upsert(.sample(1))
                    transaction.delete(id: 1)
                    counts.append(transaction.count)  // 2, 3
                    transaction.upsert(contentsOf: [.sample(11), .sample(11), .sample(3)])
                    transaction.upsert(.sample(10))
                    counts.append(transaction.count)  // 2, 3, 10, 11
                    return counts
                }
                try expectEqual(counts, [4, 3, 2, 4], "the counts in the body")
                try expectEqual(try await store.count(), 4, "the count once committed")
            },
            StoreConformanceCheck(
                name: "transactionQueriesSeeItsWrites",
                summary: "Queries, counts and deletes inside a transaction answer over the "
                    + "committed records with the body's writes laid over them, in store "
                    + "order: random writes, then 80 queries compared with the in-memory "
                    + "engine over the records the writes leave, which are then committed."
            ) { makeStore in
                for seed in UInt64(1)...12 {
                    try await checkTransactionQueries(makeStore, seed: seed)
                }
            },
        ]
    }

    /// One round of `transactionQueriesSeeItsWrites`.
    private static func checkTransactionQueries(
        _ makeStore: ConformanceStoreFactory, seed: UInt64
    ) async throws {
        var random = SplitMix64(seed: seed)
        let store = try await seeded(makeStore, (1...30).shuffled(using: &random))
        let committed = try await store.fetch(.everyRecord)
        var writes: [(id: Int, record: ConformanceRecord?)] = []
        for _ in 0..<16 {
            let id = Int.random(in: 1...45, using: &random)
            var record = ConformanceRecord.sample(id)
            record.attack = Int.random(in: 0...4, using: &random) * 25
            record.favorite.toggle()
            writes.append((id, Int.random(in: 0..<4, using: &random) == 0 ? nil : record))
        }
        let frozenWrites = writes
        let (mismatches, expected) = try await store.transaction { transaction in
            for (id, record) in frozenWrites {
                if let record { transaction.upsert(record) } else { transaction.delete(id: id) }
            }
            let expected = applying(transaction.changes, to: committed)
            var mismatches: [String] = []
            for (index, query) in transactionQueries.enumerated() {
                let seen = try transaction.fetch(query).map(\.id)
                let truth = try query.apply(to: expected).map(\.id)
                if seen != truth { mismatches.append("query \(index): \(seen), expected \(truth)") }
                let count = try transaction.count(where: query.condition)
                let countTruth = try query.condition.filter(expected).count
                if count != countTruth {
                    mismatches.append("count \(index): \(count), expected \(countTruth)")
                }
            }
            return (mismatches, expected)
        }
        try expectEqual(mismatches, [], "queries in the transaction of seed \(seed)")
        try expectEqual(
            try await store.fetch(.everyRecord), expected, "records committed by seed \(seed)")
        let doomed = try await store.transaction { transaction in
            try transaction.delete(where: \.attack >= 50)
        }
        try expectEqual(
            doomed, expected.filter { $0.attack >= 50 }.count, "delete(where:) of seed \(seed)")
    }

    /// Changes applied to records in store order: a replaced record keeps its place, a new
    /// one goes last, a deleted one goes.
    static func applying(
        _ changes: [RecordChange<ConformanceRecord>], to records: [ConformanceRecord]
    ) -> [ConformanceRecord] {
        var records = records
        for change in changes {
            switch change {
            case .upsert(let record):
                if let index = records.firstIndex(where: { $0.id == record.id }) {
                    records[index] = record
                } else {
                    records.append(record)
                }
            case .delete(let id):
                records.removeAll { $0.id == id }
            }
        }
        return records
    }

    /// Conditions, sort keys and pages for `transactionQueriesSeeItsWrites`.
    private static var transactionQueries: [RecordQuery<ConformanceRecord>] {
        let conditions: [Condition<ConformanceRecord>] = [
            .true, \.attack >= 50, \.favorite == true, .contains(\.tags, "red"),
            \.id < 15 || \.attack < 30,
        ]
        let sorts: [[SortKey<ConformanceRecord>]] = [
            [], [.descending(\.attack)], [.ascending(\.name)],
            [.descending(\.attack), .ascending(\.id)],
        ]
        let pages: [(limit: Int?, offset: Int)] = [(nil, 0), (5, 0), (4, 3), (nil, 7)]
        return conditions.flatMap { condition in
            sorts.flatMap { keys in
                pages.map { RecordQuery(where: condition, sortedBy: keys, limit: $0, offset: $1) }
            }
        }
    }
}
