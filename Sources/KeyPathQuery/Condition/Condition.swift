/// A type-safe condition on a model, written with the model's key paths.
///
/// A `Condition` is plain data — `Sendable`, `Hashable`, `Codable` — built with operators and
/// static functions and combined at run time:
///
/// ```swift
/// let strongFire: Condition<Pokemon> =
///     .contains(\.types, .fire)
///     && \.attack >= 80
///     && .hasPrefix(\.name, "char", options: .caseInsensitive)
/// ```
///
/// One condition has one meaning in three targets:
/// - in memory, with ``evaluate(_:)`` or, for many values, ``compiled()``;
/// - as an `NSPredicate` format string with arguments, for Core Data, with
///   ``predicateFormat()``;
/// - as an SQLite `WHERE` clause with bindings, with ``sqlExpression(options:)``.
///
/// <doc:OneMeaningInEveryTarget> sets out how, and what a target refuses.
///
/// Compare attributes with `==`, `!=`, `<`, `<=`, `>`, `>=`,
/// ``between(_:_:)-(KeyPath<Model,Value>Sendable,_)`` and ``in(_:_:)``; test text with
/// ``equals(_:_:options:)`` and ``in(_:_:options:)`` (equality that ignores case or
/// diacritics), ``contains(_:_:options:)``, ``hasPrefix(_:_:options:)``,
/// ``hasSuffix(_:_:options:)``, ``like(_:_:options:)`` and ``matches(_:_:options:)``; search
/// words in text, ignoring case and diacritics, with
/// ``search(_:for:)-(KeyPath<Model,Value>Sendable,_)`` and a ``TextSearch``; test
/// collections with ``contains(_:_:)``, ``containsAny(_:of:)``, ``containsAll(_:of:)``,
/// ``isEmpty(_:)``, ``count(_:_:_:)`` and ``anyElement(_:where:)``, ``everyElement(_:where:)``,
/// ``noElement(_:where:)``. Combine with `&&`, `||`, `!`, ``and(_:)`` and ``or(_:)``; ``true``
/// and ``false`` are their identities, so optional filters compose:
///
/// ```swift
/// var filters: [Condition<Pokemon>] = []
/// if !searchText.isEmpty { filters.append(.contains(\.name, searchText, options: .caseInsensitive)) }
/// if favoritesOnly { filters.append(\.favorite == true) }
/// let condition = Condition.and(filters)      // `.true` when there are none
/// ```
///
/// An attribute that is `nil` satisfies `== nil` and `!= value`, and no ordering or text
/// test — in every target.
public struct Condition<Model>: Sendable {
    let node: ConditionNode

    /// How deeply the tree is nested; a leaf is 1.
    let depth: Int

    init(_ node: ConditionNode, depth: Int = 1) {
        self.node = depth > Self.maximumDepth ? .tooDeep(depth: depth) : node
        self.depth = depth
    }

    /// The deepest nesting a condition may have.
    ///
    /// Chains of `&&` and `||` are flattened and add no depth; nesting comes from mixing them,
    /// from `!`, and from conditions on collection elements. A condition built deeper than
    /// this keeps no subtree — so nothing recurses that deep, not even freeing it — and
    /// compiling, rendering or encoding it throws ``QueryError/conditionTooDeep(depth:limit:)``.
    public static var maximumDepth: Int { 512 }

    /// The condition every value satisfies: `TRUEPREDICATE`, `1`.
    public static var `true`: Condition { Condition(.constant(true)) }

    /// The condition no value satisfies: `FALSEPREDICATE`, `0`.
    public static var `false`: Condition { Condition(.constant(false)) }

    /// The condition that holds when every one of `conditions` holds; ``true`` when there are
    /// none.
    ///
    /// - Parameter conditions: The conditions to combine.
    /// - Returns: Their conjunction.
    public static func and(_ conditions: some Sequence<Condition>) -> Condition {
        var nodes: [ConditionNode] = []
        var depth = 1
        for condition in conditions {
            switch condition.node {
            case .constant(true): continue
            case .constant(false): return .false
            case .and(let children):
                nodes += children
                depth = max(depth, condition.depth)
            default:
                nodes.append(condition.node)
                depth = max(depth, condition.depth + 1)
            }
        }
        return combined(nodes, depth: depth, identity: true, make: ConditionNode.and)
    }

    /// The condition that holds when at least one of `conditions` holds; ``false`` when there
    /// are none.
    ///
    /// - Parameter conditions: The conditions to combine.
    /// - Returns: Their disjunction.
    public static func or(_ conditions: some Sequence<Condition>) -> Condition {
        var nodes: [ConditionNode] = []
        var depth = 1
        for condition in conditions {
            switch condition.node {
            case .constant(false): continue
            case .constant(true): return .true
            case .or(let children):
                nodes += children
                depth = max(depth, condition.depth)
            default:
                nodes.append(condition.node)
                depth = max(depth, condition.depth + 1)
            }
        }
        return combined(nodes, depth: depth, identity: false, make: ConditionNode.or)
    }

    private static func combined(
        _ nodes: [ConditionNode], depth: Int, identity: Bool,
        make: ([ConditionNode]) -> ConditionNode
    ) -> Condition {
        switch nodes.count {
        case 0: Condition(.constant(identity))
        case 1: Condition(nodes[0], depth: max(depth - 1, 1))
        default: Condition(make(nodes), depth: depth)
        }
    }

    /// Whether this is ``true``, the condition that adds nothing to a conjunction.
    public var isAlwaysTrue: Bool { node == .constant(true) }

    /// Whether this is ``false``, the condition that adds nothing to a disjunction.
    public var isAlwaysFalse: Bool { node == .constant(false) }
}

extension Condition: Hashable {
    /// Whether two conditions have the same structure, operands and options.
    ///
    /// Equal conditions have the same meaning; conditions with the same meaning but a
    /// different structure (`a && b` and `b && a`) are not equal.
    public static func == (lhs: Condition, rhs: Condition) -> Bool {
        lhs.node == rhs.node
    }

    /// Hashes the condition's structure, operands and options.
    ///
    /// - Parameter hasher: The hasher to use.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(node)
    }
}

// MARK: - Combining

/// The condition that holds when both hold.
///
/// ``Condition/true`` is its identity, and chains are flattened: `a && b && c` is one
/// conjunction of three.
///
/// - Parameters:
///   - lhs: A condition.
///   - rhs: Another condition on the same model.
/// - Returns: Their conjunction.
public func && <Model>(lhs: Condition<Model>, rhs: Condition<Model>) -> Condition<Model> {
    switch (lhs.node, rhs.node) {
    case (.constant(true), _): return rhs
    case (_, .constant(true)): return lhs
    case (.constant(false), _), (_, .constant(false)): return .false
    default:
        return Condition(
            .and(lhs.node.conjuncts + rhs.node.conjuncts),
            depth: max(
                lhs.node.isAnd ? lhs.depth : lhs.depth + 1,
                rhs.node.isAnd ? rhs.depth : rhs.depth + 1))
    }
}

/// The condition that holds when either holds.
///
/// ``Condition/false`` is its identity, and chains are flattened: `a || b || c` is one
/// disjunction of three.
///
/// - Parameters:
///   - lhs: A condition.
///   - rhs: Another condition on the same model.
/// - Returns: Their disjunction.
public func || <Model>(lhs: Condition<Model>, rhs: Condition<Model>) -> Condition<Model> {
    switch (lhs.node, rhs.node) {
    case (.constant(false), _): return rhs
    case (_, .constant(false)): return lhs
    case (.constant(true), _), (_, .constant(true)): return .true
    default:
        return Condition(
            .or(lhs.node.disjuncts + rhs.node.disjuncts),
            depth: max(
                lhs.node.isOr ? lhs.depth : lhs.depth + 1,
                rhs.node.isOr ? rhs.depth : rhs.depth + 1))
    }
}

/// The condition that holds when `condition` does not.
///
/// - Parameter condition: A condition.
/// - Returns: Its negation; the negation of a negation is the condition itself.
public prefix func ! <Model>(condition: Condition<Model>) -> Condition<Model> {
    switch condition.node {
    case .constant(let value): Condition(.constant(!value))
    case .not(let inner): Condition(inner, depth: max(condition.depth - 1, 1))
    default: Condition(.not(condition.node), depth: condition.depth + 1)
    }
}

extension ConditionNode {
    fileprivate var conjuncts: [ConditionNode] {
        if case .and(let nodes) = self { return nodes }
        return [self]
    }

    fileprivate var disjuncts: [ConditionNode] {
        if case .or(let nodes) = self { return nodes }
        return [self]
    }

    fileprivate var isAnd: Bool {
        if case .and = self { return true }
        return false
    }

    fileprivate var isOr: Bool {
        if case .or = self { return true }
        return false
    }
}
