import Foundation

extension SQLBinding {
    /// A value as a column stores it, by the conventions of ``SQLOptions``: what a table the
    /// renderer reads must hold.
    ///
    /// ```swift
    /// SQLBinding(storing: .bool(true))                  // .integer(1)
    /// SQLBinding(storing: .bool(true), options: SQLOptions(dialect: .postgreSQL))
    ///                                                   // .boolean(true)
    /// SQLBinding(storing: .uuid(id))                    // .text(id.uuidString)
    /// SQLBinding(storing: .list([.string("fire")]))     // .text("[\"fire\"]")
    /// ```
    ///
    /// Unlike a condition's operands, which the renderer refuses where SQLite would change
    /// their meaning, every value can be stored: NaN as `NULL` (as SQLite stores it anyway), a
    /// list as the JSON array ``Queryable/sqlColumns()`` writes, and an unsigned integer above
    /// `Int64.max` (SQLite's integers are signed) as its 20 decimal digits, zero-padded, in
    /// TEXT — which SQLite orders after every number, and among themselves by value, so that
    /// comparisons with any integer a condition can bind, and sorts, keep their meaning (such
    /// a column is declared without a type, so that SQLite keeps the text as text).
    ///
    /// In the ``SQLDialect/postgreSQL`` dialect, a Boolean is ``SQLBinding/boolean(_:)``, and
    /// a list is the same JSON text, for a `jsonb` column (bind it with `CAST($n AS jsonb)`).
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - options: The dialect, and how dates are stored.
    /// - Complexity: O(*n*) in the size of the value.
    public init(storing value: QueryValue, options: SQLOptions = SQLOptions()) {
        switch value {
        case .null: self = .null
        case .bool(let value):
            self = options.dialect.booleanBinding(value)
        case .integer(let value): self = .integer(value)
        case .unsignedInteger(let value):
            if let signed = Int64(exactly: value) {
                self = .integer(signed)
            } else {
                let digits = String(value)
                self = .text(String(repeating: "0", count: 20 - digits.count) + digits)
            }
        case .double(let value): self = value.isNaN ? .null : .real(value)
        case .string(let value): self = .text(value)
        case .date(let value): self = .real(options.dateStorage.seconds(of: value))
        case .uuid(let value): self = .text(value.uuidString)
        case .url(let value): self = .text(value.absoluteString)
        case .data(let value): self = .blob(value)
        case .list:
            var json = ""
            SQLStorageJSON.write(value, options: options, to: &json)
            self = .text(json)
        }
    }
}

extension SQLOptions.DateStorage {
    /// A date as the number of seconds this storage keeps.
    func seconds(of date: Date) -> Double {
        switch self {
        case .secondsSince1970: date.timeIntervalSince1970
        case .secondsSinceReferenceDate: date.timeIntervalSinceReferenceDate
        }
    }
}

/// The JSON text a column holds for a collection, as the renderer's `json_each` and
/// `json_extract` read it: arrays of values, and an element that is itself `Queryable` as an
/// object keyed by its attribute names (a nested `Queryable` attribute as a nested object).
enum SQLStorageJSON {
    /// Writes any attribute value: a value with a query representation, a list, or a
    /// `Queryable` structure; `null` for anything else.
    static func write(_ value: Any, options: SQLOptions, depth: Int = 0, to json: inout String) {
        if let convertible = value as? any QueryValueConvertible {
            write(convertible.queryValue, options: options, to: &json)
        } else if let list = value as? any ListAttribute {
            json += "["
            for (index, element) in list.listElements.enumerated() {
                if index > 0 { json += "," }
                write(element, options: options, depth: depth + 1, to: &json)
            }
            json += "]"
        } else if let structure = value as? any Queryable,
            depth < AttributeIndex.maximumNesting
        {
            writeObject(structure, options: options, depth: depth + 1, to: &json)
        } else {
            json += "null"
        }
    }

    private static func writeObject<Structure: Queryable>(
        _ structure: Structure, options: SQLOptions, depth: Int, to json: inout String
    ) {
        json += "{"
        for (index, entry) in Structure.queryAttributes.entries.enumerated() {
            if index > 0 { json += "," }
            writeString(entry.name, to: &json)
            json += ":"
            write(structure[keyPath: entry.keyPath], options: options, depth: depth, to: &json)
        }
        json += "}"
    }

    /// Writes a value's query representation: numbers, strings, `true` and `false` (which
    /// SQLite reads as 1 and 0), dates as seconds, UUIDs and URLs as their text, bytes as
    /// base-64 text (JSON has no bytes; the renderer refuses to compare them inside JSON).
    static func write(_ value: QueryValue, options: SQLOptions, to json: inout String) {
        switch value {
        case .null: json += "null"
        case .bool(let value): json += value ? "true" : "false"
        case .integer(let value): json += String(value)
        case .unsignedInteger(let value): json += String(value)
        case .double(let value): writeNumber(value, to: &json)
        case .string(let value): writeString(value, to: &json)
        case .date(let value): writeNumber(options.dateStorage.seconds(of: value), to: &json)
        case .uuid(let value): writeString(value.uuidString, to: &json)
        case .url(let value): writeString(value.absoluteString, to: &json)
        case .data(let value): writeString(value.base64EncodedString(), to: &json)
        case .list(let values):
            json += "["
            for (index, element) in values.enumerated() {
                if index > 0 { json += "," }
                write(element, options: options, to: &json)
            }
            json += "]"
        }
    }

    /// A number as JSON writes it, in the shortest form that reads back as the same `Double`;
    /// infinities as `±9e999`, which SQLite reads as infinite, and NaN as `null`, as SQLite
    /// stores it.
    private static func writeNumber(_ value: Double, to json: inout String) {
        if value.isNaN {
            json += "null"
        } else if value.isInfinite {
            json += value < 0 ? "-9e999" : "9e999"
        } else {
            json += String(describing: value)
        }
    }

    /// A string in double quotes, with quotes, backslashes and control characters escaped.
    static func writeString(_ text: String, to json: inout String) {
        json += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: json.unicodeScalars.append(scalar)
            }
        }
        json += "\""
    }
}
