import Foundation
import KeyPathQuery

/// A reference interpreter of a ``FetchAggregation``: what Core Data's fetch of dictionaries
/// answers, read off `NSExpression`'s documented functions and `NSPredicate`'s comparison
/// rules, written apart from the in-memory engine, for the platforms without Core Data.
///
/// It takes the records the request's `predicate` selects (the condition table checks the
/// predicate formats apart), groups them by `propertiesToGroupBy`, computes each expression
/// description (`count:` counts values that are not `nil`, or records for `SELF`; `sum:`,
/// `average:`, `min:` and `max:` skip `nil` and give `nil` over no value), keeps the groups
/// that satisfy `havingPredicate` with each `$name` bound to its description's value, sorts
/// them by the grouping attributes ascending (`nil` first, as Core Data's SQLite store does),
/// and returns each group as a dictionary without the keys whose value is `nil`.
struct FetchAggregationInterpreter {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func fetch(
        _ aggregation: FetchAggregation, over records: [[String: QueryValue]]
    ) throws -> [[String: QueryValue]] {
        var groups: [[QueryValue]: [[String: QueryValue]]] = [:]
        var order: [[QueryValue]] = []
        if aggregation.groupAttributes.isEmpty {
            groups[[]] = []
            order.append([])
        }
        for record in records {
            let key = aggregation.groupAttributes.map { record[$0] ?? .null }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(record)
        }
        order.sort(by: ascending)
        var result: [[String: QueryValue]] = []
        for key in order {
            var dictionary: [String: QueryValue] = [:]
            for (name, value) in zip(aggregation.groupAttributes, key) where !value.isNull {
                dictionary[name] = value
            }
            for property in aggregation.properties {
                let value = try compute(property, over: groups[key] ?? [])
                if !value.isNull { dictionary[property.name] = value }
            }
            if let having = aggregation.havingPredicate {
                var parser = Parser(having, variables: dictionary)
                guard try parser.evaluate() else { continue }
            }
            result.append(dictionary)
        }
        return result
    }

    private static func compute(
        _ property: FetchAggregation.Property, over records: [[String: QueryValue]]
    ) throws -> QueryValue {
        guard let attribute = property.attribute else {
            return .integer(Int64(records.count))
        }
        let values = records.compactMap { $0[attribute] }.filter { !$0.isNull }
        switch property.function {
        case "count:": return .integer(Int64(values.count))
        case "sum:", "average:":
            guard !values.isEmpty else { return .null }
            var sum = 0.0
            for value in values {
                guard case .double(let number) = value else {
                    throw Failure(description: "\(property.function) of \(value)")
                }
                sum += number
            }
            return .double(property.function == "sum:" ? sum : sum / Double(values.count))
        case "min:", "max:":
            let wanted: ComparisonResult =
                property.function == "min:" ? .orderedAscending : .orderedDescending
            return values.reduce(QueryValue.null) { best, value in
                best.isNull || value.compare(to: best) == wanted ? value : best
            }
        default: throw Failure(description: "unknown function \(property.function)")
        }
    }

    private static func ascending(_ lhs: [QueryValue], _ rhs: [QueryValue]) -> Bool {
        for (left, right) in zip(lhs, rhs) where left != right {
            if left.isNull { return true }
            if right.isNull { return false }
            return left.compare(to: right) == .orderedAscending
        }
        return false
    }

    /// Evaluates the `havingPredicate` grammar the renderer writes: `$name`, `%@` and `nil`
    /// compared with `==`, `!=`, `<`, `<=`, `>`, `>=`; `AND`, `OR`, `NOT`, parentheses,
    /// `TRUEPREDICATE` and `FALSEPREDICATE`.
    struct Parser {
        private var tokens: [String]
        private var arguments: [QueryValue]
        private let variables: [String: QueryValue]

        init(_ predicate: PredicateFormat, variables: [String: QueryValue]) {
            var tokens: [String] = []
            var current = ""
            for character in predicate.format {
                if character == " " || character == "(" || character == ")" {
                    if !current.isEmpty { tokens.append(current) }
                    current = ""
                    if character != " " { tokens.append(String(character)) }
                } else {
                    current.append(character)
                }
            }
            if !current.isEmpty { tokens.append(current) }
            self.tokens = tokens
            self.arguments = predicate.arguments
            self.variables = variables
        }

        mutating func evaluate() throws -> Bool {
            let value = try disjunction()
            guard tokens.isEmpty, arguments.isEmpty else {
                throw Failure(description: "left over: \(tokens) \(arguments)")
            }
            return value
        }

        private mutating func next() throws -> String {
            guard !tokens.isEmpty else { throw Failure(description: "unexpected end") }
            return tokens.removeFirst()
        }

        private mutating func disjunction() throws -> Bool {
            var value = try conjunction()
            while tokens.first == "OR" {
                _ = try next()
                let right = try conjunction()
                value = value || right
            }
            return value
        }

        private mutating func conjunction() throws -> Bool {
            var value = try factor()
            while tokens.first == "AND" {
                _ = try next()
                let right = try factor()
                value = value && right
            }
            return value
        }

        private mutating func factor() throws -> Bool {
            let token = try next()
            switch token {
            case "NOT": return try !factor()
            case "TRUEPREDICATE": return true
            case "FALSEPREDICATE": return false
            case "(":
                let value = try disjunction()
                guard try next() == ")" else { throw Failure(description: "missing )") }
                return value
            default:
                let left = try operand(token)
                let comparison = try next()
                let right = try operand(try next())
                return try compare(left, comparison, right)
            }
        }

        private mutating func operand(_ token: String) throws -> QueryValue {
            if token == "nil" { return .null }
            if token == "%@" {
                guard !arguments.isEmpty else { throw Failure(description: "no argument") }
                return arguments.removeFirst()
            }
            guard token.hasPrefix("$") else { throw Failure(description: "operand \(token)") }
            return variables[String(token.dropFirst())] ?? .null
        }

        /// `NSPredicate`'s comparisons: `nil` equals only `nil`, and orders with nothing.
        private func compare(_ left: QueryValue, _ comparison: String, _ right: QueryValue)
            throws -> Bool
        {
            switch comparison {
            case "==": return left == right || left.compare(to: right) == .orderedSame
            case "!=": return !(left == right || left.compare(to: right) == .orderedSame)
            default:
                guard let order = left.compare(to: right) else { return false }
                switch comparison {
                case "<": return order == .orderedAscending
                case "<=": return order != .orderedDescending
                case ">": return order == .orderedDescending
                case ">=": return order != .orderedAscending
                default: throw Failure(description: "operator \(comparison)")
                }
            }
        }
    }
}
