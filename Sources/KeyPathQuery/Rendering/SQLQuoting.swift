/// Text between SQL quotes, each quote inside it doubled: how SQLite, PostgreSQL and the SQL
/// standard read an identifier (`"…"`) and a string literal (`'…'`).
///
/// ```swift
/// SQLQuoting.quoted(#"my "table""#, in: "\"")   // "my ""table"""
/// SQLQuoting.quoted("$.name", in: "'")           // '$.name'
/// ```
///
/// Written over the text's scalars rather than with Foundation's `replacingOccurrences`, which
/// goes through `NSString`: a database quotes every name of every table it opens and of every
/// condition it renders, and text without a quote, nearly all of it, is copied once. A quote
/// is doubled wherever it stands, even where a combining mark makes it part of a larger
/// character: SQL reads scalars, not characters.
package enum SQLQuoting {
    /// The text between two quotes, each quote inside it doubled.
    ///
    /// - Parameters:
    ///   - text: The text, unquoted.
    ///   - quote: The quote: `"` for an identifier, `'` for a string literal.
    /// - Returns: The text, quoted.
    package static func quoted(_ text: String, in quote: Unicode.Scalar) -> String {
        // Text without the quote, nearly all of it, is copied whole; an ASCII quote is one
        // UTF-8 byte, so its absence is a byte search.
        if quote.isASCII, !text.utf8.contains(UInt8(truncatingIfNeeded: quote.value)) {
            let mark = String(quote)
            return mark + text + mark
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(quote)
        for scalar in text.unicodeScalars {
            scalars.append(scalar)
            if scalar == quote { scalars.append(quote) }
        }
        scalars.append(quote)
        return String(scalars)
    }
}
