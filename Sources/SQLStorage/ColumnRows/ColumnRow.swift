import KeyPathQuery

/// Whether a row's attribute columns alone hold its record: the test a SQL table's writer
/// makes for each record, so that a row that passes it can be read back from its columns
/// (``ColumnRecordDecoder``) instead of from JSON.
///
/// A row holds its record when the record encodes flat (``ColumnRecordEncoder``), and its
/// keys and the row's non-`NULL` attribute columns are the same names with the same values.
/// Decoding the record from the columns then sees exactly what decoding it from its JSON
/// would: each key with its value, and each absent key as an absent (`NULL`) column. The
/// test is made on the record being written, so it needs nothing of the model: a model whose
/// coding keys are not its attributes' names, or whose attribute of a name is another
/// property than its coding key of that name, keeps its JSON, row by row.
///
/// Values match as the backends store them:
///
/// | record's value | column's binding |
/// | --- | --- |
/// | a Boolean | the same ``SQLBinding/boolean(_:)``, or the integer 0 or 1 (SQLite) |
/// | an integer | the same ``SQLBinding/integer(_:)`` |
/// | a `Double` | the same ``SQLBinding/real(_:)``, bit for bit |
/// | text | the same ``SQLBinding/text(_:)``, byte for byte (not merely equal as `String`s are, canonically) |
package enum ColumnRow {
    /// Whether a row's attribute columns hold a record whose flat values are `values`.
    ///
    /// - Parameters:
    ///   - values: The record's flat values (``ColumnRecordEncoder/values(of:)``).
    ///   - names: The attribute columns' names, each once.
    ///   - bindings: The row's value for each of them, in the same order.
    /// - Returns: `true` when the columns hold the record.
    package static func holdsRecord(
        _ values: [String: SQLBinding], columns names: [String],
        bindings: [SQLBinding]
    ) -> Bool {
        holdsRecord(
            keys: Array(values.keys), values: Array(values.values), columns: names,
            bindings: bindings)
    }

    /// Whether a row's attribute columns hold a record whose flat keys and values are
    /// `keys` and `values` (``ColumnRecordEncoder/keysAndValues(of:)``): as
    /// ``holdsRecord(_:columns:bindings:)``, without a dictionary.
    ///
    /// - Parameters:
    ///   - keys: The record's keys, each once.
    ///   - values: Their values, in the same order.
    ///   - names: The attribute columns' names, each once.
    ///   - bindings: The row's value for each of them, in the same order.
    /// - Returns: `true` when the columns hold the record.
    package static func holdsRecord(
        keys: [String], values: [SQLBinding], columns names: [String], bindings: [SQLBinding]
    ) -> Bool {
        guard names.count == bindings.count, keys.count == values.count else { return false }
        var matched = 0
        for index in names.indices where bindings[index] != .null {
            guard let place = keys.firstIndex(of: names[index]),
                matches(values[place], bindings[index])
            else { return false }
            matched += 1
        }
        // Every key matched a column of its own (column names are distinct).
        return matched == keys.count
    }

    /// Whether a record's flat value and a column's binding are the same value, as the table
    /// above says.
    static func matches(_ value: SQLBinding, _ binding: SQLBinding) -> Bool {
        switch (value, binding) {
        case (.boolean(let flag), .boolean(let stored)): flag == stored
        case (.boolean(let flag), .integer(let stored)): stored == (flag ? 1 : 0)
        case (.integer(let number), .integer(let stored)): number == stored
        case (.real(let number), .real(let stored)): number.bitPattern == stored.bitPattern
        case (.text(let text), .text(let stored)): text.utf8.elementsEqual(stored.utf8)
        default: false
        }
    }
}
