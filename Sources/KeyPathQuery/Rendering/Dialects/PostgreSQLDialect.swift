/// PostgreSQL 12 or later, on a database whose encoding is UTF-8: ``SQLDialect/postgreSQL``.
///
/// `$n` placeholders; Booleans are `boolean`; text is compared and sorted with `COLLATE "C"`,
/// which orders by UTF-8 bytes as memory orders text in normalization form C, and makes
/// `lower()` lower ASCII letters only; arrays and sets are `jsonb` arrays: membership is
/// `@>`, counts `jsonb_array_length`, and conditions on elements read
/// `jsonb_array_elements`, each element cast back to its attribute's type.
///
/// ```swift
/// let options = SQLOptions(dialect: .postgreSQL)
/// let fragment = try (\Pokemon.attack >= 80 && \.favorite == true).sqlExpression(
///     options: options)
/// fragment.sql         // "attack" >= $1 AND "favorite" = $2
/// fragment.bindings    // [.integer(80), .boolean(true)]
/// ```
public struct PostgreSQLDialect: SQLDialect {
    /// The PostgreSQL dialect.
    public init() {}

    /// `PostgreSQL`.
    public var name: String { "PostgreSQL" }

    /// `$1`, `$2` and so on.
    public func bindPlaceholder(at position: Int) -> String { "$\(position)" }

    /// Why PostgreSQL cannot express it with the in-memory meaning.
    public func reason(for refusal: SQLRefusal) -> String {
        switch refusal {
        case .notANumber:
            "PostgreSQL's NaN equals itself and sorts above every number, where memory's NaN "
                + "compares false with everything."
        case .integerAboveInt64Max: "PostgreSQL's bigint is signed 64-bit."
        case .nulInJSON: "PostgreSQL's jsonb cannot hold \\u0000."
        case .diacriticFolding:
            "PostgreSQL has no accent removal that equals the in-memory folding (unaccent is "
                + "an extension, with rules of its own)."
        case .caseFoldingOutsideASCII:
            "PostgreSQL's lower() follows the collation's locale, not Unicode case folding; "
                + "under COLLATE \"C\" it lowers ASCII letters only, and the operand holds "
                + "characters outside ASCII."
        case .foldedSort:
            "PostgreSQL's lower() and ILIKE follow the collation's locale, not Unicode case "
                + "folding, and nothing folds diacritics as memory does; sort exactly, or in "
                + "memory."
        default: refusal.defaultReason(in: name)
        }
    }

    /// `bigint`, `double precision`, `text COLLATE "C"`, `boolean`, `bytea` or `jsonb`
    /// (bind a collection's JSON text with `CAST($n AS jsonb)`); empty for a type the
    /// renderer cannot compare.
    public func columnType(for kind: SQLValueKind) -> String {
        switch kind {
        case .text: "text COLLATE \"C\""
        case .integer, .unsignedInteger: "bigint"
        case .real: "double precision"
        case .boolean: "boolean"
        case .bytes: "bytea"
        case .jsonArray: "jsonb"
        default: ""
        }
    }

    /// `COLLATE "C"`: UTF-8 bytes.
    public var textCollation: String? { "COLLATE \"C\"" }

    /// Standard SQL's calls, but for the minimum and maximum of Booleans, which PostgreSQL
    /// orders with `bool_and` and `bool_or` (it has no `min(boolean)`).
    ///
    /// - Parameters:
    ///   - function: The function.
    ///   - argument: The expression, quoted and collated.
    ///   - kind: How the expression's values are stored.
    /// - Returns: The call.
    public func aggregateCall(
        _ function: AggregateFunction, of argument: String, kind: SQLValueKind
    ) -> String {
        switch (function, kind) {
        case (.minimum, .boolean): "bool_and(\(argument))"
        case (.maximum, .boolean): "bool_or(\(argument))"
        case (.count, _): "count(\(argument))"
        case (.sum, _): "sum(\(argument))"
        case (.average, _): "avg(\(argument))"
        case (.minimum, _): "min(\(argument))"
        case (.maximum, _): "max(\(argument))"
        }
    }

    /// `strpos(text, ?) > 0`.
    public func textContains(_ subject: String, operand: String) throws(QueryError) -> SQLFragment {
        SQLFragment(sql: "strpos(\(subject), ?) > 0", bindings: [.text(operand)])
    }

    /// `starts_with(text, ?)`.
    public func textHasPrefix(_ subject: String, operand: String) throws(QueryError) -> SQLFragment
    {
        SQLFragment(sql: "starts_with(\(subject), ?)", bindings: [.text(operand)])
    }

    /// `right(text, char_length(?)) = ?`: UTF-8 is self-synchronizing, so the text ends with
    /// the operand's bytes exactly when its last characters, as many as the operand has, are
    /// the operand.
    public func textHasSuffix(_ subject: String, operand: String) throws(QueryError) -> SQLFragment
    {
        SQLFragment(
            sql: "right(\(subject), char_length(?)) = ?",
            bindings: [.text(operand), .text(operand)])
    }

    /// `jsonb_array_elements(array) AS alias(value)`.
    public func jsonArrayElements(_ array: String, as alias: String) -> String {
        "jsonb_array_elements(\(array)) AS \(alias)(value)"
    }

    /// The element (or its attribute, `element -> 'name'`) as text, `(… #>> '{}')`, cast to
    /// the kind's type: `numeric` for integers, `double precision`, `boolean`, or text with
    /// `COLLATE "C"`; a collection or bytes stays `jsonb`.
    ///
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` for a name holding NUL,
    ///   which a PostgreSQL string cannot hold.
    public func jsonElement(_ element: String, path: [String], as kind: SQLValueKind)
        throws(QueryError) -> String
    {
        var json = element
        if !path.isEmpty {
            var keys: [String] = []
            for component in path {
                guard !component.unicodeScalars.contains("\0") else {
                    throw .unsupported(
                        operation: "the attribute \"\(path.joined(separator: "."))\" inside JSON",
                        target: .sql, reason: "a PostgreSQL string cannot hold NUL.")
                }
                keys.append(literal(component))
            }
            json = "(" + json + " -> " + keys.joined(separator: " -> ") + ")"
        }
        let text = "(\(json) #>> '{}')"
        return switch kind {
        case .text: text + " COLLATE \"C\""
        case .integer, .unsignedInteger: "CAST(\(text) AS numeric)"
        case .real: "CAST(\(text) AS double precision)"
        case .boolean: "CAST(\(text) AS boolean)"
        default: json
        }
    }

    /// `jsonb_array_length(array)`.
    public func jsonArrayLength(_ array: String) -> String {
        "jsonb_array_length(\(array))"
    }

    /// `array @> CAST(? AS jsonb)`.
    public func jsonArrayContainment(_ array: String) -> String? {
        array + " @> CAST(? AS jsonb)"
    }
}
