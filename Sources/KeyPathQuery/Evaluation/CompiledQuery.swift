import Foundation

/// A query compiled once for evaluation in memory: its condition, its ordering, its page.
///
/// Stores compile a query once and apply it to their records; you can do the same with any
/// collection of models:
///
/// ```swift
/// let strongest = try query.compiled()
/// let page = strongest.apply(to: allPokemon)
/// ```
public struct CompiledQuery<Model>: Sendable {
    /// The compiled condition.
    public let condition: CompiledCondition<Model>
    private let ordering: OrderingBox<Model>?
    private let limit: Int?
    private let offset: Int

    init(_ query: RecordQuery<Model>) throws(QueryError) {
        guard query.offset >= 0, (query.limit ?? 0) >= 0 else {
            throw .invalidPagination(limit: query.limit, offset: query.offset)
        }
        condition = try query.condition.compiled()
        ordering = try OrderingCompiler.compile(query.sortKeys, as: Model.self)
        limit = query.limit
        offset = query.offset
    }

    /// The values of a sequence that the query selects: those that satisfy the condition,
    /// sorted, then the page after `offset` of at most `limit`.
    ///
    /// - Parameter values: The values to query.
    /// - Returns: The selected values. Values equal on every sort key keep their order.
    /// - Complexity: O(*n*) to filter, plus O(*m* log *k*) to sort the *m* matches when a
    ///   limit keeps *k* = offset + limit of them (a partial sort), or O(*m* log *m*) without
    ///   a limit.
    public func apply(to values: some Sequence<Model>) -> [Model] {
        apply(to: values, where: condition)
    }

    /// Values that all satisfy the condition, sorted and paged as ``apply(to:)`` would: for a
    /// store that found exactly the matching records without evaluating the condition (an
    /// exact index lookup).
    ///
    /// - Parameter matches: Values that satisfy the condition.
    /// - Returns: The selected values: `matches` itself when the query has no sort key, limit
    ///   or offset.
    package func arrange(matches: [Model]) -> [Model] {
        if ordering == nil, limit == nil, offset == 0 { return matches }
        return apply(to: matches, where: .always)
    }

    private func apply(
        to values: some Sequence<Model>, where condition: CompiledCondition<Model>
    ) -> [Model] {
        guard let ordering = ordering?.order else { return page(values, where: condition) }
        if let limit {
            let keep = offset.addingReportingOverflow(limit)
            if !keep.overflow {
                return Array(
                    BoundedSelection.smallest(
                        keep.partialValue, of: values, where: condition.test,
                        by: ordering
                    ).dropFirst(offset))
            }
        }
        // Sort positions rather than values: comparisons read the values in place, and only
        // the selected page is copied out.
        let matches = values.scanFilter(condition)
        return matches.withUnsafeBufferPointer { buffer -> [Model] in
            guard let base = buffer.baseAddress else { return [] }
            var order = Array(buffer.indices)
            order.sort { ordering(base + $0, base + $1) == .orderedAscending }
            return order.dropFirst(offset).prefix(limit ?? Int.max).map { base[$0] }
        }
    }

    /// Whether the first value comes before the second in the query's order; `false` for
    /// values equal on every sort key, or when the query has no sort keys.
    ///
    /// - Parameters:
    ///   - lhs: A value.
    ///   - rhs: Another value.
    /// - Returns: Whether `lhs` sorts before `rhs`.
    public func areInIncreasingOrder(_ lhs: Model, _ rhs: Model) -> Bool {
        guard let ordering = ordering?.order else { return false }
        return withUnsafePointer(to: lhs) { lhs in
            withUnsafePointer(to: rhs) { rhs in ordering(lhs, rhs) == .orderedAscending }
        }
    }

    /// The page of an unsorted sequence, stopping as soon as it is full.
    private func page(
        _ values: some Sequence<Model>, where condition: CompiledCondition<Model>
    ) -> [Model] {
        if offset == 0, limit == nil { return values.scanFilter(condition) }
        let test = condition.test
        var result: [Model] = []
        var skipped = 0
        values.scan { value in
            guard test(value) else { return true }
            if skipped < offset {
                skipped += 1
                return true
            }
            if let limit, result.count >= limit { return false }
            result.append(value.pointee)
            return true
        }
        return result
    }
}

extension RecordQuery {
    /// Compiles the query for evaluation in memory.
    ///
    /// - Returns: The compiled query.
    /// - Throws: ``QueryError`` when the condition or a sort key cannot be evaluated, or the
    ///   limit or offset is negative.
    public func compiled() throws(QueryError) -> CompiledQuery<Model> {
        try CompiledQuery(self)
    }

    /// The values of a sequence that the query selects, sorted and paged.
    ///
    /// - Parameter values: The values to query.
    /// - Returns: The selected values.
    /// - Throws: ``QueryError``, as ``compiled()`` does.
    /// - Complexity: See ``CompiledQuery/apply(to:)``.
    public func apply(to values: some Sequence<Model>) throws(QueryError) -> [Model] {
        try compiled().apply(to: values)
    }
}
