import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLStorage
import Testing

@testable import PostgresStorage

/// Which text SQL compares exactly as Swift does, and which queries therefore run in SQL
/// rather than in memory.
@Suite("Exact text and the SQL path")
struct ExactTextTests {
    typealias Layout = TableLayout<ConformanceRecord>

    @Test(
        "text already in NFC with one code point per character is exact",
        arguments: [
            "", "abc", "\u{E9}", "stra\u{DF}e", "\u{1F409}x", "\u{FB01}", "O'Brien %_*?",
            "a\rb\nc\n\r", "\u{7F}\t",
        ])
    func exact(_ text: String) {
        #expect(Layout.exactText(text) == text)
    }

    @Test(
        "text not in NFC, with a character of several code points, or with NUL is not",
        arguments: [
            "e\u{301}", "nai\u{308}ve", "q\u{301}", "\u{1F1EB}\u{1F1F7}", "\r\n", "x\0y",
            "line\r\nbreak", "\0", "abc\u{301}",
        ])
    func inexact(_ text: String) {
        #expect(Layout.exactText(text) == nil)
    }

    @Test(
        "a query with exact operands is planned in SQL; a decomposed operand or `matches` in memory"
    )
    func planning() throws {
        let layout = try Layout()
        let plain = RecordQuery<ConformanceRecord>(
            where: \.name == "caf\u{E9}" && \.attack > 3, sortedBy: [.ascending(\.name)],
            limit: 2)
        guard case .sql(let clauses, let fallback) = try layout.plan(for: plain) else {
            Issue.record("a query with exact operands is not planned in SQL")
            return
        }
        #expect(clauses.sql.contains("$1") && clauses.sql.contains("LIMIT $3"))
        #expect(fallback != nil)
        for query in [
            RecordQuery<ConformanceRecord>(where: \.name == "cafe\u{301}"),
            RecordQuery<ConformanceRecord>(where: .matches(\.name, "c.*")),
        ] {
            guard case .memory = try layout.plan(for: query) else {
                Issue.record("\(query) is not planned in memory")
                continue
            }
        }
    }

    @Test("a row is inexact when an attribute holds text SQL cannot compare exactly")
    func rows() throws {
        let layout = try Layout()
        let encoder = SQLRecordEncoder()
        let plain = try layout.row(
            of: ConformanceRecord(id: 1, name: "caf\u{E9}", attack: 1, tags: ["a"]), version: 1,
            encoder: encoder)
        #expect(plain[3] == .boolean(true))
        let decomposed = try layout.row(
            of: ConformanceRecord(id: 2, name: "cafe\u{301}", attack: 1), version: 1,
            encoder: encoder)
        #expect(decomposed[3] == .boolean(false))
        let inTags = try layout.row(
            of: ConformanceRecord(id: 3, name: "x", attack: 1, tags: ["x\0y"]), version: 1,
            encoder: encoder)
        #expect(inTags[3] == .boolean(false))
    }
}
