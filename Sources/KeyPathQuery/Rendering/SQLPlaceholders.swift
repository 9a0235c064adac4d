/// Writes the renderer's `?` placeholders as the dialect's own
/// (``SQLDialect/bindPlaceholder(at:)``): PostgreSQL's `$1`, `$2` and so on.
///
/// The renderer and the dialects write no `?` but placeholders outside quoted identifiers and
/// string literals, so each `?` outside quotes is one placeholder, in binding order.
enum SQLPlaceholders {
    /// The SQL with its placeholders written in the dialect, counted from `first`; the SQL
    /// itself, in one comparison, for a dialect whose placeholders are `?`.
    static func number(_ sql: String, from first: Int = 1, in dialect: any SQLDialect) -> String {
        guard dialect.bindPlaceholder(at: first) != "?" else { return sql }
        let identifierQuote = Character(dialect.identifierQuote)
        var numbered = ""
        var next = first
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                numbered.append(character)
            } else if character == identifierQuote || character == "'" {
                quote = character
                numbered.append(character)
            } else if character == "?" {
                numbered += dialect.bindPlaceholder(at: next)
                next += 1
            } else {
                numbered.append(character)
            }
        }
        return numbered
    }
}
