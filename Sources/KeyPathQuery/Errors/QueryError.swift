/// An error from building, evaluating, rendering or decoding a condition or query.
///
/// Each case says what went wrong and where: the model, the key path or attribute, the
/// operation and the target. ``description`` reads as one sentence.
public enum QueryError: Error, Hashable, Sendable {
    /// A key path has no attribute name in its model's ``Queryable/queryAttributes``.
    ///
    /// - `keyPath`: The key path as Swift prints it, such as `\Pokemon.nickname`.
    /// - `model`: The model's type name.
    case unmappedKeyPath(_ keyPath: String, model: String)

    /// A model's mapping leaves stored properties out or uses an attribute name twice, as
    /// found by ``Queryable/validateQueryAttributes(against:)``.
    case invalidMapping(model: String, unmappedProperties: [String], duplicateNames: [String])

    /// An encoded condition names an attribute its model does not have.
    case unknownAttribute(_ name: String, model: String)

    /// A value does not fit the attribute it is compared with (an encoded condition that
    /// compares an integer attribute with a string, say).
    case invalidValue(_ value: QueryValue, attribute: String, expected: String)

    /// A target cannot express an operation with this meaning, so it refuses rather than
    /// render something that means something else.
    ///
    /// - `operation`: The operation, such as `CONTAINS[d]`.
    /// - `target`: The target that cannot express it.
    /// - `reason`: Why, in a sentence.
    case unsupported(operation: String, target: QueryTarget, reason: String)

    /// A regular expression does not compile.
    case invalidRegularExpression(pattern: String, reason: String)

    /// A query's limit or offset is negative.
    case invalidPagination(limit: Int?, offset: Int)

    /// A condition is nested deeper than ``Condition/maximumDepth``.
    case conditionTooDeep(depth: Int, limit: Int)
}

/// Where a condition is evaluated or rendered.
public enum QueryTarget: String, Hashable, Sendable, CustomStringConvertible {
    /// Evaluation in memory, against Swift values.
    case inMemory = "in memory"
    /// An `NSPredicate` format string and its arguments.
    case predicateFormat = "NSPredicate format"
    /// SQLite SQL.
    case sql = "SQL"

    /// The target's name, for messages.
    public var description: String { rawValue }
}

extension QueryError: CustomStringConvertible {
    /// The error as one sentence that says what and where.
    public var description: String {
        switch self {
        case .unmappedKeyPath(let keyPath, let model):
            return "The key path \(keyPath) has no attribute name: add it to "
                + "\(model).queryAttributes."
        case .invalidMapping(let model, let unmapped, let duplicates):
            var parts: [String] = []
            if !unmapped.isEmpty {
                parts.append(
                    "stored properties without an attribute name: "
                        + unmapped.joined(separator: ", "))
            }
            if !duplicates.isEmpty {
                parts.append(
                    "attribute names used twice: " + duplicates.joined(separator: ", "))
            }
            return "\(model).queryAttributes is incomplete: " + parts.joined(separator: "; ")
                + "."
        case .unknownAttribute(let name, let model):
            return "\(model) has no attribute named \"\(name)\"."
        case .invalidValue(let value, let attribute, let expected):
            return "The value \(value) does not fit the attribute \"\(attribute)\", "
                + "which holds \(expected)."
        case .unsupported(let operation, let target, let reason):
            return "\(target) cannot express \(operation): \(reason)"
        case .invalidRegularExpression(let pattern, let reason):
            return "The regular expression \"\(pattern)\" is invalid: \(reason)"
        case .invalidPagination(let limit, let offset):
            return "A query's limit and offset cannot be negative (limit "
                + "\(limit.map(String.init) ?? "none"), offset \(offset))."
        case .conditionTooDeep(let depth, let limit):
            return "The condition is nested \(depth) levels deep; the limit is \(limit)."
        }
    }
}
