// The PostgreSQL dialect: how attributes are read, values bound, and text and collection tests
// written, so that each keeps the in-memory meaning.
//
// Text is compared with `COLLATE "C"`, which orders by UTF-8 bytes as memory orders NFC text,
// and makes `lower()` lower ASCII letters only. Arrays and sets are `jsonb` arrays: membership
// is `@>`, counts `jsonb_array_length`, and conditions on elements read
// `jsonb_array_elements`, each element cast back to its attribute's type.

import Foundation

extension SQLConditionRenderer {
    // MARK: Attributes

    /// An attribute as PostgreSQL reads it: a column, text with `COLLATE "C"`; or, inside a
    /// `jsonb` array, the element (or its attribute) as text and cast to the attribute's type.
    /// (``column(_:in:)`` has refused the row itself.)
    func postgreSQLColumn(
        _ keyPath: AttributeKeyPath, name: String, in scope: Scope
    ) throws(QueryError) -> Column {
        let storage = PostgreSQLStorage(of: keyPath.valueType)
        switch scope {
        case .row, .table:
            var sql = try Self.quotedIdentifier(name, in: dialect)
            if case .table(let alias) = scope { sql = alias + "." + sql }
            if storage == .text { sql += " COLLATE \"C\"" }
            return Column(name: name, sql: sql, isInJSON: false)
        case .element(let alias):
            var json = alias + ".value"
            if !keyPath.isIdentity {
                var path: [String] = []
                for component in name.split(separator: ".", omittingEmptySubsequences: false) {
                    path.append(try Self.postgreSQLLiteral(String(component), of: name))
                }
                json = "(" + json + " -> " + path.joined(separator: " -> ") + ")"
            }
            let text = "(\(json) #>> '{}')"
            let sql =
                switch storage {
                case .text: text + " COLLATE \"C\""
                case .integer: "CAST(\(text) AS numeric)"
                case .double: "CAST(\(text) AS double precision)"
                case .boolean: "CAST(\(text) AS boolean)"
                case .json, .bytes, .other: json
                }
            return Column(name: name, sql: sql, isInJSON: true)
        }
    }

    /// An attribute name as a string literal, for a `jsonb` key: `'name'`, quotes doubled
    /// (the standard-conforming strings every supported PostgreSQL uses).
    private static func postgreSQLLiteral(
        _ component: String, of name: String
    ) throws(QueryError) -> String {
        guard !component.unicodeScalars.contains("\0") else {
            throw .unsupported(
                operation: "the attribute \"\(name)\" inside JSON", target: .sql,
                reason: "a PostgreSQL string cannot hold NUL.")
        }
        return SQLQuoting.quoted(component, in: "'")
    }

    // MARK: Values

    /// Text as a binding: PostgreSQL's text cannot hold NUL, so no stored value can equal
    /// such an operand, and the server would reject it.
    func postgreSQLText(_ value: String, for column: Column) throws(QueryError) -> SQLBinding {
        guard !value.unicodeScalars.contains("\0") else {
            throw .unsupported(
                operation: "text holding NUL compared with \"\(column.name)\"", target: target,
                reason: "PostgreSQL's text cannot hold NUL.")
        }
        return .text(value)
    }

    // MARK: Text

    /// A text test on a subject already folded as the options say, with the operand folded
    /// the same way.
    func postgreSQLText(
        _ operation: TextOperator, subject: String, value: String, column: Column
    ) throws(QueryError) -> Piece {
        let operand = try postgreSQLText(value, for: column)
        switch operation {
        case .contains:
            return Piece(
                sql: "strpos(\(subject), ?) > 0", bindings: [operand], mayBeNull: true)
        case .hasPrefix:
            return Piece(
                sql: "starts_with(\(subject), ?)", bindings: [operand], mayBeNull: true)
        case .hasSuffix:
            // UTF-8 is self-synchronizing: the text ends with the operand's bytes exactly when
            // its last characters, as many as the operand has, are the operand.
            return Piece(
                sql: "right(\(subject), char_length(?)) = ?", bindings: [operand, operand],
                mayBeNull: true)
        case .like:
            return Piece(
                sql: "\(subject) LIKE ? ESCAPE '\\'",
                bindings: [.text(Self.postgreSQLLikePattern(value))], mayBeNull: true)
        case .matches:
            return constant(false)  // Refused before.
        }
    }

    /// A `like` pattern (`*`, `?`, backslash escapes) as a PostgreSQL `LIKE` pattern.
    ///
    /// The escape character is `\`: `*` is `%`, `?` is `_`, and a literal `%`, `_` or `\` is
    /// escaped. A trailing lone backslash is a literal backslash, as in memory.
    static func postgreSQLLikePattern(_ pattern: String) -> String {
        var like = ""
        var escaped = false
        for scalar in pattern.unicodeScalars {
            if escaped {
                like += likeLiteral(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "*" {
                like += "%"
            } else if scalar == "?" {
                like += "_"
            } else {
                like += likeLiteral(scalar)
            }
        }
        if escaped { like += "\\\\" }
        return like
    }

    private static func likeLiteral(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "%", "_", "\\": "\\" + String(scalar)
        default: String(scalar)
        }
    }

    // MARK: Collections

    /// A collection test on a `jsonb` array: `@>` for membership, `jsonb_array_length` for
    /// counts.
    func postgreSQLCollection(
        _ column: Column, elementType: Any.Type, _ test: CollectionTest
    ) throws(QueryError) -> Piece {
        /// `"c" @> CAST(? AS jsonb)`, with the values as a JSON array of the element type,
        /// each the operand memory compares (converted to a native element type).
        func containing(_ written: [QueryValue]) throws(QueryError) -> Piece {
            let values = try RenderingChecks.operands(
                written, fitting: elementType, attribute: column.name, target: target)
            var json = "["
            for (index, element) in values.enumerated() {
                try checkJSONElement(element, column: column)
                if index > 0 { json += "," }
                SQLStorageJSON.write(element, options: options, to: &json)
            }
            json += "]"
            return Piece(
                sql: column.sql + " @> CAST(? AS jsonb)", bindings: [.text(json)],
                mayBeNull: true)
        }
        switch test {
        case .contains(let value):
            return try containing([value])
        case .containsAny(let values):
            var pieces: [Piece] = []
            for value in values {
                pieces.append(try containing([value]))
            }
            return join(pieces, keyword: "OR", empty: false)
        case .containsAll(let values):
            guard !values.isEmpty else { return constant(true) }
            return try containing(values)
        case .count(let comparison, let number):
            return Piece(
                sql: "jsonb_array_length(\(column.sql)) \(comparison.sqlSymbol) ?",
                bindings: [.integer(Int64(number))], mayBeNull: true)
        }
    }

    /// Refuses an element that a `jsonb` array cannot hold with its in-memory meaning.
    private func checkJSONElement(_ value: QueryValue, column: Column) throws(QueryError) {
        switch value {
        case .double(let number) where number.isNaN:
            throw .unsupported(
                operation: "the value NaN for an element of \"\(column.name)\"", target: target,
                reason: "JSON has no NaN, and null would match nil elements.")
        case .string(let text) where text.unicodeScalars.contains("\0"):
            throw .unsupported(
                operation: "text holding NUL compared inside the JSON of \"\(column.name)\"",
                target: target, reason: "PostgreSQL's jsonb cannot hold \\u0000.")
        case .data:
            throw .unsupported(
                operation: "bytes compared inside the JSON of \"\(column.name)\"",
                target: target,
                reason: "JSON has no bytes, and base-64 text does not order as bytes do.")
        default:
            return
        }
    }
}

/// How the PostgreSQL dialect stores a Swift type: the column type to declare, and how an
/// element of a `jsonb` array is cast back to it.
enum PostgreSQLStorage: Hashable, Sendable {
    /// `text`, compared with `COLLATE "C"`: strings, string-backed values, UUIDs, URLs.
    case text
    /// `bigint` (`numeric` inside JSON): integers.
    case integer
    /// `double precision`: `Double`, `Float` and dates.
    case double
    /// `boolean`.
    case boolean
    /// `bytea`.
    case bytes
    /// `jsonb`: arrays and sets.
    case json
    /// A type the renderer cannot compare.
    case other

    /// The storage of a type, optionals and raw values unwrapped.
    init(of type: Any.Type) {
        switch type {
        case is any QueryTextConvertible.Type, is String.Type, is UUID.Type, is URL.Type:
            self = .text
        case is Bool.Type: self = .boolean
        case is any FixedWidthInteger.Type: self = .integer
        case is Double.Type, is Float.Type, is Date.Type: self = .double
        case is Data.Type: self = .bytes
        case is any ListAttribute.Type: self = .json
        case let optional as any OptionalAttribute.Type:
            self = PostgreSQLStorage(of: optional.wrappedType)
        case let raw as any RawRepresentable.Type:
            self = PostgreSQLStorage(of: Self.rawValueType(raw))
        default: self = .other
        }
    }

    private static func rawValueType<Raw: RawRepresentable>(_: Raw.Type) -> Any.Type {
        Raw.RawValue.self
    }
}

/// Numbers the `?` placeholders of rendered SQL as PostgreSQL's `$1`, `$2` and so on.
///
/// The renderer writes no `?` but its placeholders outside quoted identifiers and string
/// literals, so each `?` outside quotes is one placeholder, in binding order.
enum PostgreSQLPlaceholders {
    /// The SQL with its placeholders numbered from `first`.
    static func number(_ sql: String, from first: Int = 1) -> String {
        var numbered = ""
        var next = first
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                numbered.append(character)
            } else if character == "\"" || character == "'" {
                quote = character
                numbered.append(character)
            } else if character == "?" {
                numbered += "$\(next)"
                next += 1
            } else {
                numbered.append(character)
            }
        }
        return numbered
    }
}
