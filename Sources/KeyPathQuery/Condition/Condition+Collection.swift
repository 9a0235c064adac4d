// Conditions on collection attributes, such as `types: [PokemonType]`.

extension Condition {
    /// The condition that a collection attribute has an element equal to a value
    /// (`ANY attribute == value`).
    ///
    /// ```swift
    /// Condition<Pokemon>.contains(\.types, .fire)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The collection attribute.
    ///   - element: The value to look for.
    /// - Returns: The condition; false for an empty collection.
    public static func contains<C: Collection>(
        _ keyPath: any KeyPath<Model, C> & Sendable, _ element: C.Element
    ) -> Condition where C.Element: Equatable & QueryValueConvertible {
        Condition(.collection(AttributeKeyPath(keyPath), .contains(element.queryValue)))
    }

    /// The condition that a collection attribute has an element equal to at least one of
    /// several values (`ANY attribute IN values`).
    ///
    /// ```swift
    /// Condition<Pokemon>.containsAny(\.types, of: [.fire, .water])
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The collection attribute.
    ///   - elements: The values to look for. When empty, the condition matches nothing.
    /// - Returns: The condition.
    public static func containsAny<C: Collection>(
        _ keyPath: any KeyPath<Model, C> & Sendable, of elements: some Sequence<C.Element>
    ) -> Condition where C.Element: Equatable & QueryValueConvertible {
        Condition(
            .collection(AttributeKeyPath(keyPath), .containsAny(elements.map(\.queryValue))))
    }

    /// The condition that a collection attribute has, for every one of several values, an
    /// element equal to it.
    ///
    /// ```swift
    /// Condition<Pokemon>.containsAll(\.types, of: [.fire, .flying])   // charizard, moltres
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The collection attribute.
    ///   - elements: The values to look for. When empty, the condition matches everything.
    /// - Returns: The condition.
    public static func containsAll<C: Collection>(
        _ keyPath: any KeyPath<Model, C> & Sendable, of elements: some Sequence<C.Element>
    ) -> Condition where C.Element: Equatable & QueryValueConvertible {
        Condition(
            .collection(AttributeKeyPath(keyPath), .containsAll(elements.map(\.queryValue))))
    }

    /// The condition that a collection attribute is empty (`attribute.@count == 0`).
    ///
    /// - Parameter keyPath: The collection attribute.
    /// - Returns: The condition.
    public static func isEmpty<C: Collection>(_ keyPath: any KeyPath<Model, C> & Sendable)
        -> Condition
    {
        Condition(.collection(AttributeKeyPath(keyPath), .count(.equal, 0)))
    }

    /// The condition that a collection attribute's count compares so with a number
    /// (`attribute.@count >= 2`).
    ///
    /// ```swift
    /// Condition<Pokemon>.count(\.types, .greaterOrEqual, 2)    // dual-type Pokémon
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The collection attribute.
    ///   - comparison: How the count compares with `number`.
    ///   - number: The number to compare with.
    /// - Returns: The condition.
    public static func count<C: Collection>(
        _ keyPath: any KeyPath<Model, C> & Sendable, _ comparison: ComparisonOperator, _ number: Int
    ) -> Condition {
        Condition(.collection(AttributeKeyPath(keyPath), .count(comparison, number)))
    }

    /// The condition that at least one element of a collection attribute satisfies a
    /// condition on the elements.
    ///
    /// For elements that are plain values, `\.self` is the element itself:
    ///
    /// ```swift
    /// Condition<Pokemon>.anyElement(\.abilities, where: .hasSuffix(\.self, "-guard"))
    /// ```
    ///
    /// For elements that are themselves ``Queryable``, use their key paths.
    ///
    /// - Parameters:
    ///   - keyPath: The collection attribute.
    ///   - condition: The condition on each element.
    /// - Returns: The condition; false for an empty collection.
    public static func anyElement<C: Collection>(
        _ keyPath: any KeyPath<Model, C> & Sendable, where condition: Condition<C.Element>
    ) -> Condition {
        Condition(
            .quantified(AttributeKeyPath(keyPath), .any, condition.node),
            depth: condition.depth + 1)
    }

    /// The condition that every element of a collection attribute satisfies a condition on
    /// the elements.
    ///
    /// - Parameters:
    ///   - keyPath: The collection attribute.
    ///   - condition: The condition on each element.
    /// - Returns: The condition; true for an empty collection.
    public static func everyElement<C: Collection>(
        _ keyPath: any KeyPath<Model, C> & Sendable, where condition: Condition<C.Element>
    ) -> Condition {
        Condition(
            .quantified(AttributeKeyPath(keyPath), .all, condition.node),
            depth: condition.depth + 1)
    }

    /// The condition that no element of a collection attribute satisfies a condition on the
    /// elements.
    ///
    /// - Parameters:
    ///   - keyPath: The collection attribute.
    ///   - condition: The condition on each element.
    /// - Returns: The condition; true for an empty collection.
    public static func noElement<C: Collection>(
        _ keyPath: any KeyPath<Model, C> & Sendable, where condition: Condition<C.Element>
    ) -> Condition {
        Condition(
            .quantified(AttributeKeyPath(keyPath), .none, condition.node),
            depth: condition.depth + 1)
    }
}
