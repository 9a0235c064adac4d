import Foundation

/// One column of a table the SQL renderer reads a model from: the attribute's name, the type
/// to declare, and how a record's value is stored in it.
///
/// A model's columns are ``Queryable/sqlColumns()``: a table made from them and filled with
/// ``value(in:options:)`` follows the conventions of ``SQLOptions``, so every condition the
/// renderer renders selects from it exactly what it selects in memory.
///
/// ```swift
/// let columns = Pokemon.sqlColumns()
/// let definitions = columns.map { "\"\($0.name)\" \($0.declaredType)" }
/// // "id" INTEGER, "name" TEXT, "types" TEXT, "hp" INTEGER, …
/// let row = columns.map { $0.value(in: pikachu) }
/// // [.integer(25), .text("pikachu"), .text("[\"electric\"]"), .integer(35), …]
/// ```
public struct SQLColumn<Model>: Sendable {
    /// The column's name: the attribute's name, with a nested attribute's names joined by
    /// dots (`session.name`).
    public let name: String

    /// The type to declare the column with: `INTEGER`, `REAL`, `TEXT` or `BLOB`, or empty
    /// for a value whose storage depends on the value (a 64-bit unsigned integer, whose
    /// values above `Int64.max` are text).
    public let declaredType: String

    /// The attribute, from the model.
    let keyPath: AttributeKeyPath

    /// Reads the attribute's value through its typed key path, when it has a query
    /// representation: without the dynamic casts of reading through `keyPath`, which cost
    /// more than the rest of storing a record.
    private let reader: Reader?

    /// A typed read of a column's value; `@unchecked Sendable` as the key path it holds is
    /// immutable.
    private struct Reader: @unchecked Sendable {
        let read: (Model, SQLOptions) -> SQLBinding
    }

    init(name: String, declaredType: String, keyPath: AttributeKeyPath) {
        self.name = name
        self.declaredType = declaredType
        self.keyPath = keyPath
        func reader<Value: QueryValueConvertible>(_: Value.Type) -> Reader? {
            guard let typed = keyPath.typed(Model.self, Value.self) else { return nil }
            return Reader { record, options in
                SQLBinding(storing: record[keyPath: typed].queryValue, options: options)
            }
        }
        func listReader<List: ListAttribute>(_: List.Type) -> Reader? {
            guard let typed = keyPath.typed(Model.self, List.self),
                let write = List.queryValueWriter()
            else { return nil }
            return Reader { record, options in
                var json = ""
                write(record[keyPath: typed], options, &json)
                return .text(json)
            }
        }
        if let convertible = keyPath.valueType as? any QueryValueConvertible.Type {
            self.reader = reader(convertible)
        } else if let list = keyPath.valueType as? any ListAttribute.Type {
            self.reader = listReader(list)
        } else {
            self.reader = nil
        }
    }

    /// The type to declare the column with in a dialect.
    ///
    /// It is the dialect's ``SQLDialect/columnType(for:)`` for the attribute's ``kind``. In
    /// SQLite it is ``declaredType`` (but for a ``QueryTextConvertible`` type that is not
    /// string-backed, which ``declaredType`` leaves without a type and this declares `TEXT`);
    /// in PostgreSQL, the type the ``SQLDialect/postgreSQL`` dialect reads:
    ///
    /// | Swift value | PostgreSQL type |
    /// | --- | --- |
    /// | `Bool` | `boolean` |
    /// | integers | `bigint` (an unsigned value above `Int64.max` cannot be stored) |
    /// | `Double`, `Float`, `Date` | `double precision` |
    /// | `String`, string-backed values, `UUID`, `URL` | `text COLLATE "C"` |
    /// | `Data` | `bytea` |
    /// | arrays and sets | `jsonb` (bind ``value(in:options:)``'s JSON text with `CAST($n AS jsonb)`) |
    ///
    /// ```swift
    /// let definitions = Pokemon.sqlColumns().map {
    ///     "\"\($0.name)\" \($0.declaredType(in: .postgreSQL))"
    /// }
    /// // "id" bigint, "name" text COLLATE "C", "types" jsonb, …, "favorite" boolean
    /// ```
    ///
    /// - Parameter dialect: The SQL dialect.
    /// - Returns: The type, or an empty string for a value whose storage the dialect does not
    ///   know (SQLite then picks it by the value; PostgreSQL needs a type of your choosing).
    public func declaredType(in dialect: some SQLDialect) -> String {
        dialect.columnType(for: kind)
    }

    /// How the attribute's values are stored, whatever the dialect.
    public var kind: SQLValueKind {
        SQLValueKind(of: keyPath.valueType)
    }

    /// How a record's attribute is stored in this column.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - options: How dates are stored.
    /// - Returns: The value to bind: see ``SQLBinding/init(storing:options:)``; a collection
    ///   is JSON text, and a value of a type the renderer cannot compare is `NULL`.
    /// - Complexity: O(*n*) in the size of the attribute's value.
    public func value(in record: Model, options: SQLOptions = SQLOptions()) -> SQLBinding {
        if let reader { return reader.read(record, options) }
        guard let value = record[keyPath: keyPath.keyPath] else { return .null }
        if let convertible = value as? any QueryValueConvertible {
            return SQLBinding(storing: convertible.queryValue, options: options)
        }
        if value is any ListAttribute {
            var json = ""
            SQLStorageJSON.write(value, options: options, to: &json)
            return .text(json)
        }
        return .null
    }

    /// The type to declare for a value type.
    static func declaredType(of type: Any.Type) -> String {
        switch type {
        // Values above Int64.max are stored as text, which INTEGER affinity would turn into
        // REAL numbers that tie.
        case is UInt64.Type, is UInt.Type: return ""
        case is Bool.Type, is any FixedWidthInteger.Type: return "INTEGER"
        case is Double.Type, is Float.Type, is Date.Type: return "REAL"
        case is String.Type, is UUID.Type, is URL.Type, is any ListAttribute.Type: return "TEXT"
        case is Data.Type: return "BLOB"
        case let optional as any OptionalAttribute.Type:
            return declaredType(of: optional.wrappedType)
        case let raw as any RawRepresentable.Type:
            return declaredType(of: rawValueType(raw))
        default: return ""
        }
    }

    private static func rawValueType<Raw: RawRepresentable>(_: Raw.Type) -> Any.Type {
        Raw.RawValue.self
    }
}

/// An optional attribute, whose column is declared as its wrapped type's.
protocol OptionalAttribute {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalAttribute {
    static var wrappedType: Any.Type { Wrapped.self }
}

extension Queryable {
    /// The columns of a table that stores this model for the SQL renderer, one per attribute
    /// in the order of ``queryAttributes``.
    ///
    /// ```swift
    /// let columns = Pokemon.sqlColumns().map(\.name)
    /// // ["id", "name", "types", "hp", "attack", …, "favorite"]
    /// ```
    ///
    /// An attribute that is itself `Queryable` is flattened into its attributes' columns,
    /// named with dots (`session.name`, `session.tags`), as the renderer names them. An
    /// attribute has a column when the renderer can compare it: a ``QueryValueConvertible``
    /// value, or an array or set (stored as JSON text, with `Queryable` elements as objects
    /// keyed by attribute name). Others have none: conditions on them do not render.
    ///
    /// - Returns: The columns, with how each stores a record's value.
    /// - Complexity: O(*a*) in the number of attributes, nested ones included.
    public static func sqlColumns() -> [SQLColumn<Self>] {
        var columns: [SQLColumn<Self>] = []
        appendColumns(of: Self.self, prefix: "", path: nil, depth: 0, to: &columns)
        return columns
    }

    private static func appendColumns<Structure: Queryable>(
        of _: Structure.Type, prefix: String, path: AttributeKeyPath?, depth: Int,
        to columns: inout [SQLColumn<Self>]
    ) {
        for entry in Structure.queryAttributes.entries {
            let own = AttributeKeyPath(entry.keyPath)
            var keyPath = own
            if let path {
                guard let joined = path.appending(own) else { continue }
                keyPath = joined
            }
            let name = prefix + entry.name
            let valueType = own.valueType
            if valueType is any QueryValueConvertible.Type || valueType is any ListAttribute.Type {
                columns.append(
                    SQLColumn(
                        name: name, declaredType: SQLColumn<Self>.declaredType(of: valueType),
                        keyPath: keyPath))
            }
            if let nested = valueType as? any Queryable.Type,
                depth + 1 < AttributeIndex.maximumNesting
            {
                appendColumns(
                    of: nested, prefix: name + ".", path: keyPath, depth: depth + 1, to: &columns)
            }
        }
    }
}
