import KeyPathQuery
import ModelStorage

extension StoreConformance {
    /// The 40 samples every query check runs against, inserted in this order.
    static let queryIDs = Array((1...40).reversed().filter { $0 % 7 != 0 } + [7, 14, 21, 28, 35])

    /// Queries with the ids they must return, worked out by hand in plain Swift — the oracle
    /// every backend must agree with.
    static var queryCases: [(name: String, query: RecordQuery<ConformanceRecord>, ids: [Int])] {
        let samples = queryIDs.map(ConformanceRecord.sample)
        func stable(
            _ records: [ConformanceRecord], _ before: (ConformanceRecord, ConformanceRecord) -> Bool
        ) -> [ConformanceRecord] {
            records.enumerated().sorted { lhs, rhs in
                if before(lhs.element, rhs.element) { return true }
                if before(rhs.element, lhs.element) { return false }
                return lhs.offset < rhs.offset
            }.map(\.element)
        }
        let strong = samples.filter { $0.attack >= 60 }
        let favorites = samples.filter(\.favorite)
        let byAttack = stable(samples) { $0.attack > $1.attack }
        return [
            ("every record in store order", .everyRecord, samples.map(\.id)),
            ("attack >= 60, store order", RecordQuery(where: \.attack >= 60), strong.map(\.id)),
            (
                "attack >= 60 by attack descending",
                RecordQuery(where: \.attack >= 60, sortedBy: [.descending(\.attack)]),
                stable(strong) { $0.attack > $1.attack }.map(\.id)
            ),
            (
                "favorites by name, page 2 of 3",
                RecordQuery(
                    where: \.favorite == true, sortedBy: [.ascending(\.name)], limit: 3, offset: 3),
                Array(stable(favorites) { $0.name < $1.name }.dropFirst(3).prefix(3)).map(\.id)
            ),
            (
                "top five by attack, ties in store order",
                RecordQuery(sortedBy: [.descending(\.attack)], limit: 5),
                Array(byAttack.prefix(5)).map(\.id)
            ),
            (
                "tagged blue or named creature-1x, store order, offset 2",
                RecordQuery(
                    where: .contains(\.tags, "blue") || .hasPrefix(\.name, "creature-1"),
                    offset: 2),
                Array(
                    samples.filter { $0.tags.contains("blue") || $0.name.hasPrefix("creature-1") }
                        .dropFirst(2)
                ).map(\.id)
            ),
            (
                "nothing matches",
                RecordQuery(where: \.attack > 1000), []
            ),
        ] + idQueryCases(samples)
    }

    /// Queries whose conditions name ids, which a store may look up instead of scanning: they
    /// must select what a scan selects, in store order unless sorted.
    static func idQueryCases(
        _ samples: [ConformanceRecord]
    ) -> [(name: String, query: RecordQuery<ConformanceRecord>, ids: [Int])] {
        let listed = [5, 40, 3, 99, 5, 28]
        return [
            ("id == 12", RecordQuery(where: \.id == 12), [12]),
            ("id == an absent id", RecordQuery(where: \.id == 99), []),
            (
                "id in a list with repeats and an absent id, store order",
                RecordQuery(where: .in(\.id, listed)),
                samples.filter { listed.contains($0.id) }.map(\.id)
            ),
            (
                "id in a list and attack >= 50, by attack descending, first 2",
                RecordQuery(
                    where: .in(\.id, listed) && \.attack >= 50,
                    sortedBy: [.descending(\.attack)], limit: 2),
                Array(
                    samples.filter { listed.contains($0.id) && $0.attack >= 50 }
                        .sorted { $0.attack > $1.attack }.prefix(2)
                ).map(\.id)
            ),
            (
                "id == 3 or id == 35, store order", RecordQuery(where: \.id == 35 || \.id == 3),
                [3, 35]
            ),
            (
                "id == 3 or attack > 90, store order",
                RecordQuery(where: \.id == 3 || \.attack > 90),
                samples.filter { $0.id == 3 || $0.attack > 90 }.map(\.id)
            ),
            (
                "not id == 3",
                RecordQuery(where: !(\.id == 3)), samples.filter { $0.id != 3 }.map(\.id)
            ),
            ("id == 3 and id == 4", RecordQuery(where: \.id == 3 && \.id == 4), []),
        ]
    }

    static var queryChecks: [StoreConformanceCheck] {
        [
            StoreConformanceCheck(
                name: "queriesReturnExpectedIDs",
                summary: "Conditions, sort keys, limits and offsets select the expected ids, "
                    + "ties in store order."
            ) { makeStore in
                let store = try await seeded(makeStore, queryIDs)
                // A sanity anchor for the oracle itself.
                try expectEqual(
                    Array(queryCases[4].ids), [27, 8, 35, 16, 24],
                    "the oracle's top five by attack")
                for (name, query, ids) in queryCases {
                    try expectEqual(try await store.fetch(query).map(\.id), ids, name)
                }
            },
            StoreConformanceCheck(
                name: "countWhere",
                summary: "count(where:) counts the matches; count() counts every record."
            ) { makeStore in
                let store = try await seeded(makeStore, queryIDs)
                let samples = queryIDs.map(ConformanceRecord.sample)
                try expectEqual(try await store.count(), samples.count, "count()")
                try expectEqual(
                    try await store.count(where: \.favorite == true),
                    samples.filter(\.favorite).count, "count of favorites")
                try expectEqual(
                    try await store.count(where: \.attack < 30 && .contains(\.tags, "red")),
                    samples.filter { $0.attack < 30 && $0.tags.contains("red") }.count,
                    "count of weak red ones")
            },
            StoreConformanceCheck(
                name: "fetchResultReadsAtOneMoment",
                summary: "fetchResult(_:) returns what fetch(_:) selects with the total count and "
                    + "version, all read at one moment, even beside concurrent inserts."
            ) { makeStore in
                let store = try await seeded(makeStore, queryIDs)
                let version = try await store.fetchVersioned(id: queryIDs[0])?.version
                for (name, query, ids) in queryCases {
                    let result = try await store.fetchResult(query)
                    try expectEqual(result.records.map(\.id), ids, name)
                    try expectEqual(result.totalCount, queryIDs.count, "total count: \(name)")
                    try expectEqual(result.version, version ?? 0, "version: \(name)")
                }
                // Every record matches `.all`, so the two numbers must agree in every result,
                // whatever commits land around the reads.
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for id in 1_000..<1_100 { try await store.insert(.sample(id)) }
                    }
                    group.addTask {
                        for _ in 0..<100 {
                            let result = try await store.fetchResult(.everyRecord)
                            try expectEqual(
                                result.records.count, result.totalCount,
                                "records and total count of one result")
                        }
                    }
                    try await group.waitForAll()
                }
            },
            StoreConformanceCheck(
                name: "idQueriesAfterDeletes",
                summary: "Conditions on ids see deletes and re-inserts as scans do: a deleted "
                    + "record is gone, one inserted again comes last."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...60)
                try await store.delete(where: \.id < 30 && \.attack > 20)
                try await store.delete(id: 45)
                try await store.insert(.sample(10))
                var expected = Array(1...60).map(ConformanceRecord.sample).filter {
                    !($0.id < 30 && $0.attack > 20) && $0.id != 45 && $0.id != 10
                }
                expected.append(.sample(10))
                let listed = [45, 10, 2, 59, 3, 1, 30]
                try expectEqual(
                    try await store.fetch(RecordQuery(where: .in(\.id, listed))).map(\.id),
                    expected.filter { listed.contains($0.id) }.map(\.id), "ids in a list")
                try expectEqual(
                    try await store.count(where: .in(\.id, listed)),
                    expected.filter { listed.contains($0.id) }.count, "count of ids in a list")
                try expectEqual(
                    try await store.fetch(RecordQuery(where: \.id == 45)).map(\.id), [],
                    "a deleted id")
            },
            StoreConformanceCheck(
                name: "invalidQueryThrows",
                summary: "A query that cannot be evaluated throws invalidQuery, also when observed."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...3)
                let negative = RecordQuery<ConformanceRecord>(limit: -1)
                let isInvalidQuery: (any Error) -> Bool = {
                    ($0 as? StoreError)?.code == .invalidQuery
                }
                try await expectError(where: isInvalidQuery, "fetch with a negative limit") {
                    try await store.fetch(negative)
                }
                let badPattern: Condition<ConformanceRecord> = .matches(\.name, "(")
                try await expectError(where: isInvalidQuery, "count with a bad pattern") {
                    try await store.count(where: badPattern)
                }
                try await expectError(where: isInvalidQuery, "observe with a negative limit") {
                    try await store.observe(negative)
                }
            },
        ]
    }
}
