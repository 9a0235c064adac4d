import KeyPathQuery
import ModelStorage

extension StoreConformance {
    /// Conditions on ``ConformanceRecord``'s indexed attributes (`name`, `attack`,
    /// `favorite`) of every kind an index answers, and some it must not answer wrongly, each
    /// with its meaning in plain Swift.
    static let indexedConditions:
        [(
            name: String, condition: Condition<ConformanceRecord>,
            holds: @Sendable (ConformanceRecord) -> Bool
        )] = [
            ("name ==", \.name == "creature-42", { $0.name == "creature-42" }),
            (
                "name in", .in(\.name, ["creature-7", "creature-300", "x"]),
                {
                    ["creature-7", "creature-300", "x"].contains($0.name)
                }
            ),
            ("name in nothing", .in(\.name, [String]()), { _ in false }),
            ("name <", \.name < "creature-11", { $0.name < "creature-11" }),
            (
                "name between", .between(\.name, "creature-2"..."creature-3"),
                {
                    ("creature-2"..."creature-3").contains($0.name)
                }
            ),
            (
                "name prefix", .hasPrefix(\.name, "creature-12"),
                { $0.name.hasPrefix("creature-12") }
            ),
            ("attack ==", \.attack == 37, { $0.attack == 37 }),
            ("attack <", \.attack < 3, { $0.attack < 3 }),
            ("attack <=", \.attack <= 3, { $0.attack <= 3 }),
            ("attack >", \.attack > 96, { $0.attack > 96 }),
            ("attack >=", \.attack >= 96, { $0.attack >= 96 }),
            ("attack between", .between(\.attack, 40...42), { (40...42).contains($0.attack) }),
            ("favorite ==", \.favorite == true, { $0.favorite }),
            (
                "attack and tags", \.attack < 10 && .contains(\.tags, "red"),
                {
                    $0.attack < 10 && $0.tags.contains("red")
                }
            ),
            (
                "attack or attack", \.attack < 2 || \.attack > 97,
                { $0.attack < 2 || $0.attack > 97 }
            ),
            (
                "attack or name", \.attack == 5 || \.name == "creature-9",
                {
                    $0.attack == 5 || $0.name == "creature-9"
                }
            ),
            ("not attack", !(\.attack < 90), { !($0.attack < 90) }),
            ("attack !=", \.attack != 37, { $0.attack != 37 }),
        ]

    static var indexChecks: [StoreConformanceCheck] {
        [
            StoreConformanceCheck(
                name: "indexedAttributeQueries",
                summary: "Conditions on indexed attributes select what a scan selects, in store "
                    + "order, after updates, deletes, re-inserts and a rolled-back transaction."
            ) { makeStore in
                let store = try await seeded(makeStore, 1...400)
                var records = (1...400).map(ConformanceRecord.sample)
                try await expectIndexedQueries(store, records, "after inserts")

                for id in stride(from: 3, through: 400, by: 11) {
                    let updated = try await store.update(id: id) {
                        $0.attack = ($0.attack + 41) % 100
                        $0.name = "creature-42"
                        $0.favorite.toggle()
                    }
                    records[id - 1] = updated
                }
                try await store.delete(where: \.attack == 37)
                records.removeAll { $0.attack == 37 }
                try await store.delete(id: 5)
                records.removeAll { $0.id == 5 }
                try await store.insert(.sample(5))
                records.append(.sample(5))
                try await expectIndexedQueries(store, records, "after updates and deletes")

                struct Abandoned: Error {}
                try await expectError(where: { $0 is Abandoned }, "a transaction that throws") {
                    try await store.transaction { transaction in
                        try transaction.update(id: 6) { $0.attack = 37 }
                        transaction.upsert(
                            ConformanceRecord(id: 900, name: "creature-42", attack: 1))
                        transaction.delete(id: 7)
                        throw Abandoned()
                    }
                }
                try await expectIndexedQueries(store, records, "after a rollback")
            }
        ]
    }

    /// Checks every indexed condition's records, in store order and sorted by attack, and its
    /// count, against plain Swift over the records the store should hold.
    private static func expectIndexedQueries(
        _ store: any ModelStore<ConformanceRecord>, _ records: [ConformanceRecord],
        _ moment: String
    ) async throws {
        for (name, condition, holds) in indexedConditions {
            let matching = records.filter(holds)
            try expectEqual(
                try await store.fetch(RecordQuery(where: condition)).map(\.id),
                matching.map(\.id), "\(name), \(moment)")
            let byAttack = matching.enumerated().sorted { lhs, rhs in
                lhs.element.attack != rhs.element.attack
                    ? lhs.element.attack > rhs.element.attack : lhs.offset < rhs.offset
            }
            try expectEqual(
                try await store.fetch(
                    RecordQuery(where: condition, sortedBy: [.descending(\.attack)], limit: 5)
                ).map(\.id),
                Array(byAttack.prefix(5).map(\.element.id)), "\(name) by attack, \(moment)")
            try expectEqual(
                try await store.count(where: condition), matching.count,
                "count of \(name), \(moment)")
        }
    }
}
