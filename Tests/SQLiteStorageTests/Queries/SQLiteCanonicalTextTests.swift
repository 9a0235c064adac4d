import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

/// Regression: text that is not in Unicode normalization form C compares as in memory.
///
/// Comparisons, lists and sorts of text without options used SQLite's `BINARY` collation,
/// which compares bytes: `"é" == "e\u{301}"` in memory, not in SQLite. Found by the
/// differential conformance check.
@Suite("SQLiteStore canonical text")
struct SQLiteCanonicalTextTests {
    static let records: [ConformanceRecord] = [
        ("caf\u{E9}", ["\u{E9}"], "e\u{301}"), ("cafe\u{301}", ["e\u{301}"], "\u{E9}"),
        ("fi", [], nil), ("e\u{301}", ["x", "e\u{301}"], "fi"), ("\u{E9}", [], "e"),
        ("na\u{EF}ve", ["na\u{EF}ve"], nil), ("nai\u{308}ve", [], "nai\u{308}ve"),
        ("Zu\u{308}rich", ["Z\u{FC}rich"], "zurich"), ("e", ["e"], "f"),
    ].enumerated().map { index, values in
        ConformanceRecord(
            id: 20 - index, name: values.0, attack: index % 3, tags: values.1,
            nickname: values.2)
    }

    static let conditions: [(String, Condition<ConformanceRecord>, count: Int)] = [
        ("== precomposed", \.name == "caf\u{E9}", 2),
        ("== decomposed", \.name == "cafe\u{301}", 2),
        ("!= decomposed", \.name != "e\u{301}", 7),
        ("in", .in(\.name, ["nai\u{308}ve", "Z\u{FC}rich"]), 3),
        ("<= fi", \.name <= "fi", 5),
        ("> e", \.name > "e", 5),
        ("between", .between(\.name, "e"..."\u{E9}"), 6),
        ("optional ==", \.nickname == "\u{E9}", 2),
        ("optional <", \.nickname < "f", 1),
        ("collection contains", .contains(\.tags, "e\u{301}"), 3),
        (
            "collection contains any", .containsAny(\.tags, of: ["nai\u{308}ve", "Zu\u{308}rich"]),
            2
        ),
        ("element ==", .anyElement(\.tags, where: \String.self == "\u{E9}"), 3),
        ("equals, no options", .equals(\.name, "Zu\u{308}rich", options: []), 1),
    ]

    static let sorts: [[SortKey<ConformanceRecord>]] = [
        [], [.ascending(\.name)], [.descending(\.name)], [.ascending(\.nickname, nils: .last)],
        [.descending(\.nickname), .ascending(\.attack)],
    ]

    @Test("select and sort as the in-memory engine", arguments: conditions.indices)
    func selectsAsInMemory(_ index: Int) async throws {
        let (name, condition, expected) = Self.conditions[index]
        let selected = try condition.filter(Self.records).count
        #expect(selected == expected, "the engine: \(name)")
        try await withStore(seededWith: Self.records) { store, _ in
            let counted = try await store.count(where: condition)
            #expect(counted == expected, "count: \(name)")
            for (sort, keys) in Self.sorts.enumerated() {
                let query = RecordQuery(where: condition, sortedBy: keys)
                let truth = try query.apply(to: Self.records).map(\.id)
                let fetched = try await store.fetch(query).map(\.id)
                #expect(fetched == truth, "\(name), sort \(sort)")
            }
        }
    }

    /// The collation compares ASCII texts by their bytes, eight at a time for the check that
    /// both are ASCII: texts that share prefixes longer than a word, that differ in their last
    /// byte or only in length, and that hold a non-ASCII scalar before, at or after a word's
    /// end sort as in memory.
    @Test("texts that share long prefixes sort as the in-memory engine")
    func longPrefixesSortAsInMemory() async throws {
        let prefix = String(repeating: "x", count: 15)
        let names = [
            prefix, prefix + "a", prefix + "b", prefix + "B", prefix + "ab", "", "x", "xxxxxxx",
            "xxxxxxxx", "xxxxxxxxy", prefix + "\u{E9}", prefix + "e\u{301}", "xxxxxxx\u{E9}x",
            "\u{E9}" + prefix, prefix + "\u{7F}", prefix + "~", prefix + prefix + "z",
        ]
        let records = names.enumerated().map { index, name in
            ConformanceRecord(id: 100 - index, name: name, attack: index % 4)
        }
        try await withStore(seededWith: records) { store, _ in
            for keys: [SortKey<ConformanceRecord>] in [
                [.ascending(\.name)], [.descending(\.name)],
                [.ascending(\.attack), .descending(\.name)],
            ] {
                let query = RecordQuery<ConformanceRecord>(sortedBy: keys)
                let truth = try query.apply(to: records).map(\.name)
                #expect(try await store.fetch(query).map(\.name) == truth, "\(keys)")
            }
            let below = records.filter { $0.name < prefix + "b" }.count
            #expect(try await store.count(where: \.name < prefix + "b") == below)
        }
    }

    /// Element equality with an ASCII operand compares bytes in SQL (no collation call for
    /// each element) unless the operand holds `K`, `;` or `` ` ``, whose look-alikes (KELVIN
    /// SIGN, GREEK QUESTION MARK, GREEK VARIA) are canonically equivalent to them.
    @Test("element equality compares bytes only where bytes mean what Swift means")
    func elementEqualityAsBytes() async throws {
        let records = [
            ConformanceRecord(id: 1, name: "a", attack: 1, tags: ["\u{212A}elvin", "fire"]),
            ConformanceRecord(id: 2, name: "b", attack: 2, tags: ["Kelvin"]),
            ConformanceRecord(id: 3, name: "c", attack: 3, tags: ["a\u{37E}", "a\u{1FEF}"]),
            ConformanceRecord(id: 4, name: "d", attack: 4, tags: ["a;", "fire\u{301}"]),
            ConformanceRecord(id: 5, name: "e", attack: 5, tags: ["a`", "Fire"]),
        ]
        let cases: [(Condition<ConformanceRecord>, [Int], collated: Bool)] = [
            (.contains(\.tags, "fire"), [1], false),
            (.contains(\.tags, "Kelvin"), [1, 2], true),
            (.containsAny(\.tags, of: ["a;", "zzz"]), [3, 4], true),
            (.anyElement(\.tags, where: \String.self == "a`"), [3, 5], true),
            (.anyElement(\.tags, where: \String.self != "fire"), [1, 2, 3, 4, 5], false),
            (.containsAny(\.tags, of: ["Fire", "a"]), [5], false),
            (.contains(\.tags, "fir\u{E9}"), [4], true),
        ]
        let options = SQLOptions(
            dateStorage: .secondsSinceReferenceDate, textFunctions: SQLTextFunctions())
        try await withStore(seededWith: records) { store, _ in
            for (index, (condition, expected, collated)) in cases.enumerated() {
                #expect(try condition.filter(records).map(\.id) == expected, "engine \(index)")
                let fetched = try await store.fetch(
                    RecordQuery(where: condition, sortedBy: [.ascending(\.id)]))
                #expect(fetched.map(\.id) == expected, "condition \(index)")
                let sql = try condition.sqlExpression(options: options).sql
                #expect(sql.contains("COLLATE") == collated, "condition \(index): \(sql)")
            }
        }
    }

    /// Regression: elements holding NUL are tested whole.
    ///
    /// SQLite's JSON functions end a string at NUL, so a stored tag `"x\0y"` was tested as
    /// `"x"` by element conditions. Found by the differential conformance check.
    @Test("elements holding NUL are tested whole, as in memory")
    func elementsHoldingNUL() async throws {
        let records = [
            ConformanceRecord(id: 1, name: "a", attack: 1, tags: ["x\u{0}y"]),
            ConformanceRecord(id: 2, name: "b", attack: 2, tags: ["x"]),
            ConformanceRecord(id: 3, name: "c", attack: 3, tags: []),
        ]
        let conditions: [Condition<ConformanceRecord>] = [
            .anyElement(\.tags, where: .matches(\String.self, "[a-z]*")),
            .anyElement(\.tags, where: \String.self == "x"),
            .contains(\.tags, "x"),
            .noElement(\.tags, where: .hasSuffix(\String.self, "x")),
            .everyElement(\.tags, where: \String.self <= "x"),
        ]
        try await withStore(seededWith: records) { store, _ in
            for (index, condition) in conditions.enumerated() {
                let truth = try condition.filter(records).map(\.id)
                let fetched = try await store.fetch(RecordQuery(where: condition)).map(\.id)
                let counted = try await store.count(where: condition)
                #expect(fetched == truth, "condition \(index)")
                #expect(counted == truth.count, "count of condition \(index)")
            }
            // Without NUL in any record, element conditions run in SQLite again.
            try await store.delete(id: 1)
            let truth = try conditions[0].filter(Array(records.dropFirst())).map(\.id)
            let fetched = try await store.fetch(RecordQuery(where: conditions[0])).map(\.id)
            #expect(fetched == truth)
        }
    }

    /// The readers keep whether a record holds NUL until the database changes: a record
    /// holding NUL written after a query that found none is tested whole.
    @Test("an element holding NUL written after a query is tested whole")
    func elementHoldingNULWrittenLater() async throws {
        let records = [
            ConformanceRecord(id: 1, name: "a", attack: 1, tags: ["x"]),
            ConformanceRecord(id: 2, name: "b", attack: 2, tags: []),
        ]
        let condition = Condition<ConformanceRecord>.anyElement(
            \.tags, where: .hasSuffix(\String.self, "y"))
        try await withStore(seededWith: records) { store, _ in
            // Once on each reader, which then knows that no record holds NUL.
            for _ in 0..<4 {
                #expect(try await store.fetch(RecordQuery(where: condition)).isEmpty)
            }
            let later = ConformanceRecord(id: 3, name: "c", attack: 3, tags: ["x\u{0}y"])
            try await store.upsert(later)
            let all = records + [later]
            let truth = try condition.filter(all).map(\.id)
            #expect(truth == [3])
            for _ in 0..<4 {
                let fetched = try await store.fetch(RecordQuery(where: condition)).map(\.id)
                #expect(fetched == truth)
                #expect(try await store.count(where: condition) == truth.count)
            }
        }
    }
}
