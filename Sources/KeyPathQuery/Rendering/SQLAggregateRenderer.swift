/// Renders the parts of an ``AggregateQuery``'s statement: the columns each aggregate is
/// read from, and the condition on groups, with `?` placeholders.
struct SQLAggregateRenderer<Model: Queryable> {
    let options: SQLOptions
    /// What qualifies each column: the table's alias and a dot, or empty.
    var qualifier = ""
    private(set) var columns: [SQLAggregateStatement.Column] = []
    private(set) var kinds: [SQLValueKind] = []

    init(options: SQLOptions) {
        self.options = options
    }

    private var dialect: any SQLDialect { options.dialect }
    private var integerType: String { dialect.columnType(for: .integer) }
    private var realType: String { dialect.columnType(for: .real) }

    mutating func add(_ column: SQLAggregateStatement.Column, kind: SQLValueKind) {
        columns.append(column)
        kinds.append(kind)
    }

    /// An attribute's column, quoted and qualified.
    func column(_ name: String) throws(QueryError) -> String {
        qualifier + (try SQLConditionRenderer.quotedIdentifier(name, in: dialect))
    }

    /// An attribute's column, with the collation its text sorts with.
    func collated(_ keyPath: AttributeKeyPath, name: String) throws(QueryError) -> String {
        let column = try self.column(name)
        guard SQLValueKind(of: keyPath.valueType) == .text else { return column }
        return column + (try textCollation())
    }

    /// What follows text to compare it as groups and sorts do: ` COLLATE …`, or nothing.
    func textCollation() throws(QueryError) -> String {
        if dialect.supportsTextFunctions, let functions = options.textFunctions {
            return " COLLATE " + (try SQLTextFunctions.checkedName(functions.collation))
        }
        return dialect.textCollation.map { " " + $0 } ?? ""
    }

    /// The value of a key that groups by elements, from the row of the distinct elements of
    /// its array (`alias.value`), read as its kind and collated as text groups are.
    func element(_ alias: String, kind: SQLValueKind) throws(QueryError) -> String {
        let element = try dialect.jsonElement(alias + ".value", path: [], as: kind)
        switch kind {
        case .integer: return "CAST(\(element) AS \(integerType))"
        case .text:
            let collation = try textCollation()
            return element.hasSuffix(collation) ? element : element + collation
        default: return element
        }
    }

    /// The select-list expressions of one aggregate, noting how to read them.
    mutating func columns(of aggregate: Aggregate<Model>) throws(QueryError) -> [String] {
        let operand = try AggregateOperand.of(aggregate, target: .sql)
        guard let keyPath = aggregate.keyPath else {
            add(.count, kind: .integer)
            return ["count(*)"]
        }
        let name = try RenderingChecks.name(of: keyPath)
        let column = try self.column(name)
        let kind = SQLValueKind(of: keyPath.valueType)
        switch (aggregate.function, operand) {
        case (.count, _):
            add(.count, kind: .integer)
            return [call(.count, column, kind: kind)]
        case (.sum, .integer), (.average, .integer):
            add(.integerSum(aggregate.function, aggregate: aggregate.description), kind: .integer)
            kinds += [.integer, .integer]
            let (high, low) = halves(column)
            return [high, low, call(.count, column, kind: kind)]
        case (.sum, _), (.average, _):
            add(.realSum(aggregate.function), kind: .real)
            kinds.append(.integer)
            return [call(.sum, column, kind: .real), call(.count, column, kind: kind)]
        case (.minimum, _), (.maximum, _):
            add(.extreme(keyPath, name: name), kind: kind)
            return [call(aggregate.function, try collated(keyPath, name: name), kind: kind)]
        }
    }

    private func call(_ function: AggregateFunction, _ argument: String, kind: SQLValueKind)
        -> String
    {
        dialect.aggregateCall(function, of: argument, kind: kind)
    }

    /// The sums of a column's high and low 32-bit halves, as integers.
    private func halves(_ column: String) -> (high: String, low: String) {
        (
            "CAST(\(call(.sum, "\(column) >> 32", kind: .integer)) AS \(integerType))",
            "CAST(\(call(.sum, "\(column) & 4294967295", kind: .integer)) AS \(integerType))"
        )
    }

    /// The sum of a column's integers as a floating-point number, as memory computes it.
    private func realTotal(_ column: String) -> String {
        let (high, low) = halves(column)
        return "(CAST(\(high) AS \(realType)) * 4294967296.0 + CAST(\(low) AS \(realType)))"
    }

    /// The condition on groups, with `?` placeholders.
    func test(_ node: GroupCondition<Model>.Node) throws(QueryError) -> SQLFragment {
        switch node {
        case .constant(let value): return SQLFragment(sql: dialect.literalBoolean(value))
        case .not(let inner):
            let test = try test(inner)
            return SQLFragment(
                sql: "NOT COALESCE(\(test.sql), \(dialect.literalBoolean(false)))",
                bindings: test.bindings)
        case .and(let nodes), .or(let nodes):
            let joiner = if case .and = node { " AND " } else { " OR " }
            var parts: [String] = []
            var bindings: [SQLBinding] = []
            for node in nodes {
                let test = try test(node)
                parts.append(test.sql)
                bindings += test.bindings
            }
            return SQLFragment(sql: "(" + parts.joined(separator: joiner) + ")", bindings: bindings)
        case .comparison(let aggregate, let comparison, let value):
            return try compare(aggregate, comparison, value)
        }
    }

    private func compare(
        _ aggregate: Aggregate<Model>, _ comparison: ComparisonOperator, _ value: QueryValue
    ) throws(QueryError) -> SQLFragment {
        let operand = try AggregateOperand.of(aggregate, target: .sql)
        let never = SQLFragment(sql: dialect.literalBoolean(false))
        let symbol = comparison == .equal ? "=" : comparison == .notEqual ? "<>" : comparison.symbol
        guard let keyPath = aggregate.keyPath else {
            guard let number = Self.number(value) else { return never }
            return SQLFragment(sql: "count(*) \(symbol) ?", bindings: [number])
        }
        let name = try RenderingChecks.name(of: keyPath)
        let column = try self.column(name)
        let kind = SQLValueKind(of: keyPath.valueType)
        let count = call(.count, column, kind: kind)
        switch (aggregate.function, operand) {
        case (.count, _):
            guard let number = Self.number(value) else { return never }
            return SQLFragment(sql: "\(count) \(symbol) ?", bindings: [number])
        case (.sum, .integer):
            if case .integer(let integer) = value {
                return exactSumTest(column, comparison, integer)
            }
            guard case .double = value, let number = Self.number(value) else { return never }
            return SQLFragment(sql: "\(realTotal(column)) \(symbol) ?", bindings: [number])
        case (.average, .integer):
            guard let number = Self.number(value) else { return never }
            return SQLFragment(
                sql: "(\(realTotal(column)) / NULLIF(\(count), 0)) \(symbol) ?",
                bindings: [number])
        case (.sum, _):
            guard let number = Self.number(value) else { return never }
            return SQLFragment(
                sql: "\(call(.sum, column, kind: .real)) \(symbol) ?", bindings: [number])
        case (.average, _):
            guard let number = Self.number(value) else { return never }
            return SQLFragment(
                sql: "(\(call(.sum, column, kind: .real)) / NULLIF(\(count), 0)) \(symbol) ?",
                bindings: [number])
        case (.minimum, _), (.maximum, _):
            guard let type = keyPath.valueType as? any QueryValueConvertible.Type,
                let converted = type.representation(of: value), !converted.isNull
            else { return never }
            let extreme = call(aggregate.function, try collated(keyPath, name: name), kind: kind)
            return SQLFragment(
                sql: "\(extreme) \(symbol) ?",
                bindings: [SQLBinding(storing: converted, options: options)])
        }
    }

    /// An exact comparison of a sum of integers with an integer, on the sum's normalized
    /// halves: `(high, low)` against the value's, in lexicographic order.
    private func exactSumTest(
        _ column: String, _ comparison: ComparisonOperator, _ value: Int64
    ) -> SQLFragment {
        let (highSum, lowSum) = halves(column)
        let high = "(\(highSum) + (\(lowSum) >> 32))"
        let low = "(\(lowSum) & 4294967295)"
        let (valueHigh, valueLow) = (
            SQLBinding.integer(value >> 32), SQLBinding.integer(value & 0xFFFF_FFFF)
        )
        switch comparison {
        case .equal:
            return SQLFragment(
                sql: "(\(high) = ? AND \(low) = ?)", bindings: [valueHigh, valueLow])
        case .notEqual:
            return SQLFragment(
                sql: "(\(high) <> ? OR \(low) <> ?)", bindings: [valueHigh, valueLow])
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let strict = comparison == .less || comparison == .lessOrEqual ? "<" : ">"
            return SQLFragment(
                sql: "(\(high) \(strict) ? OR (\(high) = ? AND \(low) \(comparison.symbol) ?))",
                bindings: [valueHigh, valueHigh, valueLow])
        }
    }

    /// A number to compare a count, sum or average with, or `nil` for a value that is not a
    /// number (the comparison is then false, as it is in memory).
    private static func number(_ value: QueryValue) -> SQLBinding? {
        switch value {
        case .integer(let integer): .integer(integer)
        case .double(let double) where !double.isNaN: .real(double)
        default: nil
        }
    }
}
