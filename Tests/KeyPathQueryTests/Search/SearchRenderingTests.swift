import Foundation
import Testing

@testable import KeyPathQuery

/// A search renders as SQL against a token table that `SQLTables` names
/// (`SQLSearchIndex`): one range of tokens for each of the search's tokens, all required.
@Suite("Text search: rendered against a token table")
struct SearchRenderingTests {
    static func options(dialect: any SQLDialect = .sqlite) -> SQLOptions {
        var options = SQLOptions(dialect: dialect)
        options.tables.add(SearchedEntry.self, name: "entry", keyColumn: "_key")
        options.tables.addSearchIndex(
            SearchedEntry.self,
            SQLSearchIndex(table: "entry__search", keyColumn: "_key", attributes: ["text", "tags"]))
        return options
    }

    @Test("each token is a range of the token table, and every one is required")
    func rendersRanges() throws {
        let condition: Condition<SearchedEntry> = .search(
            [\.text, \.tags], for: try TextSearch("Fire 放射"))
        let fragment = try condition.sqlExpression(options: Self.options())
        let one =
            "\"_key\" IN (SELECT \"entry__search\".\"_key\" FROM \"entry__search\" WHERE "
            + "\"entry__search\".\"token\" >= ? AND \"entry__search\".\"token\" < ? AND "
            + "\"entry__search\".\"attribute\" IN (?, ?))"
        #expect(fragment.sql == one + " AND " + one + " AND " + one)
        #expect(
            fragment.bindings == [
                .text("fire"), .text("firf"), .text("text"), .text("tags"),
                .text("放射"), .text("放尅"), .text("text"), .text("tags"),
                .text("射"), .text("尅"), .text("text"), .text("tags"),
            ])
        // Negated: NOT of the whole conjunction, which is never NULL.
        let negated = try (!condition).sqlExpression(options: Self.options())
        #expect(negated.sql == "NOT (" + fragment.sql + ")")
        // PostgreSQL compares the tokens byte by byte, with numbered placeholders.
        let postgres = try Condition<SearchedEntry>.search(\.text, for: try TextSearch("fire"))
            .sqlExpression(options: Self.options(dialect: .postgreSQL))
        #expect(
            postgres.sql
                == "\"_key\" IN (SELECT \"entry__search\".\"_key\" FROM \"entry__search\" "
                + "WHERE \"entry__search\".\"token\" COLLATE \"C\" >= $1 AND "
                + "\"entry__search\".\"token\" COLLATE \"C\" < $2 AND "
                + "\"entry__search\".\"attribute\" = $3)")
    }

    @Test("an attribute the table does not keep, or a list's elements, are still refused")
    func refusesTheRest() throws {
        let search = try TextSearch("fire")
        let refused: [Condition<SearchedEntry>] = [
            .search(\.note, for: search), .search([\.text, \.note], for: search),
            .anyElement(\.tags, where: .search(\.self, for: search)),
        ]
        for condition in refused {
            #expect {
                _ = try condition.sqlExpression(options: Self.options())
            } throws: { ($0 as? QueryError)?.code == .unsupported }
        }
        #expect(
            try Condition<SearchedEntry>.search([], for: search).sqlExpression(
                options: Self.options()
            ).bindings.isEmpty)
    }

    @Test("the upper bound of a prefix is the next text after every text it begins")
    func upperBounds() {
        #expect(SQLSearchIndex.upperBound(ofPrefix: "abc") == "abd")
        #expect(SQLSearchIndex.upperBound(ofPrefix: "a\u{D7FF}") == "a\u{E000}")
        #expect(SQLSearchIndex.upperBound(ofPrefix: "a\u{10FFFF}") == "b")
        #expect(SQLSearchIndex.upperBound(ofPrefix: "\u{10FFFF}") == nil)
        // Every text a prefix begins lies below the bound, byte by byte.
        for token in ["fire", "放射", "straße", "ab\u{FFFF}"] {
            guard let upper = SQLSearchIndex.upperBound(ofPrefix: token) else { continue }
            for extended in [token, token + "z", token + "\u{10FFFF}", token + "射"] {
                #expect(Array(extended.utf8).lexicographicallyPrecedes(Array(upper.utf8)))
                #expect(!Array(extended.utf8).lexicographicallyPrecedes(Array(token.utf8)))
            }
            #expect(!upper.hasPrefix(token))
        }
    }
}
