/// A condition's encoded form: the tree with attribute names in place of key paths.
indirect enum ConditionRecord: Codable, Hashable {
    case constant(Bool)
    case comparison(attribute: String, operator: ComparisonOperator, value: QueryValue)
    case between(attribute: String, lower: QueryValue, upper: QueryValue)
    case oneOf(attribute: String, values: [QueryValue])
    case text(attribute: String, operation: TextOperator, operand: String, options: TextOptions)
    case textOneOf(attribute: String, operands: [String], options: TextOptions)
    case search(attributes: [String], search: TextSearch)
    case collection(attribute: String, test: CollectionTestRecord)
    case quantified(attribute: String, quantifier: Quantifier, element: ConditionRecord)
    case not(condition: ConditionRecord)
    case and(conditions: [ConditionRecord])
    case or(conditions: [ConditionRecord])
}

/// A collection test's encoded form.
enum CollectionTestRecord: Codable, Hashable {
    case contains(value: QueryValue)
    case containsAny(values: [QueryValue])
    case containsAll(values: [QueryValue])
    case count(operator: ComparisonOperator, number: Int)
}

extension Condition: Codable where Model: Queryable {
    /// Decodes a condition, looking each attribute name up in the model's
    /// ``Queryable/queryAttributes``.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` wrapping a ``QueryError`` when an attribute name
    ///   is unknown or the condition is nested deeper than ``maximumDepth``; other
    ///   `DecodingError`s for a malformed encoding.
    public init(from decoder: any Decoder) throws {
        let record = try ConditionRecord(from: decoder)
        do {
            let (node, depth) = try ConditionCoding.node(from: record, root: Model.self, depth: 1)
            self.init(node, depth: depth)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: error.description,
                    underlyingError: error))
        }
    }

    /// Encodes the condition with attribute names in place of key paths.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` wrapping a ``QueryError`` when a key path has no
    ///   attribute name or the condition is nested deeper than ``maximumDepth``.
    public func encode(to encoder: any Encoder) throws {
        do {
            guard depth <= Self.maximumDepth else {
                throw QueryError.conditionTooDeep(depth: depth, limit: Self.maximumDepth)
            }
            try ConditionCoding.record(from: node).encode(to: encoder)
        } catch let error as QueryError {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: error.description,
                    underlyingError: error))
        }
    }
}

/// Converts between a condition's tree and its encoded form.
enum ConditionCoding {
    static func name(of keyPath: AttributeKeyPath) throws(QueryError) -> String {
        try AttributeIndex.of(keyPath.rootType).name(for: keyPath)
    }

    static func record(from node: ConditionNode) throws(QueryError) -> ConditionRecord {
        switch node {
        case .constant(let value):
            return .constant(value)
        case .comparison(let keyPath, let comparison, let value):
            return .comparison(attribute: try name(of: keyPath), operator: comparison, value: value)
        case .between(let keyPath, let lower, let upper):
            return .between(attribute: try name(of: keyPath), lower: lower, upper: upper)
        case .oneOf(let keyPath, let values):
            return .oneOf(attribute: try name(of: keyPath), values: values)
        case .text(let keyPath, let operation, let operand, let options):
            return .text(
                attribute: try name(of: keyPath), operation: operation, operand: operand,
                options: options)
        case .textOneOf(let keyPath, let operands, let options):
            return .textOneOf(
                attribute: try name(of: keyPath), operands: operands, options: options)
        case .search(let keyPaths, let search):
            var names: [String] = []
            for keyPath in keyPaths { names.append(try name(of: keyPath)) }
            return .search(attributes: names, search: search)
        case .collection(let keyPath, let test):
            let testRecord: CollectionTestRecord =
                switch test {
                case .contains(let value): .contains(value: value)
                case .containsAny(let values): .containsAny(values: values)
                case .containsAll(let values): .containsAll(values: values)
                case .count(let comparison, let number):
                    .count(operator: comparison, number: number)
                }
            return .collection(attribute: try name(of: keyPath), test: testRecord)
        case .quantified(let keyPath, let quantifier, let element):
            return .quantified(
                attribute: try name(of: keyPath), quantifier: quantifier,
                element: try record(from: element))
        case .referenced(let link, _), .referring(let link, _, _):
            throw .unsupported(
                operation: "a condition through \(link)", target: .encoding,
                reason: "decoding could not know the model \(link.referred) or \(link.referring); "
                    + "encode the conditions on each model apart.")
        case .not(let inner):
            return .not(condition: try record(from: inner))
        case .and(let nodes):
            return .and(conditions: try records(from: nodes))
        case .or(let nodes):
            return .or(conditions: try records(from: nodes))
        case .tooDeep(let depth):
            throw .conditionTooDeep(depth: depth, limit: Condition<Void>.maximumDepth)
        }
    }

    private static func records(
        from nodes: [ConditionNode]
    ) throws(QueryError) -> [ConditionRecord] {
        var records: [ConditionRecord] = []
        for node in nodes { records.append(try record(from: node)) }
        return records
    }

    /// The tree of an encoded condition rooted at `root`, and its depth.
    static func node(
        from record: ConditionRecord, root: Any.Type, depth: Int
    ) throws(QueryError) -> (ConditionNode, Int) {
        let limit = Condition<Void>.maximumDepth
        guard depth <= limit else { throw .conditionTooDeep(depth: depth, limit: limit) }
        let index = AttributeIndex.of(root)
        switch record {
        case .constant(let value):
            return (.constant(value), depth)
        case .comparison(let name, let comparison, let value):
            return (.comparison(try index.keyPath(named: name), comparison, value), depth)
        case .between(let name, let lower, let upper):
            return (.between(try index.keyPath(named: name), lower: lower, upper: upper), depth)
        case .oneOf(let name, let values):
            return (.oneOf(try index.keyPath(named: name), values), depth)
        case .text(let name, let operation, let operand, let options):
            return (.text(try index.keyPath(named: name), operation, operand, options), depth)
        case .textOneOf(let name, let operands, let options):
            return (.textOneOf(try index.keyPath(named: name), operands, options), depth)
        case .search(let names, let search):
            var keyPaths: [AttributeKeyPath] = []
            for name in names { keyPaths.append(try index.keyPath(named: name)) }
            return (.search(keyPaths, search), depth)
        case .collection(let name, let testRecord):
            let test: CollectionTest =
                switch testRecord {
                case .contains(let value): .contains(value)
                case .containsAny(let values): .containsAny(values)
                case .containsAll(let values): .containsAll(values)
                case .count(let comparison, let number): .count(comparison, number)
                }
            return (.collection(try index.keyPath(named: name), test), depth)
        case .quantified(let name, let quantifier, let element):
            let keyPath = try index.keyPath(named: name)
            guard let collection = keyPath.valueType as? any Collection.Type else {
                throw .unsupported(
                    operation: "\(quantifier.rawValue) on \"\(name)\"", target: .inMemory,
                    reason: "\(keyPath.valueType) is not a collection.")
            }
            let (elementNode, elementDepth) = try node(
                from: element, root: elementType(of: collection), depth: depth + 1)
            return (.quantified(keyPath, quantifier, elementNode), elementDepth)
        case .not(let inner):
            let (innerNode, innerDepth) = try node(from: inner, root: root, depth: depth + 1)
            return (.not(innerNode), innerDepth)
        case .and(let records):
            let (nodes, childDepth) = try nodes(from: records, root: root, depth: depth + 1)
            return (.and(nodes), childDepth)
        case .or(let records):
            let (nodes, childDepth) = try nodes(from: records, root: root, depth: depth + 1)
            return (.or(nodes), childDepth)
        }
    }

    private static func nodes(
        from records: [ConditionRecord], root: Any.Type, depth: Int
    ) throws(QueryError) -> ([ConditionNode], Int) {
        var nodes: [ConditionNode] = []
        var deepest = depth
        for record in records {
            let (child, childDepth) = try node(from: record, root: root, depth: depth)
            nodes.append(child)
            deepest = max(deepest, childDepth)
        }
        return (nodes, deepest)
    }

    private static func elementType<C: Collection>(of _: C.Type) -> Any.Type {
        C.Element.self
    }
}
