/// Compiles a condition's tree into closures, once, so that evaluation never walks the tree.
enum ConditionCompiler {
    /// Compiles a whole condition, and a conjunction of two clauses or more also clause by
    /// clause, for scans.
    static func compileCondition<Root>(
        _ node: ConditionNode, as root: Root.Type
    ) throws(QueryError) -> CompiledCondition<Root> {
        guard case .and(let nodes) = node, nodes.count >= 2 else {
            return CompiledCondition(try compile(node, as: root))
        }
        let ordered = cheapestFirst(nodes)
        let tests = try compileAll(ordered, as: root)
        let offsets = ordered.map { storedOffset(of: $0, in: root) }
        return CompiledCondition(
            conjunction(tests),
            stages: .init(
                clauses: tests, offsets: offsets,
                leadingRange: storedIntegerRange(of: ordered[0], offset: offsets[0])))
    }

    /// The byte offset in a `Root` of the one attribute a condition reads, when the
    /// condition tests a single attribute that is stored in place (see `AttributeReader`).
    private static func storedOffset<Root>(of node: ConditionNode, in _: Root.Type) -> Int? {
        switch node {
        case .comparison(let keyPath, _, _), .between(let keyPath, _, _),
            .oneOf(let keyPath, _), .text(let keyPath, _, _, _), .textOneOf(let keyPath, _, _),
            .collection(let keyPath, _), .quantified(let keyPath, _, _):
            return (keyPath.keyPath as? PartialKeyPath<Root>).flatMap {
                MemoryLayout<Root>.offset(of: $0)
            }
        case .search, .constant, .referenced, .referring, .not, .and, .or, .tooDeep:
            return nil
        }
    }

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
            if let membership = try ComparisonCompiler.compileMembership(keyPath, values, as: root)
            {
                return membership
            }
            let tests = try values.map { value throws(QueryError) in
                PredicateBox(test: try ComparisonCompiler.compile(keyPath, .equal, value, as: root))
            }
            return disjunction(tests)

        case .text(let keyPath, let operation, let operand, let options):
            let matcher = try TextMatcher(operation, operand, options: options)
            return try compileText(keyPath, matcher, operation.rawValue, as: root)

        case .textOneOf(let keyPath, let operands, let options):
            let membership = TextMembership(operands, options: options)
            return try compileText(keyPath, membership, "equals", as: root)

        case .search(let keyPaths, let search):
            return try SearchCompiler.compile(keyPaths, search, as: root)

        case .collection(let keyPath, let test):
            return try collection(keyPath).compileCollectionTest(keyPath, test, as: root)

        case .quantified(let keyPath, let quantifier, let elementNode):
            return try collection(keyPath).compileQuantified(
                keyPath, quantifier, elementNode, as: root)

        case .referenced(let link, _), .referring(let link, _, _):
            throw .unsupported(
                operation: "a condition through \(link)", target: .inMemory,
                reason:
                    "it reads the records of \(link.referring == ReferenceLink.LinkedModel(root) ? link.referred : link.referring); "
                    + "evaluate it in a database that holds both models, or resolve it first "
                    + "with resolvingReferences(in:).")

        case .not(let inner):
            let test = try compile(inner, as: root)
            return { !test($0) }

        case .and(let nodes):
            return conjunction(try compileAll(cheapestFirst(nodes), as: root))

        case .or(let nodes):
            return disjunction(try compileAll(cheapestFirst(nodes), as: root))

        case .tooDeep(let depth):
            throw .conditionTooDeep(depth: depth, limit: Condition<Root>.maximumDepth)
        }
    }

    /// Compiles several conditions; boxed, because closures kept in an array are stored
    /// maximally abstracted and each call would pass through reabstraction thunks.
    private static func compileAll<Root>(
        _ nodes: [ConditionNode], as root: Root.Type
    ) throws(QueryError) -> [PredicateBox<Root>] {
        var tests: [PredicateBox<Root>] = []
        tests.reserveCapacity(nodes.count)
        for node in nodes {
            tests.append(PredicateBox(test: try compile(node, as: root)))
        }
        return tests
    }

    /// The operands of `&&` or `||` in the order to evaluate them: cheapest first, so that an
    /// integer comparison can spare a text search or a scan of a collection.
    ///
    /// Conditions have no side effects, so the order changes only the cost, never the result;
    /// operands of equal cost keep the order they were written in.
    static func cheapestFirst(_ nodes: [ConditionNode]) -> [ConditionNode] {
        nodes.enumerated()
            .sorted {
                (estimatedCost($0.element), $0.offset) < (estimatedCost($1.element), $1.offset)
            }
            .map(\.element)
    }

    /// A rough, relative cost of evaluating a condition once.
    static func estimatedCost(_ node: ConditionNode) -> Int {
        switch node {
        case .constant, .tooDeep: return 0
        case .comparison: return 1
        case .between: return 2
        case .oneOf(_, let values): return 1 + min(values.count, 16)
        case .text(_, let operation, _, _):
            switch operation {
            case .hasPrefix, .hasSuffix: return 4
            case .contains: return 6
            case .like: return 8
            case .matches: return 40
            }
        case .textOneOf: return 4
        case .search(let keyPaths, _): return 30 * keyPaths.count
        case .collection(_, .count): return 3
        case .collection: return 12
        case .quantified(_, _, let element): return 12 + 4 * estimatedCost(element)
        case .referenced(_, let inner), .referring(_, _, let inner):
            return 100 + estimatedCost(inner)
        case .not(let inner): return estimatedCost(inner)
        case .and(let nodes), .or(let nodes):
            return nodes.reduce(0) { $0 + estimatedCost($1) }
        }
    }

    static func conjunction<Root>(_ tests: [PredicateBox<Root>]) -> ModelPredicate<Root> {
        switch tests.count {
        case 0: return { _ in true }
        case 1: return tests[0].test
        case 2:
            let (a, b) = (tests[0].test, tests[1].test)
            return { a($0) && b($0) }
        case 3:
            let (a, b, c) = (tests[0].test, tests[1].test, tests[2].test)
            return { a($0) && b($0) && c($0) }
        default:
            return { root in
                for box in tests where !box.test(root) { return false }
                return true
            }
        }
    }

    static func disjunction<Root>(_ tests: [PredicateBox<Root>]) -> ModelPredicate<Root> {
        switch tests.count {
        case 0: return { _ in false }
        case 1: return tests[0].test
        case 2:
            let (a, b) = (tests[0].test, tests[1].test)
            return { a($0) || b($0) }
        case 3:
            let (a, b, c) = (tests[0].test, tests[1].test, tests[2].test)
            return { a($0) || b($0) || c($0) }
        default:
            return { root in
                for box in tests where box.test(root) { return true }
                return false
            }
        }
    }

    // MARK: Text

    /// A text test on an attribute; `operation` names it in errors.
    ///
    /// The test is held as `any TextTest`, not as a generic parameter: the engine's code is
    /// not specialized for the model type, and a generic test would be copied out of the
    /// closure's context, through its type's metadata, on every call. Text held in place is
    /// borrowed where it lies, so that no call retains or releases its storage.
    private static func compileText<Root>(
        _ keyPath: AttributeKeyPath, _ matcher: any TextTest, _ operation: String,
        as root: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        if keyPath.valueType == String.self {
            let reader = try keyPath.reader(Root.self, String.self)
            return { model in reader.withValue(at: model) { matcher.matches($0) } }
        }
        guard let text = keyPath.valueType as? any QueryTextConvertible.Type else {
            throw .unsupported(
                operation: "\(operation) on \(keyPath)", target: .inMemory,
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
        _ keyPath: AttributeKeyPath, _ matcher: any TextTest, as _: Root.Type
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
                let box = try fast.compileContains(keyPath, value, as: Root.self)
            {
                return box.test
            }
            let isValue = try ConditionCompiler.compile(
                .comparison(element, .equal, value), as: Element.self)
            return { reader.read($0).containsElement(where: isValue) }
        case .containsAny(let values):
            let isOneOf = try ConditionCompiler.compile(.oneOf(element, values), as: Element.self)
            return { reader.read($0).containsElement(where: isOneOf) }
        case .containsAll(let values):
            var tests: [PredicateBox<Element>] = []
            for value in values {
                tests.append(
                    PredicateBox(
                        test: try ConditionCompiler.compile(
                            .comparison(element, .equal, value), as: Element.self)))
            }
            let allTests = tests
            return { root in
                let collection = reader.read(root)
                return allTests.allSatisfy { collection.containsElement(where: $0.test) }
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
        case .any: return { reader.read($0).containsElement(where: test) }
        case .all: return { !reader.read($0).containsElement { !test($0) } }
        case .none: return { !reader.read($0).containsElement(where: test) }
        }
    }

    /// Whether an element, visited in place, satisfies a compiled condition.
    @inline(__always)
    func containsElement(where test: (UnsafePointer<Element>) -> Bool) -> Bool {
        var found = false
        scan { element in
            found = test(element)
            return !found
        }
        return found
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
    ) throws(QueryError) -> PredicateBox<Root>?
}

extension Array: EquatableElementCollection where Element: Equatable & QueryValueConvertible {
    static func compileContains<Root>(
        _ keyPath: AttributeKeyPath, _ value: QueryValue, as _: Root.Type
    ) throws(QueryError) -> PredicateBox<Root>? {
        guard let element = try trustedElement(value, for: keyPath) else { return nil }
        let reader = try keyPath.reader(Root.self, Self.self)
        // A plain indexed loop: no iterator, buffer or index types to instantiate per call.
        return PredicateBox { root in
            let array = reader.read(root)
            var index = 0
            let count = array.count
            while index < count {
                if array[index] == element { return true }
                index += 1
            }
            return false
        }
    }
}

extension Set: EquatableElementCollection where Element: QueryValueConvertible {
    static func compileContains<Root>(
        _ keyPath: AttributeKeyPath, _ value: QueryValue, as _: Root.Type
    ) throws(QueryError) -> PredicateBox<Root>? {
        guard let element = try trustedElement(value, for: keyPath) else { return nil }
        let reader = try keyPath.reader(Root.self, Self.self)
        return PredicateBox { reader.read($0).contains(element) }
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
