extension QueryError {
    /// A key path has no attribute name in its model's ``Queryable/queryAttributes``:
    /// ``Code/unmappedKeyPath``.
    ///
    /// - Parameters:
    ///   - keyPath: The key path as Swift prints it, such as `\Pokemon.nickname`
    ///     (``keyPath``).
    ///   - model: The model's type name (``model``).
    /// - Returns: An error with code ``Code/unmappedKeyPath`` naming the key path and the model.
    public static func unmappedKeyPath(_ keyPath: String, model: String) -> QueryError {
        QueryError(.unmappedKeyPath(keyPath, model: model))
    }

    /// A model's mapping leaves stored properties out or uses an attribute name twice, as
    /// found by ``Queryable/validateQueryAttributes(against:)``: ``Code/invalidMapping``.
    ///
    /// - Parameters:
    ///   - model: The model's type name (``model``).
    ///   - unmappedProperties: The stored properties without an attribute name
    ///     (``unmappedProperties``).
    ///   - duplicateNames: The attribute names used twice (``duplicateNames``).
    /// - Returns: An error with code ``Code/invalidMapping`` naming the model, the properties
    ///   without an attribute name, and the names used twice.
    public static func invalidMapping(
        model: String, unmappedProperties: [String], duplicateNames: [String]
    ) -> QueryError {
        QueryError(
            .invalidMapping(
                model: model, unmappedProperties: unmappedProperties,
                duplicateNames: duplicateNames))
    }

    /// An encoded condition names an attribute its model does not have:
    /// ``Code/unknownAttribute``.
    ///
    /// - Parameters:
    ///   - name: The attribute name (``attribute``).
    ///   - model: The model's type name (``model``).
    /// - Returns: An error with code ``Code/unknownAttribute`` naming the attribute and the model.
    public static func unknownAttribute(_ name: String, model: String) -> QueryError {
        QueryError(.unknownAttribute(name, model: model))
    }

    /// A value does not fit the attribute it is compared with (an encoded condition that
    /// compares an integer attribute with a string, say): ``Code/invalidValue``.
    ///
    /// - Parameters:
    ///   - value: The value (``value``).
    ///   - attribute: The attribute's name or key path (``attribute``).
    ///   - expected: What the attribute holds, such as `Int` (``expectedType``).
    /// - Returns: An error with code ``Code/invalidValue`` naming the value, the attribute, and
    ///   what the attribute holds.
    public static func invalidValue(
        _ value: QueryValue, attribute: String, expected: String
    ) -> QueryError {
        QueryError(.invalidValue(value, attribute: attribute, expected: expected))
    }

    /// A target cannot express an operation with this meaning, so it refuses rather than
    /// render something that means something else: ``Code/unsupported``.
    ///
    /// - Parameters:
    ///   - operation: The operation, such as `CONTAINS[d]` (``operation``).
    ///   - target: The target that cannot express it (``target``).
    ///   - reason: Why, in a sentence (``reason``).
    /// - Returns: An error with code ``Code/unsupported`` naming the operation, the target, and
    ///   why.
    public static func unsupported(
        operation: String, target: QueryTarget, reason: String
    ) -> QueryError {
        QueryError(.unsupported(operation: operation, target: target, reason: reason))
    }

    /// A regular expression does not compile: ``Code/invalidRegularExpression``.
    ///
    /// - Parameters:
    ///   - pattern: The regular expression (``pattern``).
    ///   - reason: The compiler's explanation (``reason``).
    /// - Returns: An error with code ``Code/invalidRegularExpression`` naming the pattern and why
    ///   it does not compile.
    public static func invalidRegularExpression(pattern: String, reason: String) -> QueryError {
        QueryError(.invalidRegularExpression(pattern: pattern, reason: reason))
    }

    /// A query's limit or offset is negative, or a change feed's limit below 1:
    /// ``Code/invalidPagination``.
    ///
    /// - Parameters:
    ///   - limit: The query's limit, or `nil` for none (``limit``).
    ///   - offset: The query's offset (``offset``).
    /// - Returns: An error with code ``Code/invalidPagination`` naming the limit and the offset.
    public static func invalidPagination(limit: Int?, offset: Int) -> QueryError {
        QueryError(.invalidPagination(limit: limit, offset: offset))
    }

    /// A condition is nested deeper than ``Condition/maximumDepth``:
    /// ``Code/conditionTooDeep``.
    ///
    /// - Parameters:
    ///   - depth: How deep it is nested (``depth``).
    ///   - limit: The deepest nesting allowed (``depthLimit``).
    /// - Returns: An error with code ``Code/conditionTooDeep`` naming the depth and the limit.
    public static func conditionTooDeep(depth: Int, limit: Int) -> QueryError {
        QueryError(.conditionTooDeep(depth: depth, limit: limit))
    }

    /// The sum of an aggregate's integers does not fit in `Int64`:
    /// ``Code/aggregateOverflow``.
    ///
    /// Every target checks the exact sum, in memory and in SQL alike, so that no target wraps
    /// around or answers with a rounded number where another throws.
    ///
    /// - Parameter aggregate: The aggregate, as it reads in messages, such as
    ///   `sum(\Pokemon.attack)` (``aggregate``).
    /// - Returns: An error with code ``Code/aggregateOverflow`` naming the aggregate.
    public static func aggregateOverflow(_ aggregate: String) -> QueryError {
        QueryError(.aggregateOverflow(aggregate: aggregate))
    }

    /// A text search cannot be parsed from what was typed — it is too long, has too many
    /// words, or has no letter or digit once folded: ``Code/invalidSearch``.
    ///
    /// - Parameters:
    ///   - text: The text as typed (``searchText``).
    ///   - reason: What is wrong with it, in a clause (``reason``).
    ///   - position: Where, as an offset in `Character`s from the start of `text`
    ///     (``position``).
    /// - Returns: An error with code ``Code/invalidSearch`` naming the text, what is wrong
    ///   and where.
    public static func invalidSearch(_ text: String, reason: String, position: Int) -> QueryError {
        QueryError(.invalidSearch(text, reason: reason, position: position))
    }
}
