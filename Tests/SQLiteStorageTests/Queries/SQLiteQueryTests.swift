import Foundation
import KeyPathQuery
import ModelStorage
import SQLiteStorage
import TestSupport
import Testing

/// Queries run in SQLite select exactly what the in-memory engine selects from the same
/// records in the store's order — text functions, unsigned integers above `Int64.max`,
/// collections and ties included — and never decode a row they do not select.
@Suite("SQLiteStore queries")
struct SQLiteQueryTests {
    static let conditions: [(String, Condition<Gadget>)] = [
        ("every record", .true),
        ("stock >= 5", \.stock >= 5),
        ("cheap and active", \.price < 7.5 && \.active == true),
        ("note == nil", \.note == nil),
        ("note != a value", \.note != "note 1"),
        ("stock in a list", .in(\.stock, [1, 3, 5])),
        ("price between", .between(\.price, 2.5...10)),
        ("made after", \.made > Date(timeIntervalSinceReferenceDate: 86_400.25)),
        (
            "serial ==",
            \.serial == (UUID(uuidString: "00000000-0000-0000-0000-000000000003") ?? UUID())
        ),
        ("big > 5, values above Int64.max stored", \.big > 5),
        ("big < Int64.max", \.big < UInt64(Int64.max)),
        ("big above Int64.max: evaluated in memory", \.big >= UInt64.max - 20),
        (
            "[cd] contains",
            .contains(\.label, "ABE", options: [.caseInsensitive, .diacriticInsensitive])
        ),
        ("[c] hasPrefix, non-ASCII text", .hasPrefix(\.label, "STR", options: .caseInsensitive)),
        ("[c] contains ß as ss", .contains(\.label, "SS", options: .caseInsensitive)),
        ("[c] operand outside ASCII", .contains(\.label, "ÉMI", options: .caseInsensitive)),
        ("like", .like(\.label, "*é*")),
        ("like with literal wildcards", .like(\.label, "a\\*b?")),
        ("matches", .matches(\.label, "[A-Z].*")),
        (
            "[cd] matches",
            .matches(\.label, "caf.", options: [.caseInsensitive, .diacriticInsensitive])
        ),
        ("[d] hasSuffix", .hasSuffix(\.label, "e", options: .diacriticInsensitive)),
        ("empty operand, nil note", .hasPrefix(\.note, "")),
        ("tags contain", .contains(\.tags, "red")),
        ("tags contain any", .containsAny(\.tags, of: ["blue", "Grün"])),
        (
            "an element with [cd] prefix",
            .anyElement(
                \.tags,
                where: .hasPrefix(
                    \.self, "GRU", options: [.caseInsensitive, .diacriticInsensitive]))
        ),
        ("a part heavier than 3", .anyElement(\.parts, where: \.weight > 3)),
        ("every part named p1", .everyElement(\.parts, where: \.name == "p1")),
        ("two tags or more", .count(\.tags, .greaterOrEqual, 2)),
        ("negations and or", !(\.stock < 3) || .contains(\.label, "é")),
    ]

    static let sorts: [(String, [SortKey<Gadget>])] = [
        ("store order", []),
        ("stock descending", [.descending(\.stock)]),
        ("label [cd]", [.ascending(\.label, options: [.caseInsensitive, .diacriticInsensitive])]),
        ("label [c] descending", [.descending(\.label, options: .caseInsensitive)]),
        ("note, nils last, then price", [.ascending(\.note, nils: .last), .descending(\.price)]),
        ("made, then label", [.descending(\.made), .ascending(\.label)]),
        ("big", [.ascending(\.big)]),
    ]

    static let pages: [(limit: Int?, offset: Int)] = [(nil, 0), (7, 0), (5, 4), (nil, 30)]

    /// The same records in both stores, in an order that is not the ids' (deletes and
    /// re-inserts included).
    static func stores(in directory: URL) async throws -> (
        SQLiteStore<Gadget>, InMemoryStore<Gadget>
    ) {
        let sqlite = try await SQLiteStore<Gadget>.open(
            at: directory.appending(path: "gadgets.sqlite"))
        let memory = InMemoryStore<Gadget>()
        for store in [sqlite as any ModelStore<Gadget>, memory] {
            try await store.upsert(contentsOf: (0..<60).reversed().map(Gadget.sample))
            try await store.delete(where: \.stock == 4)
            try await store.upsert(contentsOf: [4, 14, 24].map(Gadget.sample))
            try await store.update(id: 7) { $0.label = "Straße" }
        }
        return (sqlite, memory)
    }

    @Test(
        "select what the in-memory engine selects, in the same order", arguments: conditions.indices
    )
    func selectsAsInMemory(_ index: Int) async throws {
        let (name, condition) = Self.conditions[index]
        try await withTemporaryDirectory { directory in
            let (sqlite, memory) = try await Self.stores(in: directory)
            let expectedCount = try await memory.count(where: condition)
            #expect(try await sqlite.count(where: condition) == expectedCount, "count: \(name)")
            for (sortName, keys) in Self.sorts {
                for page in Self.pages {
                    let query = RecordQuery(
                        where: condition, sortedBy: keys, limit: page.limit, offset: page.offset)
                    let expected = try await memory.fetch(query).map(\.id)
                    #expect(
                        try await sqlite.fetch(query).map(\.id) == expected,
                        "\(name), \(sortName), limit \(page.limit.map(String.init) ?? "none"), offset \(page.offset)"
                    )
                }
            }
            try await sqlite.close()
        }
    }

    @Test("the conditions are not trivial: each selects some records and leaves some out")
    func conditionsSelectSome() async throws {
        try await withTemporaryDirectory { directory in
            let (sqlite, memory) = try await Self.stores(in: directory)
            let total = try await memory.count()
            for (name, condition) in Self.conditions.dropFirst() {
                let count = try await memory.count(where: condition)
                #expect(count > 0 && count < total, "\(name) selects \(count) of \(total)")
            }
            try await sqlite.close()
        }
    }

    @Test("a query decodes only the rows it selects")
    func decodesOnlySelectedRows() async throws {
        try await withStore(seededWith: (0..<20).map(Gadget.sample)) { store, url in
            // Another program breaks one row's JSON: only a query that selects it notices.
            try RawDatabase(url).execute("UPDATE gadget SET _record = '{' WHERE id = 13")
            let cheap = try await store.fetch(
                RecordQuery(where: \.stock < 5, sortedBy: [.ascending(\.label)]))
            #expect(!cheap.isEmpty && !cheap.contains { $0.id == 13 })
            #expect(Gadget.sample(13).stock >= 5)
            #expect(
                try await store.fetch(RecordQuery(sortedBy: [.descending(\.id)], limit: 5)).map(
                    \.id) == [19, 18, 17, 16, 15])
            #expect(try await store.count(where: \.stock >= 0) == 20)
            // Text tests and sorts with options run in SQLite too, through the registered
            // functions.
            let foldedQuery = RecordQuery<Gadget>(
                where: .contains(
                    \.label, "ABE", options: [.caseInsensitive, .diacriticInsensitive])
                    || .matches(\.label, "caf.", options: .caseInsensitive),
                sortedBy: [
                    .descending(\.label, options: [.caseInsensitive, .diacriticInsensitive])
                ])
            let folded = try await store.fetch(foldedQuery)
            #expect(folded.count == 6)
            #expect(
                folded.map(\.id)
                    == (try foldedQuery.apply(to: (0..<20).map(Gadget.sample)).map(\.id)))
            // A condition SQLite cannot express reads the rows one by one, and meets the
            // broken one.
            await #expect(throws: StoreError.self) {
                try await store.fetch(RecordQuery(where: \.big >= UInt64.max - 20))
            }
            await #expect(throws: StoreError.self) {
                try await store.fetch(RecordQuery(where: \.id == 13))
            }
            try await store.close()
        }
    }

    @Test("an invalid query throws invalidQuery, as in memory")
    func invalidQuery() async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteStore<Gadget>.open(
                at: directory.appending(path: "g.sqlite"))
            try await store.upsert(Gadget.sample(1))
            do {
                _ = try await store.fetch(RecordQuery(where: .matches(\.label, "(")))
                Issue.record("a bad pattern was accepted")
            } catch let error as StoreError {
                #expect(error.description.hasPrefix("The query cannot be evaluated"))
            }
            try await store.close()
        }
    }
}
