import Foundation
import KeyPathQuery
import ModelStorage
import SQLStorage

/// How a model's records lie in their table: its name and columns, how a record becomes a
/// row and a row a record, and the statements that read and write them.
///
/// The table has four columns of the store's own, then one per mapped attribute
/// (`Queryable.sqlColumns()`, by KeyPathQuery's SQL conventions, dates as seconds since
/// 2001 as the records' JSON writes them):
///
/// | column | holds |
/// | --- | --- |
/// | `_order` | `INTEGER PRIMARY KEY`: the record's place in the store's order |
/// | `_key` | the record's id, unique: as its attribute stores it, or its JSON |
/// | `_record` | the record's JSON, what the store decodes; a marker when the attributes' columns hold the record (see below) |
/// | `_version` | the record's write version: the store's version after the commit that last inserted or updated it |
///
/// A model whose attributes are all text, integers, floating-point numbers and Booleans
/// (``ColumnRowLayout``) keeps each record that its columns hold exactly in them alone: its
/// `_record` is a marker (empty, or the Boolean columns' names after `!`), and the store
/// decodes the record from the columns. Any other record keeps its JSON.
///
/// A table written before `_version` was kept gains it when a store opens the database for
/// writing (`inspect(for:)` reports it as `withoutWriteVersions`): every record then reads as
/// written at the store's version at that moment.
final class TableLayout<Model: StorableModel>: SQLTableLayout {
    /// What every SQL backend's table of the model shares: names, keys, decoding.
    let model: ModelTable<Model>
    /// The table's name, unquoted.
    var name: String { model.name }
    /// The table's name, quoted for SQL.
    var table: String { model.table }
    /// The attributes' columns.
    var columns: [SQLColumn<Model>] { model.columns }

    // The statements run for every record are made once, in `init`: building one (quoting
    // every column's name) cost more than writing the record.

    /// Inserts a row, or replaces the one with its key in place (keeping its `_order`).
    let upsert: String
    /// Reads the `_order` of the row with a key, and for each attribute whether its column
    /// holds the value bound for it (`IS`, after the column's affinity, as storing it would
    /// convert it): attributes `?1`…`?n`, key `?n+1`.
    let unchangedColumnsByKey: String
    /// Deletes the row with a key.
    let delete: String
    /// Reads the record of the row with a key: its ``recordColumns``.
    let recordByKey: String
    /// How the model's records are kept in their columns alone, or `nil` when each keeps its
    /// JSON.
    let columnRows: ColumnRowLayout?
    /// The columns a read of a record selects, quoted and joined: `"_record"`, then the
    /// attributes' columns when records may be kept in them (see ``record(in:at:path:order:)``).
    let recordColumns: String
    /// Reads the `_order` of the row with a key.
    let orderByKey: String
    /// Reads the write version of the row with a key.
    let writeVersionByKey: String
    /// Counts the rows.
    let countAll: String
    /// The statements of the model's change history, when it declares one.
    let history: HistoryStatements?
    /// The table of the model's search tokens, when it declares searchable attributes: every
    /// write keeps it, whether or not the database's searches read it.
    let search: SearchTokenTable<Model>?
    /// How queries are rendered for the table: dates as the records' JSON stores them, and
    /// the text functions every connection registers.
    ///
    /// The tables of the database's models are named in it, so that conditions that follow a
    /// reference render as `EXISTS` on the other model's table.
    let options: SQLOptions

    /// The columns of the store's own.
    static var storeColumns: [String] { Schema.storeColumns }

    /// The column of each record's write version.
    static var writeVersionColumn: String { Schema.writeVersionColumn }

    /// The layout of the model's table.
    ///
    /// - Throws: ``StoreError/invalidQuery(_:)`` when an attribute's name is one of the
    ///   store's own columns or repeats another's, or the table's name holds NUL.
    init(tables: SQLTables = SQLTables()) throws(StoreError) {
        var options = SQLOptions(
            dateStorage: .secondsSinceReferenceDate, textFunctions: TextFunctions.names)
        options.tables = tables
        options.keyColumn = Self.keyColumn()
        self.options = options
        let model = try ModelTable<Model>(storeColumns: Self.storeColumns)
        self.model = model
        let table = model.table
        let names = model.columnNames.dropFirst(Self.storeColumns.count)
        let written = Array(model.columnNames.dropFirst())
        let columnRows = ColumnRowLayout(columns: model.columns)
        self.columnRows = columnRows
        recordColumns = (["_record"] + (columnRows?.names ?? [])).map(SQLIdentifier.quoted)
            .joined(separator: ", ")
        upsert = SQLiteDialect().upsert(
            into: table, columns: written, rows: [Array(repeating: "?", count: written.count)],
            uniqueColumn: "_key")
        let tests = names.enumerated().map { ", \(SQLIdentifier.quoted($1)) IS ?\($0 + 1)" }
            .joined()
        unchangedColumnsByKey =
            "SELECT \"_order\"\(tests) FROM \(table) WHERE \"_key\" = ?\(names.count + 1)"
        delete = "DELETE FROM \(table) WHERE \"_key\" = ?"
        recordByKey = "SELECT \(recordColumns) FROM \(table) WHERE \"_key\" = ?"
        orderByKey = "SELECT \"_order\" FROM \(table) WHERE \"_key\" = ?"
        writeVersionByKey = "SELECT \"_version\" FROM \(table) WHERE \"_key\" = ?"
        countAll = "SELECT count(*) FROM \(table)"
        search = try SearchTokenTable(modelTable: model.name)
        history =
            Model.changeHistory == nil
            ? nil
            : HistoryStatements(name: model.name, table: table, recordColumns: recordColumns)
    }

    /// Updates, in the row with an `_order`, the JSON, the write version and the columns of
    /// some attributes: `_record` `?1`, `_version` `?2`, the attributes' values in order,
    /// then the `_order`.
    ///
    /// - Parameter changed: The attributes' positions in ``columns``, ascending.
    /// - Returns: The statement's text.
    func update(changing changed: [Int]) -> String {
        let assignments = changed.enumerated().map { place, column in
            ", \(SQLIdentifier.quoted(columns[column].name)) = ?\(place + 3)"
        }
        return "UPDATE \(table) SET \"_record\" = ?1, \"_version\" = ?2\(assignments.joined()) "
            + "WHERE \"_order\" = ?\(changed.count + 3)"
    }

    /// Every column's name, the store's own first.
    var columnNames: [String] { model.columnNames }

    /// The `_key` column as the mirror of an integer `id` attribute: both hold the id as an
    /// SQLite integer in every row (``key(of:)``), so a condition on the id reads `_key`, whose
    /// unique index answers `id == n` and `id IN (…)` without scanning the table.
    ///
    /// Other ids keep their own column: a text id's conditions compare under the text
    /// collation, which `_key`'s index does not hold, and an unsigned id above `Int64.max` is
    /// not stored as an integer.
    private static func keyColumn() -> SQLOptions.KeyColumn? {
        let integerIDs: [Any.Type] = [
            Int.self, Int64.self, Int32.self, Int16.self, Int8.self, UInt32.self, UInt16.self,
            UInt8.self,
        ]
        guard integerIDs.contains(where: { $0 == Model.ID.self }),
            let attribute = SQLTables.idColumn(of: Model.self)
        else { return nil }
        return SQLOptions.KeyColumn(attribute: attribute, column: "_key")
    }

    // MARK: Statements

    var createTable: String {
        let attributes = columns.map { column in
            [SQLIdentifier.quoted(column.name), column.declaredType].filter { !$0.isEmpty }
                .joined(separator: " ")
        }
        return "CREATE TABLE \(table) (\"_order\" INTEGER PRIMARY KEY, \"_key\" NOT NULL UNIQUE, "
            + "\"_record\" TEXT NOT NULL, \"_version\" INTEGER NOT NULL DEFAULT 0"
            + attributes.map { ", " + $0 }.joined() + ")"
    }

    // MARK: Rows and records

    /// The `_key` of an id: its attribute's storage when it has one that is not bytes, or
    /// else its JSON, as text.
    func key(of id: Model.ID) throws(StoreError) -> SQLBinding {
        if let convertible = id as? any QueryValueConvertible {
            let stored = SQLBinding(storing: convertible.queryValue, options: options)
            switch stored {
            case .integer, .real, .text: return stored
            // SQLite's options never store a Boolean as `.boolean` (it is 0 or 1).
            case .boolean(let value): return .integer(value ? 1 : 0)
            case .null, .blob: break
            }
        }
        return .text(try model.jsonKey(of: id))
    }

    /// A record's row for ``upsert``: key, JSON, write version, then each attribute.
    ///
    /// The JSON is the columns' marker when they hold the record (``columnRows``).
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - version: Its write version: the store's version after the commit that writes it.
    ///   - encoder: The encoder for `_record`.
    /// - Returns: The bindings, in ``upsert``'s order.
    /// - Throws: ``StoreError/encodingFailed(id:reason:)`` when the record does not encode.
    func row(of record: Model, version: UInt64, encoder: SQLRecordEncoder) throws(StoreError)
        -> [SQLBinding]
    {
        let values = columns.map { $0.value(in: record, options: options) }
        let stored: String =
            if let columnRows, columnRows.holds(record, in: values) {
                columnRows.marker
            } else {
                try encoder.json(of: record)
            }
        return [try key(of: record.id), .text(stored), .integer(Int64(clamping: version))]
            + values
    }

    /// Decodes the record of the row a statement is on, from the columns of
    /// ``recordColumns`` starting at a position: from its JSON, or from its attributes'
    /// columns when its `_record` is their marker (``ColumnRowLayout/marker``).
    ///
    /// - Throws: ``StoreError/corruptFile(at:problem:location:)`` for a row that does not
    ///   decode as the model.
    func record(in row: SQLiteStatement, at column: Int32, path: String, order: Int64)
        throws(StoreError) -> Model
    {
        var values: [SQLBinding] = []
        return try record(in: row, at: column, path: path, order: order, values: &values)
    }

    /// Decodes the record of the row a statement is on (see
    /// ``record(in:at:path:order:)``), reading a row kept in its columns into an array the
    /// caller keeps from row to row, so that reading many rows allocates it once.
    func record(
        in row: SQLiteStatement, at column: Int32, path: String, order: Int64,
        values: inout [SQLBinding]
    ) throws(StoreError) -> Model {
        let json = row.bytes(at: column)
        guard let columnRows, ColumnRowLayout.isMarker(json) else {
            return try record(from: json, path: path, order: order)
        }
        values.removeAll(keepingCapacity: true)
        for offset in 1...Int32(columnRows.names.count) {
            values.append(row.binding(at: column + offset))
        }
        return try columnRows.record(
            from: values, table: model, store: .file(path), row: "_order \(order)")
    }

    /// Decodes a row's `_record`.
    ///
    /// - Throws: ``StoreError/corruptFile(at:problem:location:)`` for JSON that does not
    ///   decode as the model.
    func record(from json: UnsafeRawBufferPointer, path: String, order: Int64)
        throws(StoreError) -> Model
    {
        try model.record(fromJSONBytes: json, store: .file(path), row: "_order \(order)")
    }
}
