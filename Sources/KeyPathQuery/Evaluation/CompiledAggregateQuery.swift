import Foundation

/// An aggregate query compiled once for evaluation in memory: its condition, a reader of
/// each grouping attribute and aggregated attribute, and the meaning every target shares.
///
/// ```swift
/// let perSpecies = try AggregateQuery<Pokemon>(.count, groupedBy: [\.speciesID]).compiled()
/// let rows = try perSpecies.apply(to: allPokemon)
/// ```
public struct CompiledAggregateQuery<Model>: Sendable {
    /// Reads one attribute's value as a ``QueryValue``, NaN read as ``QueryValue/null`` (as
    /// the SQL stores keep it).
    typealias ValueReader = @Sendable (UnsafePointer<Model>) -> QueryValue

    /// Reads a group key's values, giving each to its second argument: one for an
    /// attribute, each distinct element for a key that groups by elements (none for an
    /// empty array).
    typealias GroupReader =
        @Sendable (UnsafePointer<Model>, (QueryValue) -> Void) -> Void

    /// One aggregate to compute: what it is, how its values add up, and its reader.
    struct Part: Sendable {
        let aggregate: Aggregate<Model>
        let operand: AggregateOperand
        let read: ValueReader?
        /// `aggregate.function`, read once: the loop over the records reads it for each.
        let function: AggregateFunction

        init(aggregate: Aggregate<Model>, operand: AggregateOperand, read: ValueReader?) {
            self.aggregate = aggregate
            self.operand = operand
            self.read = read
            function = aggregate.function
        }
    }

    /// The compiled condition records must satisfy.
    public let condition: CompiledCondition<Model>
    private let query: AggregateQuery<Model>
    private let groupReaders: [GroupReader]
    private let parts: [Part]

    init(_ query: AggregateQuery<Model>) throws(QueryError) {
        self.query = query
        condition = try query.condition.compiled()
        var groupReaders: [GroupReader] = []
        for key in query.groupKeys {
            groupReaders.append(try Self.groupReader(key))
        }
        self.groupReaders = groupReaders
        var parts: [Part] = []
        for aggregate in query.computedAggregates {
            let operand = try AggregateOperand.of(aggregate, target: .inMemory)
            parts.append(
                Part(
                    aggregate: aggregate, operand: operand,
                    read: try aggregate.keyPath.map { (keyPath) throws(QueryError) in
                        try Self.reader(keyPath)
                    }))
        }
        self.parts = parts
    }

    /// The rows of the query over a sequence of values: one per group (or one in all,
    /// without groups) that satisfies the query's condition on groups, in ascending order of
    /// the group values.
    ///
    /// - Parameter values: The values to aggregate.
    /// - Returns: The rows.
    /// - Throws: ``QueryError/aggregateOverflow(_:)`` when a returned sum of integers does
    ///   not fit in `Int64`.
    /// - Complexity: O(*n*) in the number of values, plus O(*g* log *g*) to order the *g*
    ///   groups.
    public func apply(to values: some Sequence<Model>) throws(QueryError) -> [AggregateRow] {
        let test = condition.test
        let parts = parts
        let width = parts.count
        // Each group's states, `width` of them from `group * width`; its key in `keys`.
        var states: [AggregateState] = []
        var keys: [[QueryValue]] = []
        func add(_ value: UnsafePointer<Model>, to group: Int) {
            states.withUnsafeMutableBufferPointer { states in
                for index in 0..<width {
                    states[group * width + index].add(parts[index], value)
                }
            }
        }
        func newGroup(_ key: [QueryValue]) -> Int {
            keys.append(key)
            states.append(contentsOf: repeatElement(AggregateState(), count: width))
            return keys.count - 1
        }
        switch groupReaders.count {
        case 0:
            _ = newGroup([])
            values.scan { value in
                if test(value) { add(value, to: 0) }
                return true
            }
        case 1:
            // One key, the usual case: groups by its value, with no key array per record.
            var groups: [QueryValue: Int] = [:]
            let read = groupReaders[0]
            values.scan { value in
                guard test(value) else { return true }
                read(value) { key in
                    if let found = groups[key] {
                        add(value, to: found)
                    } else {
                        let group = newGroup([key])
                        groups[key] = group
                        add(value, to: group)
                    }
                }
                return true
            }
        default:
            var groups: [[QueryValue]: Int] = [:]
            let groupReaders = groupReaders
            values.scan { value in
                guard test(value) else { return true }
                for key in Self.combinations(groupReaders.map { Self.values(of: value, $0) }) {
                    if let found = groups[key] {
                        add(value, to: found)
                    } else {
                        let group = newGroup(key)
                        groups[key] = group
                        add(value, to: group)
                    }
                }
                return true
            }
        }
        var order = Array(keys.indices)
        if !groupReaders.isEmpty {
            order.sort { Self.ascending(keys[$0], keys[$1]) }
        }
        var rows: [AggregateRow] = []
        for group in order {
            let state = Array(states[(group * width)..<((group + 1) * width)])
            guard try keeps(query.having.node, state) else { continue }
            var row = AggregateRow(groupValues: keys[group], values: [])
            for index in query.aggregates.indices {
                row.values.append(try state[index].value(of: parts[index]))
            }
            rows.append(row)
        }
        return rows
    }

    /// The values a group reader gives for a record, in an array.
    private static func values(
        of value: UnsafePointer<Model>, _ read: GroupReader
    ) -> [QueryValue] {
        var values: [QueryValue] = []
        read(value) { values.append($0) }
        return values
    }

    /// Whether a group's aggregates satisfy a condition on groups.
    private func keeps(
        _ node: GroupCondition<Model>.Node, _ state: [AggregateState]
    ) throws(QueryError) -> Bool {
        switch node {
        case .constant(let value): return value
        case .comparison(let aggregate, let comparison, let value):
            guard let index = parts.firstIndex(where: { $0.aggregate == aggregate }) else {
                return false
            }
            guard let order = state[index].compare(parts[index], to: value) else { return false }
            return comparison.holds(for: order)
        case .not(let inner): return try !keeps(inner, state)
        case .and(let nodes):
            for node in nodes where try !keeps(node, state) { return false }
            return true
        case .or(let nodes):
            for node in nodes where try keeps(node, state) { return true }
            return false
        }
    }

    /// Whether one group's values come before another's: ascending, `nil` first.
    static func ascending(_ lhs: [QueryValue], _ rhs: [QueryValue]) -> Bool {
        for (left, right) in zip(lhs, rhs) {
            switch (left.isNull, right.isNull) {
            case (true, true): continue
            case (true, false): return true
            case (false, true): return false
            case (false, false):
                switch left.compare(to: right) ?? .orderedSame {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
        }
        return false
    }

    /// Every combination of one value of each key, in order: one for keys that are all
    /// attributes, none when a key has no value (an empty array).
    private static func combinations(_ values: [[QueryValue]]) -> [[QueryValue]] {
        if values.allSatisfy({ $0.count == 1 }) { return [values.map { $0[0] }] }
        var combinations: [[QueryValue]] = [[]]
        for choices in values {
            combinations = combinations.flatMap { prefix in choices.map { prefix + [$0] } }
        }
        return combinations
    }

    private static func groupReader(_ key: GroupKey<Model>) throws(QueryError) -> GroupReader {
        guard key.groupsElements else {
            let read = try reader(key.keyPath)
            return { model, body in body(read(model)) }
        }
        _ = try key.valueType(target: .inMemory)
        let keyPath = key.keyPath
        if let list = keyPath.valueType as? any ListAttribute.Type,
            let typed = list.elementsReader(keyPath, as: Model.self)
        {
            return typed
        }
        return { model, body in
            guard let list = model.pointee[keyPath: keyPath.keyPath] as? any ListAttribute else {
                return
            }
            var distinct: [QueryValue] = []
            for element in list.listElements {
                var value = (element as? any QueryValueConvertible)?.queryValue ?? .null
                if case .double(let number) = value, number.isNaN { value = .null }
                if !distinct.contains(value) { distinct.append(value) }
            }
            distinct.forEach(body)
        }
    }

    private static func reader(_ keyPath: AttributeKeyPath) throws(QueryError) -> ValueReader {
        guard let convertible = keyPath.valueType as? any QueryValueConvertible.Type else {
            throw .unsupported(
                operation: "an aggregate or group on \(keyPath)", target: .inMemory,
                reason: "\(keyPath.valueType) does not conform to QueryValueConvertible.")
        }
        return try convertible.aggregateReader(keyPath, as: Model.self)
    }
}

extension QueryValueConvertible {
    static func aggregateReader<Root>(
        _ keyPath: AttributeKeyPath, as _: Root.Type
    ) throws(QueryError) -> CompiledAggregateQuery<Root>.ValueReader {
        let reader = try keyPath.reader(Root.self, Self.self)
        return { model in
            let value = reader.read(model).queryValue
            if case .double(let number) = value, number.isNaN { return .null }
            return value
        }
    }
}

extension AggregateQuery {
    /// Compiles the query for evaluation in memory.
    ///
    /// - Returns: The compiled query.
    /// - Throws: ``QueryError`` when the condition cannot be evaluated, a key path has no
    ///   value every target can read, or a sum or average is of a type that is not a number
    ///   (``QueryError/unsupported(operation:target:reason:)``).
    public func compiled() throws(QueryError) -> CompiledAggregateQuery<Model> {
        try CompiledAggregateQuery(self)
    }

    /// The rows of the query over a sequence of values, computed in memory.
    ///
    /// ```swift
    /// let rows = try AggregateQuery<Pokemon>(.count, .sum(\.attack)).apply(to: allPokemon)
    /// rows[0].values   // [.integer(1351), .integer(111_806)]
    /// ```
    ///
    /// - Parameter values: The values to aggregate.
    /// - Returns: The rows, as ``CompiledAggregateQuery/apply(to:)`` gives them.
    /// - Throws: ``QueryError``, as ``compiled()`` and ``CompiledAggregateQuery/apply(to:)``
    ///   do.
    /// - Complexity: O(*n*) in the number of values, plus O(*g* log *g*) in the number of
    ///   groups.
    public func apply(to values: some Sequence<Model>) throws(QueryError) -> [AggregateRow] {
        try compiled().apply(to: values)
    }
}

extension ListAttribute where Self: Sequence {
    /// A reader of each distinct element's value of a list attribute, through its typed key
    /// path, without a dynamic cast per element; `nil` when the elements have no query
    /// representation or the key path is not of this type.
    static func elementsReader<Root>(
        _ keyPath: AttributeKeyPath, as _: Root.Type
    ) -> CompiledAggregateQuery<Root>.GroupReader? {
        guard let typed = keyPath.typed(Root.self, Self.self),
            let convertible = Element.self as? any QueryValueConvertible.Type
        else { return nil }
        func reader<Value: QueryValueConvertible>(
            _: Value.Type
        ) -> CompiledAggregateQuery<Root>.GroupReader {
            let read: (UnsafePointer<Root>, (QueryValue) -> Void) -> Void = { model, body in
                // Most lists hold a value or two: the first is kept apart, so that a list of
                // one makes no array.
                var first: QueryValue?
                var others: [QueryValue] = []
                for element in model.pointee[keyPath: typed] {
                    // `Element` is `Value`, checked above: the cast only names it.
                    var value = unsafeBitCast(element, to: Value.self).queryValue
                    if case .double(let number) = value, number.isNaN { value = .null }
                    if let first {
                        if first == value || others.contains(value) { continue }
                        others.append(value)
                    } else {
                        first = value
                    }
                    body(value)
                }
            }
            let box = UncheckedGroupReader(read: read)
            return { model, body in box.read(model, body) }
        }
        return reader(convertible)
    }
}

/// A group reader made of a typed key path and a list type's metatype, neither of which a
/// `Sendable` closure may capture; `@unchecked` as both are immutable.
private struct UncheckedGroupReader<Root>: @unchecked Sendable {
    let read: (UnsafePointer<Root>, (QueryValue) -> Void) -> Void
}
