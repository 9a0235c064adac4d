import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

/// SQLite answers an equality with `TextOptions` on an indexed text attribute from the
/// folded values it keeps in `<table>__search`, exactly as memory does, and one on another
/// attribute by folding each row with the registered text functions.
@Suite("SQLiteStore folded equalities")
struct SQLiteFoldedEqualityTests {
    @Test(arguments: FoldedEqualityConformance.checks + [FoldedEqualityConformance.inDatabaseCheck])
    func conformance(_ check: ConformanceCheck<FoldedName>) async throws {
        try await withTemporaryDirectory { directory in
            try await check.run {
                try await SQLiteStore<FoldedName>.open(at: directory.appending(path: "f.sqlite"))
            }
        }
    }

    /// The store's options for ``FoldedName``'s table, as the store renders with them.
    static var options: SQLOptions {
        var options = SQLOptions(
            dateStorage: .secondsSinceReferenceDate, textFunctions: SQLTextFunctions())
        options.tables.addSearchIndex(
            FoldedName.self,
            SQLSearchIndex(
                table: "folded_name__search", keyColumn: "_key", attributes: [],
                foldedAttributes: ["name", "nickname"]))
        return options
    }

    /// The `EXPLAIN QUERY PLAN` of a condition's rendering.
    static func plan(of condition: Condition<FoldedName>, at url: URL) throws -> [String] {
        try RawDatabase(url).queryPlan(
            of: condition.sqlExpression(options: options), in: "folded_name")
    }

    @Test("the query plan looks the folded value up in the token table's primary key")
    func queryPlan() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "plan.sqlite")
            let store = try await SQLiteStore<FoldedName>.open(at: url)
            try await store.upsert(contentsOf: FoldedName.samples)
            try await store.close()
            for options in SQLSearchIndex.foldingOptions {
                let plan = try Self.plan(
                    of: .equals(\.name, "GLURAK", options: options), at: url)
                #expect(
                    plan.contains {
                        $0.contains(
                            "SEARCH folded_name__search USING PRIMARY KEY (token=? AND attribute=?)"
                        )
                    }, "\(plan)")
                #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
            }
            let unindexed = try Self.plan(
                of: .equals(\.remark, "GLURAK", options: .caseInsensitive), at: url)
            #expect(unindexed.contains { $0.hasPrefix("SCAN folded_name") }, "\(unindexed)")
        }
    }

    @Test("each record's folded values are its current name's, after updates and deletions")
    func foldedValuesStayExact() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "values.sqlite")
            let store = try await SQLiteStore<FoldedName>.open(at: url)
            try await store.upsert(contentsOf: FoldedName.samples)
            try await store.upsert(FoldedName(id: 8, name: "Flabébé", nickname: nil))
            try await store.delete(id: 9)
            try await store.close()
            let raw = try RawDatabase(url)
            let values = try raw.strings(
                "SELECT attribute || ':' || token FROM folded_name__search WHERE _key = 8 "
                    + "ORDER BY attribute")
            #expect(values == ["name[c]:flabébé", "name[cd]:flabebe", "name[d]:Flabebe"])
            #expect(
                try raw.strings("SELECT count(*) FROM folded_name__search WHERE _key = 9")
                    == ["0"])
            let straße = try raw.strings(
                "SELECT attribute || ':' || token FROM folded_name__search WHERE _key = 7 "
                    + "ORDER BY attribute")
            #expect(straße == ["name[c]:strasse", "name[cd]:strasse", "name[d]:STRASSE"])
        }
    }

    @Test("a database written before folded values were kept answers alike, and gains them")
    func databaseWithoutFoldedValues() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "names.sqlite")
            let before = try await SQLiteStore<UnfoldedName>.open(at: url)
            try await before.upsert(contentsOf: FoldedName.samples.map(UnfoldedName.init))
            try await before.close()
            let tables = "SELECT name FROM sqlite_master WHERE name = 'folded_name__search'"
            #expect(try RawDatabase(url).strings(tables).isEmpty)

            // Read-only, the folded values are not there: each row is folded by the text
            // functions instead, with the same answers.
            let viewer = try await SQLiteStore<FoldedName>.open(at: url, options: .readOnly)
            try await FoldedEqualityConformance.expectMemoryAnswers(
                in: viewer, FoldedName.samples, "read-only, without folded values")
            try await viewer.close()
            #expect(try RawDatabase(url).strings(tables).isEmpty)

            let store = try await SQLiteStore<FoldedName>.open(at: url)
            try await FoldedEqualityConformance.expectMemoryAnswers(
                in: store, FoldedName.samples, "opened for writing, the values built")
            #expect(
                try RawDatabase(url).strings(
                    "SELECT count(*) FROM folded_name__search WHERE attribute = 'name[cd]'")
                    == ["\(FoldedName.samples.count)"])
            _ = try await store.delete(
                where: !Condition<FoldedName>.in(\.id, FoldedName.exactSamples.map(\.id)))
            try await store.close()
            try await FoldedEqualityConformance.inDatabaseCheck.run {
                try await SQLiteStore<FoldedName>.open(at: url)
            }
            #expect(
                try Self.plan(of: .equals(\.name, "straße", options: .caseInsensitive), at: url)
                    .contains { $0.contains("USING PRIMARY KEY (token=? AND attribute=?)") })
        }
    }
}
