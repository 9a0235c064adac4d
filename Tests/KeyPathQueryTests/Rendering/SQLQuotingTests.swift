import Foundation
import KeyPathQuery
import Testing

@Suite("SQL quoting")
struct SQLQuotingTests {
    @Test(
        "each quote inside is doubled, wherever it stands",
        arguments: [
            ("", "\"\""), ("pokemon", "\"pokemon\""), (#"my "table""#, #""my ""table""""#),
            ("\"", "\"\"\"\""), ("a\"\"b", "\"a\"\"\"\"b\""),
            // A combining mark makes the quote part of a larger character; SQL reads scalars.
            ("\"\u{301}x", "\"\"\"\u{301}x\""), ("pokémon 🐉", "\"pokémon 🐉\""),
        ])
    func identifiers(text: String, quoted: String) {
        #expect(
            Array(SQLQuoting.quoted(text, in: "\"").unicodeScalars) == Array(quoted.unicodeScalars))
    }

    @Test("string literals double single quotes and leave double quotes alone")
    func literals() {
        #expect(SQLQuoting.quoted("$.name", in: "'") == "'$.name'")
        #expect(SQLQuoting.quoted(#"$."it's""#, in: "'") == #"'$."it''s"'"#)
    }

    /// Foundation's `replacingOccurrences(of: "'", with: "''")`, the quoting before, matches
    /// characters: on Linux it left single a quote that a combining mark follows, and the
    /// quote then ended the identifier or literal early.
    @Test("every quote byte is doubled, for every text of up to 3 pieces")
    func everyQuoteByte() {
        let pieces = ["a", "\"", "'", "\u{301}", "é", "🐉", " ", "\0", "ß", "\r\n"]
        var texts = [""]
        var longer = [""]
        for _ in 1...3 {
            longer = longer.flatMap { text in pieces.map { text + $0 } }
            texts += longer
        }
        #expect(texts.count == 1_111)
        for text in texts {
            for quote in ["\"", "'"] as [Unicode.Scalar] {
                let byte = UInt8(ascii: quote)
                let doubled = text.utf8.flatMap { $0 == byte ? [byte, byte] : [$0] }
                let expected = [byte] + doubled + [byte]
                #expect(
                    Array(SQLQuoting.quoted(text, in: quote).utf8) == expected,
                    "\(text.debugDescription)")
            }
        }
    }
}
