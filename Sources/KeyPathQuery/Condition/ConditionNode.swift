import Foundation

/// The tree a ``Condition`` holds: plain data, so a condition can be compared, hashed,
/// encoded, compiled for memory and rendered for `NSPredicate` and SQL.
indirect enum ConditionNode: Hashable, Sendable {
    /// Always true or always false.
    case constant(Bool)
    /// `attribute <op> value`.
    case comparison(AttributeKeyPath, ComparisonOperator, QueryValue)
    /// `attribute BETWEEN {lower, upper}`, both ends included.
    case between(AttributeKeyPath, lower: QueryValue, upper: QueryValue)
    /// `attribute IN {values}`.
    case oneOf(AttributeKeyPath, [QueryValue])
    /// A text test on a text attribute.
    case text(AttributeKeyPath, TextOperator, String, TextOptions)
    /// A text attribute whose whole text equals one of the strings, compared as the options
    /// say: `equals` (one string) and `in` with text options.
    case textOneOf(AttributeKeyPath, [String], TextOptions)
    /// A word search over one or several text attributes, or collections of text, taken
    /// together as one document.
    case search([AttributeKeyPath], TextSearch)
    /// A test on a collection attribute as a whole.
    case collection(AttributeKeyPath, CollectionTest)
    /// A condition on a collection's elements, rooted at the element type.
    case quantified(AttributeKeyPath, Quantifier, ConditionNode)
    /// A condition on the record this one refers to through the link's attribute, rooted at
    /// the referred model: true when that record exists and satisfies it.
    case referenced(ReferenceLink, ConditionNode)
    /// A condition on the records of another model that refer to this one through the link's
    /// attribute, rooted at the referring model, and quantified over them.
    case referring(ReferenceLink, Quantifier, ConditionNode)
    /// The negation of a condition.
    case not(ConditionNode)
    /// Every condition holds (true when empty).
    case and([ConditionNode])
    /// At least one condition holds (false when empty).
    case or([ConditionNode])
    /// A condition that was nested deeper than ``Condition/maximumDepth``: its subtree is
    /// dropped as soon as it is built (so nothing ever recurses that deep, not even its
    /// deallocation), and every use of it throws ``QueryError/conditionTooDeep(depth:limit:)``.
    case tooDeep(depth: Int)
}

/// A text operation.
enum TextOperator: String, Hashable, Sendable, Codable, CaseIterable {
    case contains, hasPrefix, hasSuffix, like, matches
}

/// A test on a collection attribute as a whole.
enum CollectionTest: Hashable, Sendable {
    /// The collection has an element equal to the value.
    case contains(QueryValue)
    /// The collection has an element equal to one of the values.
    case containsAny([QueryValue])
    /// The collection has, for each value, an element equal to it.
    case containsAll([QueryValue])
    /// The collection's count compares so with the number.
    case count(ComparisonOperator, Int)
}

/// How a condition on a collection's elements is quantified.
enum Quantifier: String, Hashable, Sendable, Codable {
    /// At least one element satisfies it (false for an empty collection).
    case any
    /// Every element satisfies it (true for an empty collection).
    case all
    /// No element satisfies it (true for an empty collection).
    case none
}

/// A comparison between an attribute and a value.
public enum ComparisonOperator: String, Hashable, Sendable, Codable, CaseIterable {
    /// Equal to: `==`.
    case equal
    /// Not equal to: `!=`.
    case notEqual
    /// Less than: `<`.
    case less
    /// Less than or equal to: `<=`.
    case lessOrEqual
    /// Greater than: `>`.
    case greater
    /// Greater than or equal to: `>=`.
    case greaterOrEqual

    /// The operator's symbol in Swift, in `NSPredicate` format and in SQL (`!=`, `<=`, …).
    public var symbol: String {
        switch self {
        case .equal: "=="
        case .notEqual: "!="
        case .less: "<"
        case .lessOrEqual: "<="
        case .greater: ">"
        case .greaterOrEqual: ">="
        }
    }

    /// Whether the operator orders values (`<`, `<=`, `>`, `>=`).
    var isOrdering: Bool {
        switch self {
        case .equal, .notEqual: false
        case .less, .lessOrEqual, .greater, .greaterOrEqual: true
        }
    }

    /// Whether two values in the given order satisfy the operator.
    func holds(for order: ComparisonResult) -> Bool {
        switch self {
        case .equal: order == .orderedSame
        case .notEqual: order != .orderedSame
        case .less: order == .orderedAscending
        case .lessOrEqual: order != .orderedDescending
        case .greater: order == .orderedDescending
        case .greaterOrEqual: order != .orderedAscending
        }
    }

    /// Whether `lhs <op> rhs` holds for two comparable values.
    @inline(__always)
    func holds<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool {
        switch self {
        case .equal: lhs == rhs
        case .notEqual: lhs != rhs
        case .less: lhs < rhs
        case .lessOrEqual: lhs <= rhs
        case .greater: lhs > rhs
        case .greaterOrEqual: lhs >= rhs
        }
    }
}
