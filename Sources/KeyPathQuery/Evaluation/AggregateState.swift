import Foundation

/// The running state of one aggregate over one group, in memory.
struct AggregateState: Sendable {
    /// The records seen (for a count of records), or the values that are not `nil`.
    var count = 0
    /// The exact sum of integer values.
    var sum = AggregateSum()
    /// The sum of floating-point values, in the order they came.
    var real = 0.0
    /// The smallest or largest value so far.
    var extreme: QueryValue = .null

    @inline(__always)
    mutating func add<Model>(
        _ part: CompiledAggregateQuery<Model>.Part, _ model: UnsafePointer<Model>
    ) {
        guard let read = part.read else {
            count += 1
            return
        }
        let value = read(model)
        if value.isNull { return }
        count += 1
        switch part.function {
        case .count: break
        case .sum, .average:
            switch value {
            case .integer(let integer) where part.operand == .integer: sum.add(integer)
            case .double(let double): real += double
            case .integer(let integer): real += Double(integer)
            default: break
            }
        case .minimum:
            if extreme.isNull || value.compare(to: extreme) == .orderedAscending { extreme = value }
        case .maximum:
            if extreme.isNull || value.compare(to: extreme) == .orderedDescending {
                extreme = value
            }
        }
    }

    /// The aggregate's value: see ``AggregateRow``.
    ///
    /// - Throws: ``QueryError/aggregateOverflow(_:)`` for a sum of integers that does not fit.
    func value<Model>(of part: CompiledAggregateQuery<Model>.Part) throws(QueryError) -> QueryValue
    {
        switch part.aggregate.function {
        case .count: return .integer(Int64(count))
        case .minimum, .maximum: return extreme
        case .sum, .average:
            guard count > 0 else { return .null }
            return try Self.finish(
                part.aggregate.function, isInteger: part.operand == .integer, sum: sum,
                real: real, count: Int64(count), aggregate: part.aggregate.description)
        }
    }

    /// A sum or average from its parts, as every target finishes it: in memory from the
    /// running state, from SQL from the columns `sum(x >> 32)`, `sum(x & 4294967295)` (or
    /// `sum(x)`) and `count(x)`.
    static func finish(
        _ function: AggregateFunction, isInteger: Bool, sum: AggregateSum, real: Double,
        count: Int64, aggregate: @autoclosure () -> String
    ) throws(QueryError) -> QueryValue {
        guard count > 0 else { return .null }
        if function == .average {
            return .double((isInteger ? sum.double : real) / Double(count))
        }
        guard isInteger else { return .double(real) }
        guard let total = sum.total else { throw .aggregateOverflow(aggregate()) }
        return .integer(total)
    }

    /// Compares the aggregate's value with a value, for a condition on groups: a sum of
    /// integers exactly; `nil` (the comparison is false) when either is `nil`, or the value is
    /// not a number (for a count, sum or average) or not a value of the attribute (for a
    /// minimum or maximum) — as SQL renders it.
    func compare<Model>(
        _ part: CompiledAggregateQuery<Model>.Part, to other: QueryValue
    ) -> ComparisonResult? {
        switch part.aggregate.function {
        case .minimum, .maximum:
            guard let type = part.aggregate.keyPath?.valueType as? any QueryValueConvertible.Type,
                let other = type.representation(of: other), !other.isNull, !extreme.isNull
            else { return nil }
            return extreme.compare(to: other)
        case .count, .sum, .average:
            switch other {
            case .integer: break
            case .double(let number) where !number.isNaN: break
            default: return nil
            }
            if part.aggregate.function == .sum, part.operand == .integer {
                return count > 0 ? sum.compare(to: other) : nil
            }
            guard let value = try? value(of: part), !value.isNull else { return nil }
            return value.compare(to: other)
        }
    }
}
