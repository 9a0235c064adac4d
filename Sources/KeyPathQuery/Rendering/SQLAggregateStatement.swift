import Foundation

/// An ``AggregateQuery`` rendered as one SQL statement, and how to read its rows back.
///
/// Run ``sql`` with ``bindings``, read each row's columns as the values SQL returns (a driver
/// that decodes by type decodes column *i* as ``columnKinds``[*i*]), and hand them to
/// ``rows(from:)``:
///
/// ```swift
/// let statement = try AggregateQuery<Pokemon>(.count, .average(\.attack), groupedBy: [\.speciesID])
///     .sqlStatement(from: "pokemon")
/// statement.sql
/// // SELECT "species_id", count(*), CAST(sum("attack" >> 32) AS INTEGER),
/// //   CAST(sum("attack" & 4294967295) AS INTEGER), count("attack") FROM "pokemon" WHERE 1
/// //   GROUP BY "species_id" ORDER BY "species_id" ASC
/// let rows = try statement.rows(from: sqliteRows)   // [AggregateRow]
/// ```
///
/// The statement returns the parts each aggregate is finished from, so that SQL and memory
/// finish it alike: a sum or average of integers as the sums of the values' high and low
/// 32-bit halves and their count (no partial sum overflows, and the total is checked once), a
/// sum or average of floating-point numbers as `sum(x)` and `count(x)`.
public struct SQLAggregateStatement: Hashable, Sendable {
    /// One value of a row, and the columns it is read from.
    enum Column: Hashable, Sendable {
        /// A grouping attribute's value: one column.
        case group(AttributeKeyPath, name: String)
        /// An element of a grouping array attribute: one column.
        case elementGroup(AttributeKeyPath, name: String)
        /// A count: one column.
        case count
        /// A sum or average of integers: the high sum, the low sum, the count.
        case integerSum(AggregateFunction, aggregate: String)
        /// A sum or average of floating-point numbers: the sum, the count.
        case realSum(AggregateFunction)
        /// A minimum or maximum: one column.
        case extreme(AttributeKeyPath, name: String)

        var width: Int {
            switch self {
            case .group, .elementGroup, .count, .extreme: 1
            case .integerSum: 3
            case .realSum: 2
            }
        }
    }

    /// The statement, with the dialect's placeholders.
    public let sql: String

    /// The values for the placeholders of ``sql``, in order.
    public let bindings: [SQLBinding]

    /// How each column of a row is stored, in order: the grouping attributes' kinds, then
    /// each aggregate's columns (``SQLValueKind/integer`` for counts and integer sums,
    /// ``SQLValueKind/real`` for sums of floating-point numbers, the attribute's kind for a
    /// minimum or maximum).
    public let columnKinds: [SQLValueKind]

    let columns: [Column]
    let groupCount: Int
    let dateStorage: SQLOptions.DateStorage

    /// The rows of the query from the rows the statement returned.
    ///
    /// - Parameter rows: Each row's columns, in order, as the database returned them.
    /// - Returns: The rows, in the statement's order.
    /// - Throws: ``QueryError/aggregateOverflow(_:)`` for a sum of integers that does not fit
    ///   in `Int64`; ``QueryError/invalidValue(_:attribute:expected:)`` for a value that is
    ///   not of its attribute's type, or a row with too few columns.
    /// - Complexity: O(*r* × *c*) in the number of rows and columns.
    public func rows(from rows: [[SQLBinding]]) throws(QueryError) -> [AggregateRow] {
        var result: [AggregateRow] = []
        result.reserveCapacity(rows.count)
        let width = columns.reduce(0) { $0 + $1.width }
        for row in rows {
            guard row.count >= width else {
                throw .invalidValue(
                    .integer(Int64(row.count)), attribute: "the aggregate row",
                    expected: "\(width) columns")
            }
            var values: [QueryValue] = []
            var index = 0
            for column in columns {
                values.append(try value(of: column, in: row, at: index))
                index += column.width
            }
            result.append(
                AggregateRow(
                    groupValues: Array(values.prefix(groupCount)),
                    values: Array(values.dropFirst(groupCount))))
        }
        return result
    }

    private func value(
        of column: Column, in row: [SQLBinding], at index: Int
    ) throws(QueryError) -> QueryValue {
        switch column {
        case .group(let keyPath, let name), .extreme(let keyPath, let name):
            return try attributeValue(row[index], of: keyPath.valueType, name: name)
        case .elementGroup(let keyPath, let name):
            let list = keyPath.valueType as? any ListAttribute.Type
            return try attributeValue(
                row[index], of: list?.elementType ?? keyPath.valueType, name: name)
        case .count:
            return .integer(try integer(row[index]) ?? 0)
        case .integerSum(let function, let aggregate):
            let count = try integer(row[index + 2]) ?? 0
            let sum = AggregateSum(
                high: try integer(row[index]) ?? 0, low: try integer(row[index + 1]) ?? 0)
            return try AggregateState.finish(
                function, isInteger: true, sum: sum, real: 0, count: count,
                aggregate: aggregate)
        case .realSum(let function):
            let count = try integer(row[index + 1]) ?? 0
            var real = 0.0
            switch row[index] {
            case .real(let value): real = value
            case .integer(let value): real = Double(value)
            default: break
            }
            return try AggregateState.finish(
                function, isInteger: false, sum: AggregateSum(), real: real, count: count,
                aggregate: "")
        }
    }

    private func integer(_ binding: SQLBinding) throws(QueryError) -> Int64? {
        switch binding {
        case .null: return nil
        case .integer(let value): return value
        case .real(let value) where Int64(exactly: value) != nil: return Int64(value)
        default:
            throw .invalidValue(
                QueryValue(binding), attribute: "an aggregate's count or sum", expected: "Int64")
        }
    }

    /// A stored value read back as its attribute's representation, as memory reads it.
    private func attributeValue(
        _ binding: SQLBinding, of valueType: Any.Type, name: String
    ) throws(QueryError) -> QueryValue {
        var stored = QueryValue(binding)
        // No value: an aggregate over none, or a group of `nil`s, whatever the type.
        if stored.isNull { return .null }
        if case .double(let seconds) = stored, AggregateOperand.holdsDate(valueType) {
            stored = .date(dateStorage.date(fromSeconds: seconds))
        }
        guard let type = valueType as? any QueryValueConvertible.Type,
            let value = type.representation(of: stored)
        else {
            throw .invalidValue(stored, attribute: name, expected: "\(valueType)")
        }
        return value
    }
}

extension QueryValueConvertible {
    /// The representation of a value of this type read back from a stored one, or `nil` when
    /// it is not one.
    static func representation(of stored: QueryValue) -> QueryValue? {
        Self(queryValue: stored)?.queryValue
    }
}

extension QueryValue {
    /// A value SQL returned, as the plain representation of its storage class.
    init(_ binding: SQLBinding) {
        switch binding {
        case .null: self = .null
        case .integer(let value): self = .integer(value)
        case .boolean(let value): self = .bool(value)
        case .real(let value): self = value.isNaN ? .null : .double(value)
        case .text(let value): self = .string(value)
        case .blob(let value): self = .data(value)
        }
    }
}

extension SQLOptions.DateStorage {
    /// The date a number of seconds stands for in this storage.
    func date(fromSeconds seconds: Double) -> Date {
        switch self {
        case .secondsSince1970: Date(timeIntervalSince1970: seconds)
        case .secondsSinceReferenceDate: Date(timeIntervalSinceReferenceDate: seconds)
        }
    }
}
