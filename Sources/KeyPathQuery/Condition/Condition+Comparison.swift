// Comparisons of an attribute with a value.
//
// The operators are few and tightly constrained — a key path on the left, a value of the
// attribute's own type on the right — so that a long `&&` chain of them type-checks quickly.
// Ordering operators have a second overload for optional attributes, which are not
// `Comparable` themselves; `==` and `!=` take optionals directly, `nil` included.

/// The condition that an attribute equals a value; `== nil` tests for an absent value.
///
/// ```swift
/// \.name == "pikachu"
/// \.baseExperience == nil
/// ```
///
/// Text compares exactly; to ignore case or diacritics, use
/// ``Condition/equals(_:_:options:)``.
///
/// - Parameters:
///   - keyPath: The attribute.
///   - value: The value to compare with.
/// - Returns: The condition `attribute == value`.
public func == <Model, Value: Equatable & QueryValueConvertible>(
    keyPath: any KeyPath<Model, Value> & Sendable, value: Value
) -> Condition<Model> {
    Condition(.comparison(AttributeKeyPath(keyPath), .equal, value.queryValue))
}

/// The condition that an attribute does not equal a value; `!= nil` tests for a present one.
///
/// An absent attribute does not equal any value, so `\.baseExperience != 64` holds for `nil`.
///
/// - Parameters:
///   - keyPath: The attribute.
///   - value: The value to compare with.
/// - Returns: The condition `attribute != value`.
public func != <Model, Value: Equatable & QueryValueConvertible>(
    keyPath: any KeyPath<Model, Value> & Sendable, value: Value
) -> Condition<Model> {
    Condition(.comparison(AttributeKeyPath(keyPath), .notEqual, value.queryValue))
}

/// The condition that an attribute is less than a value.
///
/// - Parameters:
///   - keyPath: The attribute.
///   - value: The value to compare with.
/// - Returns: The condition `attribute < value`.
public func < <Model, Value: Comparable & QueryValueConvertible>(
    keyPath: any KeyPath<Model, Value> & Sendable, value: Value
) -> Condition<Model> {
    Condition(.comparison(AttributeKeyPath(keyPath), .less, value.queryValue))
}

/// The condition that an attribute is less than or equal to a value.
///
/// - Parameters:
///   - keyPath: The attribute.
///   - value: The value to compare with.
/// - Returns: The condition `attribute <= value`.
public func <= <Model, Value: Comparable & QueryValueConvertible>(
    keyPath: any KeyPath<Model, Value> & Sendable, value: Value
) -> Condition<Model> {
    Condition(.comparison(AttributeKeyPath(keyPath), .lessOrEqual, value.queryValue))
}

/// The condition that an attribute is greater than a value.
///
/// - Parameters:
///   - keyPath: The attribute.
///   - value: The value to compare with.
/// - Returns: The condition `attribute > value`.
public func > <Model, Value: Comparable & QueryValueConvertible>(
    keyPath: any KeyPath<Model, Value> & Sendable, value: Value
) -> Condition<Model> {
    Condition(.comparison(AttributeKeyPath(keyPath), .greater, value.queryValue))
}

/// The condition that an attribute is greater than or equal to a value.
///
/// ```swift
/// \.attack >= 80
/// ```
///
/// - Parameters:
///   - keyPath: The attribute.
///   - value: The value to compare with.
/// - Returns: The condition `attribute >= value`.
public func >= <Model, Value: Comparable & QueryValueConvertible>(
    keyPath: any KeyPath<Model, Value> & Sendable, value: Value
) -> Condition<Model> {
    Condition(.comparison(AttributeKeyPath(keyPath), .greaterOrEqual, value.queryValue))
}

// MARK: Optional attributes

/// The condition that an optional attribute is present and less than a value.
///
/// - Parameters:
///   - keyPath: The optional attribute.
///   - value: The value to compare with.
/// - Returns: The condition `attribute < value`; false where the attribute is `nil`.
public func < <Model, Value: Comparable & QueryValueConvertible>(
    keyPath: any KeyPath<Model, Value?> & Sendable, value: Value
) -> Condition<Model> {
    Condition(.comparison(AttributeKeyPath(keyPath), .less, value.queryValue))
}

/// The condition that an optional attribute is present and less than or equal to a value.
///
/// - Parameters:
///   - keyPath: The optional attribute.
///   - value: The value to compare with.
/// - Returns: The condition `attribute <= value`; false where the attribute is `nil`.
public func <= <Model, Value: Comparable & QueryValueConvertible>(
    keyPath: any KeyPath<Model, Value?> & Sendable, value: Value
) -> Condition<Model> {
    Condition(.comparison(AttributeKeyPath(keyPath), .lessOrEqual, value.queryValue))
}

/// The condition that an optional attribute is present and greater than a value.
///
/// - Parameters:
///   - keyPath: The optional attribute.
///   - value: The value to compare with.
/// - Returns: The condition `attribute > value`; false where the attribute is `nil`.
public func > <Model, Value: Comparable & QueryValueConvertible>(
    keyPath: any KeyPath<Model, Value?> & Sendable, value: Value
) -> Condition<Model> {
    Condition(.comparison(AttributeKeyPath(keyPath), .greater, value.queryValue))
}

/// The condition that an optional attribute is present and greater than or equal to a value.
///
/// ```swift
/// \.baseExperience >= 200
/// ```
///
/// - Parameters:
///   - keyPath: The optional attribute.
///   - value: The value to compare with.
/// - Returns: The condition `attribute >= value`; false where the attribute is `nil`.
public func >= <Model, Value: Comparable & QueryValueConvertible>(
    keyPath: any KeyPath<Model, Value?> & Sendable, value: Value
) -> Condition<Model> {
    Condition(.comparison(AttributeKeyPath(keyPath), .greaterOrEqual, value.queryValue))
}

// MARK: - Ranges and lists

extension Condition {
    /// The condition that an attribute lies in a closed range, both ends included.
    ///
    /// ```swift
    /// Condition<Pokemon>.between(\.attack, 80...120)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The attribute.
    ///   - range: The range of values.
    /// - Returns: The condition `attribute BETWEEN {lower, upper}`.
    public static func between<Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, _ range: ClosedRange<Value>
    ) -> Condition {
        Condition(
            .between(
                AttributeKeyPath(keyPath),
                lower: range.lowerBound.queryValue, upper: range.upperBound.queryValue))
    }

    /// The condition that an optional attribute is present and lies in a closed range.
    ///
    /// - Parameters:
    ///   - keyPath: The optional attribute.
    ///   - range: The range of values.
    /// - Returns: The condition `attribute BETWEEN {lower, upper}`; false where the attribute
    ///   is `nil`.
    public static func between<Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value?> & Sendable, _ range: ClosedRange<Value>
    ) -> Condition {
        Condition(
            .between(
                AttributeKeyPath(keyPath),
                lower: range.lowerBound.queryValue, upper: range.upperBound.queryValue))
    }

    /// The condition that an attribute equals one of several values.
    ///
    /// ```swift
    /// Condition<Pokemon>.in(\.id, [1, 4, 7])
    /// ```
    ///
    /// An empty list matches nothing; `nil` in the list matches an absent attribute. Text
    /// compares exactly; to ignore case or diacritics, use ``in(_:_:options:)``.
    ///
    /// - Parameters:
    ///   - keyPath: The attribute.
    ///   - values: The values to look for.
    /// - Returns: The condition `attribute IN {values}`.
    public static func `in`<Value: Equatable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, _ values: some Sequence<Value>
    ) -> Condition {
        Condition(.oneOf(AttributeKeyPath(keyPath), values.map(\.queryValue)))
    }
}
