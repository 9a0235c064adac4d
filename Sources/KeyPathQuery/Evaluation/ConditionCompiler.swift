/// Compiles a condition's tree into closures, once, so that evaluation never walks the tree.
enum ConditionCompiler {
    static func compile<Root>(
        _ node: ConditionNode, as root: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        switch node {
        case .constant(let value):
            return { _ in value }

        case .comparison(let keyPath, let comparison, let operand):
            return try ComparisonCompiler.compile(keyPath, comparison, operand, as: root)

        case .between(let keyPath, let lower, let upper):
            let atLeast = try ComparisonCompiler.compile(keyPath, .greaterOrEqual, lower, as: root)
            let atMost = try ComparisonCompiler.compile(keyPath, .lessOrEqual, upper, as: root)
            return { atLeast($0) && atMost($0) }

        case .oneOf(let keyPath, let values):
            let tests = try values.map { value throws(QueryError) in
                try ComparisonCompiler.compile(keyPath, .equal, value, as: root)
            }
            return disjunction(tests)

        case .text(let keyPath, let operation, let operand, let options):
            return try compileText(keyPath, operation, operand, options, as: root)

        case .collection(let keyPath, let test):
            return try collection(keyPath).compileCollectionTest(keyPath, test, as: root)

        case .quantified(let keyPath, let quantifier, let elementNode):
            return try collection(keyPath).compileQuantified(
                keyPath, quantifier, elementNode, as: root)

        case .not(let inner):
            let test = try compile(inner, as: root)
            return { !test($0) }

        case .and(let nodes):
            return conjunction(try compileAll(nodes, as: root))

        case .or(let nodes):
            return disjunction(try compileAll(nodes, as: root))

        case .tooDeep(let depth):
            throw .conditionTooDeep(depth: depth, limit: Condition<Root>.maximumDepth)
        }
    }

    private static func compileAll<Root>(
        _ nodes: [ConditionNode], as root: Root.Type
    ) throws(QueryError) -> [ModelPredicate<Root>] {
        var tests: [ModelPredicate<Root>] = []
        tests.reserveCapacity(nodes.count)
        for node in nodes {
            tests.append(try compile(node, as: root))
        }
        return tests
    }

    static func conjunction<Root>(_ tests: [ModelPredicate<Root>]) -> ModelPredicate<Root> {
        switch tests.count {
        case 0: return { _ in true }
        case 1: return tests[0]
        case 2:
            let (a, b) = (tests[0], tests[1])
            return { a($0) && b($0) }
        case 3:
            let (a, b, c) = (tests[0], tests[1], tests[2])
            return { a($0) && b($0) && c($0) }
        default:
            return { root in tests.allSatisfy { $0(root) } }
        }
    }

    static func disjunction<Root>(_ tests: [ModelPredicate<Root>]) -> ModelPredicate<Root> {
        switch tests.count {
        case 0: return { _ in false }
        case 1: return tests[0]
        case 2:
            let (a, b) = (tests[0], tests[1])
            return { a($0) || b($0) }
        case 3:
            let (a, b, c) = (tests[0], tests[1], tests[2])
            return { a($0) || b($0) || c($0) }
        default:
            return { root in tests.contains { $0(root) } }
        }
    }

    // MARK: Text

    private static func compileText<Root>(
        _ keyPath: AttributeKeyPath, _ operation: TextOperator, _ operand: String,
        _ options: TextOptions, as root: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        let matcher = try TextMatcher(operation, operand, options: options)
        if keyPath.valueType == String.self {
            let reader = try keyPath.reader(Root.self, String.self)
            return { matcher.matches(reader.read($0)) }
        }
        guard let text = keyPath.valueType as? any QueryTextConvertible.Type else {
            throw .unsupported(
                operation: "\(operation.rawValue) on \(keyPath)", target: .inMemory,
                reason: "\(keyPath.valueType) does not conform to QueryTextConvertible.")
        }
        return try text.compileText(keyPath, matcher, as: root)
    }

    // MARK: Collections

    private static func collection(
        _ keyPath: AttributeKeyPath
    ) throws(QueryError) -> any (Collection & Sendable).Type {
        guard let type = keyPath.valueType as? any (Collection & Sendable).Type else {
            throw .unsupported(
                operation: "a collection test on \(keyPath)", target: .inMemory,
                reason: "\(keyPath.valueType) is not a collection.")
        }
        return type
    }
}

extension QueryTextConvertible {
    static func compileText<Root>(
        _ keyPath: AttributeKeyPath, _ matcher: TextMatcher, as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        let reader = try keyPath.reader(Root.self, Self.self)
        return { root in reader.read(root).queryText.map(matcher.matches) ?? false }
    }
}

extension Collection where Self: Sendable {
    static func compileCollectionTest<Root>(
        _ keyPath: AttributeKeyPath, _ test: CollectionTest, as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        let reader = try keyPath.reader(Root.self, Self.self)
        let element = AttributeKeyPath.identity(of: Element.self)
        switch test {
        case .count(let comparison, let number):
            return { comparison.holds(reader.read($0).count, number) }
        case .contains(let value):
            if let fast = Self.self as? any EquatableElementCollection.Type,
                let predicate = try fast.compileContains(keyPath, value, as: Root.self)
            {
                return predicate
            }
            let isValue = try ConditionCompiler.compile(
                .comparison(element, .equal, value), as: Element.self)
            return { reader.read($0).contains(where: isValue) }
        case .containsAny(let values):
            let isOneOf = try ConditionCompiler.compile(.oneOf(element, values), as: Element.self)
            return { reader.read($0).contains(where: isOneOf) }
        case .containsAll(let values):
            var tests: [ModelPredicate<Element>] = []
            for value in values {
                tests.append(
                    try ConditionCompiler.compile(
                        .comparison(element, .equal, value), as: Element.self))
            }
            let allTests = tests
            return { root in
                let collection = reader.read(root)
                return allTests.allSatisfy { collection.contains(where: $0) }
            }
        }
    }

    static func compileQuantified<Root>(
        _ keyPath: AttributeKeyPath, _ quantifier: Quantifier, _ elementNode: ConditionNode,
        as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        let reader = try keyPath.reader(Root.self, Self.self)
        let test = try ConditionCompiler.compile(elementNode, as: Element.self)
        switch quantifier {
        case .any: return { reader.read($0).contains(where: test) }
        case .all: return { reader.read($0).allSatisfy(test) }
        case .none: return { !reader.read($0).contains(where: test) }
        }
    }
}

/// Collections whose elements are `Equatable` values, tested for membership with the elements'
/// own `==` in one call rather than a closure per element.
protocol EquatableElementCollection {
    /// The membership test, or `nil` when the elements' `==` is not known to agree with
    /// equality of their representations (only native types and raw-representable types are
    /// trusted; others are compared by representation).
    static func compileContains<Root>(
        _ keyPath: AttributeKeyPath, _ value: QueryValue, as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root>?
}

extension Array: EquatableElementCollection where Element: Equatable & QueryValueConvertible {
    static func compileContains<Root>(
        _ keyPath: AttributeKeyPath, _ value: QueryValue, as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root>? {
        guard let element = try trustedElement(value, for: keyPath) else { return nil }
        let reader = try keyPath.reader(Root.self, Self.self)
        // A plain loop over the buffer: no iterator or index types to instantiate per call.
        return { root in
            reader.read(root).withUnsafeBufferPointer { buffer in
                var index = 0
                while index < buffer.count {
                    if buffer[index] == element { return true }
                    index += 1
                }
                return false
            }
        }
    }
}

extension Set: EquatableElementCollection where Element: QueryValueConvertible {
    static func compileContains<Root>(
        _ keyPath: AttributeKeyPath, _ value: QueryValue, as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root>? {
        guard let element = try trustedElement(value, for: keyPath) else { return nil }
        let reader = try keyPath.reader(Root.self, Self.self)
        return { reader.read($0).contains(element) }
    }
}

extension Collection where Element: QueryValueConvertible {
    /// The operand as an element, when the elements' `==` can be trusted to agree with
    /// equality of representations: native types and raw-representable types.
    fileprivate static func trustedElement(
        _ value: QueryValue, for keyPath: AttributeKeyPath
    ) throws(QueryError) -> Element? {
        guard !value.isNull,
            Element.self is any NativeQueryValue.Type || Element.self is any RawRepresentable.Type
        else { return nil }
        return try Element.converting(value, for: keyPath)
    }
}
