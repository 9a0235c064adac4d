import KeyPathQuery
import ModelStorage

extension StoreConformance {
    /// The 40 samples every query check runs against, inserted in this order.
    static let queryIDs = Array((1...40).reversed().filter { $0 % 7 != 0 } + [7, 14, 21, 28, 35])

    /// Queries with the ids they must return, worked out by hand in plain Swift — the oracle
    /// every backend must agree with.
    static var queryCases: [(name: String, query: Query<ConformanceRecord>, ids: [Int])] {
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
            ("every record in store order", .all, samples.map(\.id)),
            ("attack >= 60, store order", Query(where: \.attack >= 60), strong.map(\.id)),
            (
                "attack >= 60 by attack descending",
                Query(where: \.attack >= 60, sortedBy: [.descending(\.attack)]),
                stable(strong) { $0.attack > $1.attack }.map(\.id)
            ),
            (
                "favorites by name, page 2 of 3",
                Query(
                    where: \.favorite == true, sortedBy: [.ascending(\.name)], limit: 3, offset: 3),
                Array(stable(favorites) { $0.name < $1.name }.dropFirst(3).prefix(3)).map(\.id)
            ),
            (
                "top five by attack, ties in store order",
                Query(sortedBy: [.descending(\.attack)], limit: 5),
                Array(byAttack.prefix(5)).map(\.id)
            ),
            (
                "tagged blue or named creature-1x, store order, offset 2",
                Query(
                    where: .contains(\.tags, "blue") || .hasPrefix(\.name, "creature-1"),
                    offset: 2),
                Array(
                    samples.filter { $0.tags.contains("blue") || $0.name.hasPrefix("creature-1") }
                        .dropFirst(2)
                ).map(\.id)
            ),
            (
                "nothing matches",
                Query(where: \.attack > 1000), []
            ),
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
                name: "invalidQueryThrows",
                summary: "A query that cannot be evaluated throws invalidQuery, also when observed."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...3)
                let negative = Query<ConformanceRecord>(limit: -1)
                let isInvalidQuery: (any Error) -> Bool = {
                    if case .invalidQuery = $0 as? StoreError { return true }
                    return false
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
