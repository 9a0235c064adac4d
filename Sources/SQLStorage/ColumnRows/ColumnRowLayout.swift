import Foundation
import KeyPathQuery
import ModelStorage

/// How a table keeps a model's records in their attribute columns alone, with no JSON beside
/// them: the rows a SQL backend writes with an empty `_record` and reads back through a
/// ``ColumnRecordDecoder``.
///
/// A model's table has one when every attribute is text, an integer, a floating-point number
/// or a Boolean (``SQLValueKind/text``, ``SQLValueKind/integer``, ``SQLValueKind/real`` or
/// ``SQLValueKind/boolean``; dates included). A record of such a model is written to its
/// columns alone when they hold it (``ColumnRow/holdsRecord(_:columns:bindings:)``); any
/// other record of it keeps its JSON, row by row.
///
/// Such a row's `_record` is its ``marker``: empty, or, for a model with Booleans, `!` and a
/// JSON array of the Boolean columns' names. SQLite stores a Boolean as 0 or 1, and a schema
/// migration reads a row's values without the model that wrote them
/// (``json(fromColumns:values:marker:)``): the marker says which integers are Booleans. No
/// record's JSON starts with `!`, so a reader tells the two apart by the first byte
/// (``isMarker(_:)``).
///
/// ```swift
/// let rows = ColumnRowLayout(columns: Form.sqlColumns())   // id, name, attack, speciesID
/// rows?.holds(form, in: bindings)                           // true: `_record` is ''
/// ColumnRowLayout(columns: Species.sqlColumns())?.marker    // !["isLegendary"]
/// ```
package struct ColumnRowLayout: Sendable {
    /// The attribute columns' names, in the table's order.
    package let names: [String]
    /// What a row kept in its columns holds as its `_record`: empty, or `!` and a JSON
    /// array of the names of the columns that hold Booleans.
    package let marker: String
    private let decoder: ColumnRecordDecoder

    /// The layout of a model's rows, or `nil` when some attribute is not text, an integer,
    /// a floating-point number or a Boolean.
    ///
    /// - Parameter columns: The model's attribute columns (`Queryable.sqlColumns()`).
    package init?<Model>(columns: [SQLColumn<Model>]) {
        let scalars: [SQLValueKind] = [.text, .integer, .real, .boolean]
        let kinds = columns.map { $0.kind }
        guard !columns.isEmpty, kinds.allSatisfy({ scalars.contains($0) }) else { return nil }
        names = columns.map { $0.name }
        decoder = ColumnRecordDecoder(columns: names)
        let booleans = zip(names, kinds).filter { $0.1 == .boolean }.map { JSONValue.string($0.0) }
        guard !booleans.isEmpty,
            let list = try? JSONEncoder().encode(JSONValue.array(booleans))
        else {
            marker = ""
            return
        }
        marker = "!" + String(decoding: list, as: UTF8.self)
    }

    /// Whether a row's `_record` is a marker of a row kept in its columns (``marker``), not
    /// JSON: empty, or starting with `!`.
    ///
    /// - Parameter stored: The row's `_record`, UTF-8.
    /// - Returns: `true` for a marker.
    package static func isMarker(_ stored: UnsafeRawBufferPointer) -> Bool {
        stored.first.map { $0 == UInt8(ascii: "!") } ?? true
    }

    /// Whether a record's row may leave `_record` empty: the record encodes flat, and the
    /// columns bound for it hold exactly its values.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - bindings: The value bound for each attribute column, in ``names``' order.
    /// - Returns: `true` when the row may leave `_record` to its ``marker``.
    package func holds(_ record: some Encodable, in bindings: [SQLBinding]) -> Bool {
        guard let (keys, values) = ColumnRecordEncoder.keysAndValues(of: record) else {
            return false
        }
        return ColumnRow.holdsRecord(
            keys: keys, values: values, columns: names, bindings: bindings)
    }

    /// Decodes a record from a row's attribute columns.
    ///
    /// - Parameters:
    ///   - values: The row's attribute columns, in ``names``' order.
    ///   - table: The model's table, for errors.
    ///   - store: The file or database, for errors.
    ///   - row: Which row it is, for errors; made only for an error.
    /// - Returns: The record.
    /// - Throws: `StoreError/corruptFile(at:problem:location:)` when the columns do not
    ///   decode as the model, naming the store, the table and the row.
    package func record<Model: StorableModel>(
        from values: [SQLBinding], table: ModelTable<Model>, store: StoreLocation,
        row: @autoclosure () -> String
    ) throws(StoreError) -> Model {
        do {
            return try decoder.decode(Model.self, from: values)
        } catch {
            throw table.undecodableRow(row(), store: store, from: "its columns", error: error)
        }
    }

    /// The JSON a row stored in its columns stands for.
    ///
    /// It is an object of the row's non-`NULL` columns: integers as integers (0 and 1 as
    /// Booleans in the columns its marker names), floating-point numbers as numbers and text
    /// as strings. A schema migration reads it as the row's `_record`
    /// (`StorableModel.migrated(fromJSON:schemaVersion:)`).
    ///
    /// - Parameters:
    ///   - names: The columns' names, as the table that holds the row has them.
    ///   - values: The row's value in each.
    ///   - marker: The row's `_record` (``marker``).
    /// - Returns: The JSON, or `nil` when a column holds bytes or a Boolean column another
    ///   number, or the marker is not one, which no row kept in its columns has.
    package static func json(
        fromColumns names: [String], values: [SQLBinding], marker: Data
    ) -> Data? {
        var booleans: Set<String> = []
        if !marker.isEmpty {
            guard marker.first == UInt8(ascii: "!"),
                case .array(let list) = try? JSONDecoder().decode(
                    JSONValue.self, from: marker.dropFirst())
            else { return nil }
            for case .string(let name) in list { booleans.insert(name) }
        }
        var members: [String: JSONValue] = [:]
        for (name, value) in zip(names, values) {
            switch value {
            case .null: continue
            case .integer(let number) where booleans.contains(name):
                guard number == 0 || number == 1 else { return nil }
                members[name] = .bool(number == 1)
            case .integer(let number): members[name] = .integer(number)
            case .boolean(let flag): members[name] = .bool(flag)
            case .real(let number): members[name] = .double(number)
            case .text(let text): members[name] = .string(text)
            case .blob: return nil
            }
        }
        return try? JSONEncoder().encode(JSONValue.object(members))
    }
}
