/// An aggregate's encoded form: its function and its attribute's name.
struct AggregateCodingRecord: Codable, Hashable {
    var function: AggregateFunction
    var attribute: String?
}

/// A condition on groups' encoded form.
indirect enum GroupConditionRecord: Codable, Hashable {
    case constant(Bool)
    case comparison(
        aggregate: AggregateCodingRecord, operator: ComparisonOperator, value: QueryValue)
    case not(condition: GroupConditionRecord)
    case and(conditions: [GroupConditionRecord])
    case or(conditions: [GroupConditionRecord])
}

/// Aggregates encode their attributes by name, as conditions do, so that a saved report can
/// be decoded against the same model.
extension Aggregate: Codable where Model: Queryable {
    /// Decodes an aggregate, looking its attribute's name up in the model's
    /// ``Queryable/queryAttributes``.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` wrapping a ``QueryError`` when the attribute
    ///   name is unknown.
    public init(from decoder: any Decoder) throws {
        let record = try AggregateCodingRecord(from: decoder)
        self = try AggregateCoding.decoding(decoder) { () throws(QueryError) in
            try AggregateCoding.aggregate(from: record)
        }
    }

    /// Encodes the aggregate with its attribute's name.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` wrapping a ``QueryError`` when the key path has
    ///   no attribute name.
    public func encode(to encoder: any Encoder) throws {
        try AggregateCoding.encoding(self, encoder) { () throws(QueryError) in
            try AggregateCoding.record(from: self)
        }.encode(to: encoder)
    }
}

extension GroupCondition: Codable where Model: Queryable {
    /// Decodes a condition on groups, looking each attribute name up in the model's
    /// ``Queryable/queryAttributes``.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` wrapping a ``QueryError`` when an attribute
    ///   name is unknown.
    public init(from decoder: any Decoder) throws {
        let record = try GroupConditionRecord(from: decoder)
        self = try AggregateCoding.decoding(decoder) { () throws(QueryError) in
            GroupCondition(try AggregateCoding.node(from: record))
        }
    }

    /// Encodes the condition with attribute names in place of key paths.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` wrapping a ``QueryError`` when a key path has no
    ///   attribute name.
    public func encode(to encoder: any Encoder) throws {
        try AggregateCoding.encoding(self, encoder) { () throws(QueryError) in
            try AggregateCoding.record(from: node)
        }.encode(to: encoder)
    }
}

/// Aggregate queries encode their aggregates, condition, grouping attributes and condition on
/// groups by attribute name; the positions of the keys that group by elements
/// (``GroupKey/elements(of:)``) as `elementGroups`, only when there are any.
extension AggregateQuery: Codable where Model: Queryable {
    private enum CodingKeys: String, CodingKey {
        case aggregates, condition, groupedBy, elementGroups, having
    }

    /// Decodes a query, looking each attribute name up in the model's
    /// ``Queryable/queryAttributes``.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` wrapping a ``QueryError`` when an attribute
    ///   name is unknown; other `DecodingError`s for a malformed encoding.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let names = try container.decode([String].self, forKey: .groupedBy)
        let elements = Set(
            try container.decodeIfPresent([Int].self, forKey: .elementGroups) ?? [])
        self.init(
            try container.decode([Aggregate<Model>].self, forKey: .aggregates),
            where: try container.decode(Condition<Model>.self, forKey: .condition),
            having: try container.decode(GroupCondition<Model>.self, forKey: .having))
        groupKeys = try AggregateCoding.decoding(decoder) { () throws(QueryError) in
            var keys: [GroupKey<Model>] = []
            for (index, name) in names.enumerated() {
                keys.append(
                    GroupKey(
                        try AttributeIndex.of(Model.self).keyPath(named: name),
                        groupsElements: elements.contains(index)))
            }
            return keys
        }
    }

    /// Encodes the query with attribute names in place of key paths.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` wrapping a ``QueryError`` when a key path has no
    ///   attribute name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(aggregates, forKey: .aggregates)
        try container.encode(condition, forKey: .condition)
        try container.encode(
            try AggregateCoding.encoding(self, encoder) { () throws(QueryError) in
                try groupAttributeNames()
            }, forKey: .groupedBy)
        let elements = groupKeys.indices.filter { groupKeys[$0].groupsElements }
        if !elements.isEmpty { try container.encode(elements, forKey: .elementGroups) }
        try container.encode(having, forKey: .having)
    }
}

/// Converts aggregates and conditions on groups to and from their encoded forms.
enum AggregateCoding {
    static func record<Model>(from aggregate: Aggregate<Model>) throws(QueryError)
        -> AggregateCodingRecord
    {
        AggregateCodingRecord(
            function: aggregate.function,
            attribute: try aggregate.keyPath.map { (keyPath) throws(QueryError) in
                try ConditionCoding.name(of: keyPath)
            })
    }

    static func aggregate<Model: Queryable>(
        from record: AggregateCodingRecord
    ) throws(QueryError) -> Aggregate<Model> {
        Aggregate(
            record.function,
            try record.attribute.map { (name) throws(QueryError) in
                try AttributeIndex.of(Model.self).keyPath(named: name)
            })
    }

    static func record<Model>(
        from node: GroupCondition<Model>.Node
    ) throws(QueryError) -> GroupConditionRecord {
        switch node {
        case .constant(let value): return .constant(value)
        case .comparison(let aggregate, let comparison, let value):
            return .comparison(
                aggregate: try record(from: aggregate), operator: comparison, value: value)
        case .not(let inner): return .not(condition: try record(from: inner))
        case .and(let nodes): return .and(conditions: try records(nodes))
        case .or(let nodes): return .or(conditions: try records(nodes))
        }
    }

    private static func records<Model>(
        _ nodes: [GroupCondition<Model>.Node]
    ) throws(QueryError) -> [GroupConditionRecord] {
        var records: [GroupConditionRecord] = []
        for node in nodes { records.append(try record(from: node)) }
        return records
    }

    static func node<Model: Queryable>(
        from record: GroupConditionRecord
    ) throws(QueryError) -> GroupCondition<Model>.Node {
        switch record {
        case .constant(let value): return .constant(value)
        case .comparison(let aggregate, let comparison, let value):
            return .comparison(try self.aggregate(from: aggregate), comparison, value)
        case .not(let inner): return .not(try node(from: inner))
        case .and(let records): return .and(try nodes(records))
        case .or(let records): return .or(try nodes(records))
        }
    }

    private static func nodes<Model: Queryable>(
        _ records: [GroupConditionRecord]
    ) throws(QueryError) -> [GroupCondition<Model>.Node] {
        var nodes: [GroupCondition<Model>.Node] = []
        for record in records { nodes.append(try node(from: record)) }
        return nodes
    }

    /// A decoded value, with a ``QueryError`` reported as `DecodingError.dataCorrupted`.
    static func decoding<Value>(
        _ decoder: any Decoder, _ body: () throws(QueryError) -> Value
    ) throws -> Value {
        do {
            return try body()
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: error.description,
                    underlyingError: error))
        }
    }

    /// A value to encode, with a ``QueryError`` reported as `EncodingError.invalidValue`.
    static func encoding<Value>(
        _ subject: Any, _ encoder: any Encoder, _ body: () throws(QueryError) -> Value
    ) throws -> Value {
        do {
            return try body()
        } catch {
            throw EncodingError.invalidValue(
                subject,
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: error.description,
                    underlyingError: error))
        }
    }
}
