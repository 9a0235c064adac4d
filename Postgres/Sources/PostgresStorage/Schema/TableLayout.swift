import Foundation
import KeyPathQuery
import ModelStorage
import SQLStorage

/// How a model's records lie in their PostgreSQL table: its name and columns, how a record
/// becomes a row and a row a record, and the statements that read and write them.
///
/// The table has five columns of the store's own, then one per mapped attribute
/// (`Queryable.sqlColumns()`, declared with `SQLColumn.declaredType(in: .postgreSQL)`):
///
/// | column | holds |
/// | --- | --- |
/// | `_order` | `bigint` identity, the primary key: the record's place in the store's order |
/// | `_key` | the record's id as JSON text, unique |
/// | `_record` | the record's JSON, what the store decodes |
/// | `_version` | the record's write version (the version after its last write) |
/// | `_exact` | whether SQL reads the row's attribute columns with the in-memory meaning |
///
/// The attribute columns exist for SQL to test and sort. For text in Unicode normalization
/// form C whose characters are each one code point, PostgreSQL's byte-wise `COLLATE "C"`
/// compares, orders and matches as Swift's `String` does. A value SQL cannot hold with its
/// in-memory meaning — text holding NUL, text not in normalization form C (`"e\u{301}"`),
/// text with a character of several code points (`"q\u{301}"`, a flag, `"\r\n"`), a NaN,
/// an unsigned integer above `Int64.max` — is stored as `NULL`, and the row's `_exact` is
/// false: such rows are always evaluated in memory, from `_record`.
struct TableLayout<Model: StorableModel>: SQLTableLayout {
    /// What every SQL backend's table of the model shares: names, keys, decoding.
    let model: ModelTable<Model>
    /// The table's name, unquoted.
    var name: String { model.name }
    /// The table's name, quoted for SQL.
    var table: String { model.table }
    /// The attributes' columns.
    var columns: [SQLColumn<Model>] { model.columns }
    /// Each attribute column's PostgreSQL type, in the order of ``columns``.
    let types: [String]

    /// Inserts a row, or replaces the one with its key in place (keeping its `_order`).
    let upsert: String
    /// ``upsert`` as a prepared statement runs it (`BlockingConnection.preparedRows`): each
    /// value bound as text (``text(of:)``) and cast to its column's type.
    let preparedUpsert: String
    /// The statements of the model's change history, when it declares one.
    let history: PostgresHistory?
    /// The table of the model's search tokens, when it declares searchable attributes: every
    /// write keeps it, whether or not the database's searches read it.
    let search: SearchTokenTable<Model>?
    /// How queries are rendered: PostgreSQL, dates as the records' JSON stores them.
    ///
    /// The tables of the database's models are named in it, keyed by their `id` columns, so
    /// that conditions that follow a reference render as `EXISTS` on the other model's table.
    let options: SQLOptions

    /// The columns of the store's own.
    static var storeColumns: [String] { ["_order", "_key", "_record", "_version", "_exact"] }

    /// The layout of the model's table.
    ///
    /// - Throws: ``StoreError/invalidQuery(_:)`` when an attribute's name is one of the
    ///   store's own columns or repeats another's, or a name is empty, holds NUL, or is
    ///   longer than PostgreSQL's 63 bytes.
    init(tables: SQLTables = SQLTables()) throws(StoreError) {
        let dialect = PostgreSQLDialect()
        var options = SQLOptions(dialect: dialect, dateStorage: .secondsSinceReferenceDate)
        options.tables = tables
        self.options = options
        // PostgreSQL keeps 63 bytes of an identifier: a longer name would be cut short.
        let model = try ModelTable<Model>(
            storeColumns: Self.storeColumns, maximumIdentifierLength: 63)
        self.model = model
        let columns = model.columns
        let names = columns.map(\.name)
        let table = model.table
        let types = columns.map { column in
            let type = column.declaredType(in: dialect)
            return type.isEmpty ? "text" : type
        }
        self.types = types
        let written = Array(Self.storeColumns.dropFirst()) + names
        upsert = dialect.upsert(
            into: table, columns: written, rows: [Self.values(row: 0, types: types)],
            uniqueColumn: "_key")
        // `_key`, `_record`, `_version`, `_exact`, then the attributes.
        let columnTypes = ["text", "text", "bigint", "boolean"] + types
        let textValues = columnTypes.indices.map { index in
            columnTypes[index].hasPrefix("text")
                ? "$\(index + 1)" : "CAST(CAST($\(index + 1) AS text) AS \(columnTypes[index]))"
        }
        preparedUpsert = dialect.upsert(
            into: table, columns: written, rows: [textValues], uniqueColumn: "_key")
        history =
            Model.changeHistory == nil ? nil : PostgresHistory(name: model.name, table: table)
        search = try SearchTokenTable(modelTable: model.name)
    }

    /// The values of the `row`th row (from 0) of an upsert: placeholders numbered on, each
    /// collection's cast to `jsonb`.
    private static func values(row: Int, types: [String]) -> [String] {
        let perRow = storeColumns.count - 1 + types.count
        return (0..<perRow).map { index in
            let placeholder = "$\(row * perRow + index + 1)"
            let attribute = index - (storeColumns.count - 1)
            return attribute >= 0 && types[attribute] == "jsonb"
                ? "CAST(\(placeholder) AS jsonb)" : placeholder
        }
    }

    /// A value as text, for a prepared statement that casts it to its column's type: as
    /// PostgreSQL reads that type's text (a number in full, `true`, `\x` and hex for bytes).
    static func text(of binding: SQLBinding) -> String? {
        switch binding {
        case .null: nil
        case .integer(let value): String(value)
        case .boolean(let value): value ? "true" : "false"
        case .real(let value):
            // Swift writes the shortest text that reads back as the same number.
            value.isNaN
                ? "NaN" : value.isInfinite ? (value < 0 ? "-Infinity" : "Infinity") : "\(value)"
        case .text(let value): value
        case .blob(let value):
            "\\x" + value.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }

    /// Inserts several rows, or replaces those with their keys in place: ``upsert`` with
    /// `rowCount` rows of values, numbered on.
    func upsert(rowCount: Int) -> String {
        guard rowCount > 1 else { return upsert }
        return PostgreSQLDialect().upsert(
            into: table, columns: Array(Self.storeColumns.dropFirst()) + columns.map(\.name),
            rows: (0..<rowCount).map { Self.values(row: $0, types: types) }, uniqueColumn: "_key")
    }

    /// Every column's name, the store's own first.
    var columnNames: [String] { model.columnNames }

    /// The statement that creates the table.
    var createTable: String {
        let attributes = zip(columns, types).map { column, type in
            SQLIdentifier.quoted(column.name) + " " + type
        }
        return "CREATE TABLE \(table) (\"_order\" bigint GENERATED BY DEFAULT AS IDENTITY "
            + "PRIMARY KEY, \"_key\" text NOT NULL UNIQUE, \"_record\" text NOT NULL, "
            + "\"_version\" bigint NOT NULL DEFAULT 0, \"_exact\" boolean NOT NULL DEFAULT TRUE"
            + attributes.map { ", " + $0 }.joined() + ")"
    }

    // MARK: Rows and records

    /// The `_key` of an id: its JSON, keys sorted (`25`, `"pikachu"`).
    func key(of id: Model.ID) throws(StoreError) -> String {
        try model.jsonKey(of: id)
    }

    /// A record's row for ``upsert``: key, JSON, write version, exactness, then each
    /// attribute.
    ///
    /// - Throws: ``StoreError/encodingFailed(id:reason:)`` when the record does not encode.
    func row(of record: Model, version: UInt64, encoder: SQLRecordEncoder) throws(StoreError)
        -> [SQLBinding]
    {
        let json = try encoder.json(of: record)
        var exact = !Self.holdsNaN(record)
        var values: [SQLBinding] = []
        values.reserveCapacity(columns.count)
        for (column, type) in zip(columns, types) {
            let stored = Self.stored(column.value(in: record, options: options), as: type)
            if stored == nil { exact = false }
            values.append(stored ?? .null)
        }
        return [
            .text(try key(of: record.id)), .text(json),
            .integer(Int64(clamping: version)), .boolean(exact),
        ] + values
    }

    /// A value as its column stores it, or `nil` when SQL could not read it with its
    /// in-memory meaning.
    private static func stored(_ value: SQLBinding, as type: String) -> SQLBinding? {
        switch (value, type) {
        case (.null, _): return .null
        case (.integer, "bigint"), (.boolean, "boolean"), (.real, "double precision"),
            (.blob, "bytea"):
            return value
        case (.text(let text), "jsonb"):
            guard !text.contains("\\u0000") else { return nil }
            return exactText(text).map(SQLBinding.text)
        case (.text(let text), _) where type.hasPrefix("text"):
            return exactText(text).map(SQLBinding.text)
        default: return nil
        }
    }

    /// The text itself when SQL compares it exactly as Swift does, or `nil`.
    ///
    /// Such text is already in normalization form C, each of its characters is one code
    /// point, and it holds no NUL: then comparing, ordering and matching its UTF-8 bytes is
    /// comparing its `Character`s.
    ///
    /// Text merely canonically equivalent to such text is not enough: Swift orders `"e\u{301}"`
    /// after `"\u{E9}e"`, though its normal form `"\u{E9}"` is a prefix of it.
    static func exactText(_ text: String) -> String? {
        if isPlainASCII(text) { return text }
        guard !text.unicodeScalars.contains("\0") else { return nil }
        let normalized = text.precomposedStringWithCanonicalMapping
        guard normalized.unicodeScalars.elementsEqual(text.unicodeScalars),
            text.count == text.unicodeScalars.count
        else { return nil }
        return text
    }

    /// Whether text is ASCII without NUL and without a CR followed by LF: then it is in
    /// normalization form C and each of its characters is one code point (`"\r\n"` is the
    /// one pair of ASCII code points that is a single character), as ``exactText(_:)``
    /// asks, found in one pass over its bytes rather than by normalizing it and counting its
    /// characters — most text a store holds, and a third of the time a row took to make.
    private static func isPlainASCII(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            guard byte < 0x80, byte != 0, previous != 0x0D || byte != 0x0A else { return false }
            previous = byte
        }
        return true
    }

    /// Whether a top-level `Double` or `Float` attribute is NaN, which the renderer's
    /// bindings store as `NULL`.
    private static func holdsNaN(_ record: Model) -> Bool {
        for entry in Model.queryAttributes.entries {
            let value = record[keyPath: entry.keyPath]
            if let double = value as? Double, double.isNaN { return true }
            if let float = value as? Float, float.isNaN { return true }
        }
        return false
    }

    /// Decodes a row's `_record`.
    ///
    /// - Parameters:
    ///   - json: The row's `_record`.
    ///   - database: The database, for errors.
    ///   - row: Which row it is, for errors: `_order 7`, `_key 25`; made only for an error.
    /// - Returns: The record.
    /// - Throws: ``StoreError/corruptFile(at:problem:location:)`` for JSON that does not
    ///   decode as the model, naming the database and the row.
    func record(from json: String, database: String, row: @autoclosure () -> String)
        throws(StoreError) -> Model
    {
        var json = json
        return try json.withUTF8 { utf8 in
            Result { () throws(StoreError) -> Model in
                try model.record(
                    fromJSONBytes: UnsafeRawBufferPointer(utf8), store: .database(database),
                    row: row())
            }
        }.get()
    }
}
