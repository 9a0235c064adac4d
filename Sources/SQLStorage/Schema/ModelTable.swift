import Foundation
import KeyPathQuery
import ModelStorage
import RecordCoding

/// What every SQL backend's table of a model shares: its name and attribute columns checked
/// against the store's own columns and the database's limits, record ids as keys, and
/// records read back from their `_record` JSON, migrated when older.
///
/// Each backend lays the table out in its own dialect (column types, upserts, the columns of
/// its own) around one of these:
///
/// ```swift
/// let table = try ModelTable<Pokemon>(storeColumns: ["_order", "_key", "_record", "_version"])
/// table.table          // "pokemon", quoted
/// table.columnNames    // ["_order", "_key", "_record", "_version", "name", …]
/// ```
public struct ModelTable<Model: StorableModel>: Sendable {
    /// The table's name, unquoted: the model's `storageName`.
    public let name: String
    /// The table's name, quoted for SQL.
    public let table: String
    /// The attributes' columns (`Queryable.sqlColumns()`).
    public let columns: [SQLColumn<Model>]
    /// The columns of the store's own, first in every row.
    public let storeColumns: [String]
    /// Every column's name, the store's own first.
    public let columnNames: [String]

    /// The table of the model.
    ///
    /// - Parameters:
    ///   - storeColumns: The columns the backend keeps beside the attributes (`_order`,
    ///     `_key`, `_record`, …), which no attribute may be named.
    ///   - maximumIdentifierLength: The most bytes of UTF-8 the database keeps of a name
    ///     (63 for PostgreSQL), or `nil` for no limit.
    /// - Throws: `StoreError/invalidQuery(_:)` (`QueryError.invalidMapping`) naming the
    ///   names at fault when an attribute is named as one of the store's columns or as
    ///   another attribute, or a name is empty, holds NUL, or is longer than the limit.
    public init(storeColumns: [String], maximumIdentifierLength: Int? = nil) throws(StoreError) {
        name = Model.storageName
        columns = Model.sqlColumns()
        self.storeColumns = storeColumns
        // A closure, not `\.name`: a key path into a generic type is made again on each call.
        let names = columns.map { $0.name }
        columnNames = storeColumns + names
        let repeated = names.filter { name in
            storeColumns.contains(name) || names.filter { $0 == name }.count > 1
        }
        func unusable(_ name: String) -> Bool {
            name.isEmpty || name.unicodeScalars.contains("\0")
                || maximumIdentifierLength.map { name.utf8.count > $0 } ?? false
        }
        guard repeated.isEmpty, !unusable(name), !names.contains(where: unusable) else {
            throw .invalidQuery(
                .invalidMapping(
                    model: String(describing: Model.self), unmappedProperties: [],
                    duplicateNames: repeated.isEmpty
                        ? [name].filter(unusable) + names.filter(unusable)
                        : Array(Set(repeated)).sorted()))
        }
        table = SQLIdentifier.quoted(name)
    }

    // MARK: Keys and records

    /// An id as JSON text, keys sorted (`25`, `"pikachu"`): a key that every id encodes to,
    /// the same each time.
    ///
    /// - Parameter id: The id.
    /// - Returns: Its JSON.
    /// - Throws: `StoreError/encodingFailed(id:reason:)` when the id does not encode.
    public func jsonKey(of id: Model.ID) throws(StoreError) -> String {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(id), as: UTF8.self)
        } catch {
            throw .encodingFailed(id: String(describing: id), reason: "\(error)")
        }
    }

    /// Decodes a row's `_record`.
    ///
    /// - Parameters:
    ///   - json: The row's `_record`.
    ///   - store: The file or database, for errors.
    ///   - row: Which row it is, for errors: `_order 7`, `_key 25`; made only for an error.
    /// - Returns: The record.
    /// - Throws: `StoreError/corruptFile(at:problem:location:)` for JSON that does not
    ///   decode as the model, naming the store, the table and the row.
    public func record(
        fromJSON json: Data, store: StoreLocation, row: @autoclosure () -> String
    ) throws(StoreError) -> Model {
        try json.withUnsafeBytes { bytes in
            Result { () throws(StoreError) -> Model in
                try record(fromJSONBytes: bytes, store: store, row: row())
            }
        }.get()
    }

    /// Decodes a row's `_record` where it lies, in memory the caller owns (a column the
    /// database returned), without copying it first.
    ///
    /// - Parameters:
    ///   - bytes: The row's `_record`, UTF-8, valid for the duration of the call.
    ///   - store: The file or database, for errors.
    ///   - row: Which row it is, for errors: `_order 7`, `_key 25`; made only for an error.
    /// - Returns: The record.
    /// - Throws: `StoreError/corruptFile(at:problem:location:)` for JSON that does not
    ///   decode as the model, naming the store, the table and the row.
    public func record(
        fromJSONBytes bytes: UnsafeRawBufferPointer, store: StoreLocation,
        row: @autoclosure () -> String
    ) throws(StoreError) -> Model {
        do {
            return try RecordJSONDecoder().decode(Model.self, fromBytes: bytes)
        } catch {
            throw undecodableRow(row(), store: store, error: error)
        }
    }

    /// The error for a row that does not decode as the model.
    ///
    /// - Parameters:
    ///   - row: Which row it is: `_order 7`, `_key 25`.
    ///   - store: The file or database.
    ///   - source: What the row was decoded from, when not its JSON: `"its columns"`.
    ///   - error: The decoder's error.
    /// - Returns: `StoreError/corruptFile(at:problem:location:)`, naming the store, the table
    ///   and the row.
    package func undecodableRow(
        _ row: String, store: StoreLocation, from source: String? = nil, error: any Error
    ) -> StoreError {
        .corruptFile(
            at: store,
            problem: "the row with \(row) of table \(table) does not decode as \(Model.self)"
                + (source.map { " from \($0)" } ?? "") + ": \(error)",
            location: .wholeFile)
    }

    /// A row's `_record`, stored at an older schema version, brought to the model's through
    /// its migrations and decoded (`StorableModel.migrated(fromJSON:schemaVersion:)`).
    ///
    /// - Parameters:
    ///   - json: The row's `_record`.
    ///   - sourceVersion: The schema version it was stored at.
    ///   - store: The file or database, for errors.
    ///   - index: The row's place in the table's order, for errors.
    /// - Returns: The record.
    /// - Throws: `StoreError/migrationFailed(at:sourceVersion:location:reason:)` naming
    ///   the store and the record.
    public func migratedRecord(
        fromJSON json: Data, schemaVersion sourceVersion: Int, store: StoreLocation, index: Int
    ) throws(StoreError) -> Model {
        do {
            return try Model.migrated(fromJSON: json, schemaVersion: sourceVersion)
        } catch {
            throw .migrationFailed(
                at: store, sourceVersion: sourceVersion,
                location: StoreError.Location(recordIndex: index), reason: error.reason)
        }
    }
}
