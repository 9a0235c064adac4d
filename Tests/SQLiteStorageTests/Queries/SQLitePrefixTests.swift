import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import PokedexKit
import SQLiteStorage
import TestSupport
import Testing

/// `hasPrefix` on an indexed text column looks its candidates up in the column's index (a
/// range in the store's collation), and still selects exactly what memory selects.
@Suite("SQLiteStore prefix lookups")
struct SQLitePrefixTests {
    /// Names around the prefixes' bounds: ASCII neighbours, a DEL, text outside ASCII and
    /// not in normalization form C, a combining mark that joins the prefix's last character,
    /// and NUL.
    static let names = [
        "char", "charmander", "charizard", "Char", "chas", "chaq", "chaR", "cha", "ch",
        "char\u{301}", "chare\u{301}", "char\u{E9}", "cha\u{301}r", "ch\u{E4}r", "cha\u{7F}",
        "char\u{7F}", "chas\u{0}", "char\u{0}x", "\u{7F}", "\u{7F}\u{7F}a", "a\u{7F}", "b",
        "e\u{301}clair", "\u{E9}clair", "eclair", "", "\r\nx", "\rx",
    ]

    static let records = names.enumerated().map { index, name in
        ConformanceRecord(id: 100 - index, name: name, attack: index % 4)
    }

    static let prefixes = [
        "char", "cha", "c", "chas", "Char", "char\u{0}", "cha\u{7F}", "\u{7F}", "a\u{7F}",
        "e", "\r", "\r\n", "zzz",
    ]

    @Test("selects what memory selects, alone, inside && and under !", arguments: prefixes)
    func selectsAsInMemory(_ prefix: String) async throws {
        let conditions: [Condition<ConformanceRecord>] = [
            .hasPrefix(\.name, prefix),
            .hasPrefix(\.name, prefix) && \.attack < 3,
            !.hasPrefix(\.name, prefix),
            .hasPrefix(\.name, prefix) || \.attack == 1,
        ]
        try await withStore(seededWith: Self.records) { store, _ in
            for condition in conditions {
                let truth = try condition.filter(Self.records).map(\.id)
                let fetched = try await store.fetch(RecordQuery(where: condition)).map(\.id)
                #expect(fetched == truth, "\(condition)")
                #expect(try await store.count(where: condition) == truth.count, "\(condition)")
            }
        }
    }

    @Test("every prefix above finds something in memory, so the checks are not vacuous")
    func prefixesFindRecords() throws {
        let found = try Self.prefixes.filter {
            try !Condition<ConformanceRecord>.hasPrefix(\.name, $0).filter(Self.records).isEmpty
        }
        #expect(Set(found) == Set(Self.prefixes).subtracting(["zzz"]))
    }

    @Test("an exact ASCII prefix on Pokémon's name uses pokemon_name_index")
    func usesTheIndex() async throws {
        try await withStore(seededWith: SQLiteFileTests.dex) { store, url in
            #expect(
                try await store.fetch(RecordQuery(where: .hasPrefix(\.name, "ma"))).map(\.name)
                    == ["machamp"])
            let condition: Condition<Pokemon> = .hasPrefix(\.name, "char")
            let fragment = try condition.sqlExpression(
                options: SQLOptions(
                    dateStorage: .secondsSinceReferenceDate, textFunctions: SQLTextFunctions()))
            let plan = try RawDatabase(url).strings(
                "EXPLAIN QUERY PLAN SELECT \"_order\", \"_record\" FROM pokemon WHERE "
                    + fragment.sql + " ORDER BY \"_order\"",
                column: 3)
            #expect(plan.contains { $0.contains("USING INDEX pokemon_name_index") }, "\(plan)")
        }
    }
}
