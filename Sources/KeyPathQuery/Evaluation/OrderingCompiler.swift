import Foundation

/// Orders two models in memory.
typealias ModelOrdering<Root> =
    @Sendable (UnsafePointer<Root>, UnsafePointer<Root>) ->
    ComparisonResult

/// A compiled ordering in a box (see ``PredicateBox`` for why).
struct OrderingBox<Root>: Sendable {
    let order: ModelOrdering<Root>
}

/// Compiles sort keys into one ordering, with the meaning every target shares.
enum OrderingCompiler {
    static func compile<Root>(
        _ keys: [SortKey<Root>], as root: Root.Type
    ) throws(QueryError) -> OrderingBox<Root>? {
        guard !keys.isEmpty else { return nil }
        var orderings: [ModelOrdering<Root>] = []
        for key in keys {
            orderings.append(try compile(key, as: root))
        }
        if orderings.count == 1 { return OrderingBox(order: orderings[0]) }
        let all = orderings
        return OrderingBox { lhs, rhs in
            for ordering in all {
                let order = ordering(lhs, rhs)
                if order != .orderedSame { return order }
            }
            return .orderedSame
        }
    }

    private static func compile<Root>(
        _ key: SortKey<Root>, as root: Root.Type
    ) throws(QueryError) -> ModelOrdering<Root> {
        let ascending = try ascendingOrdering(key, as: root)
        guard key.direction == .descending else { return ascending }
        return { lhs, rhs in ascending(rhs, lhs) }
    }

    /// The key's ascending ordering, with `nil` placed as the key says for its direction.
    private static func ascendingOrdering<Root>(
        _ key: SortKey<Root>, as _: Root.Type
    ) throws(QueryError) -> ModelOrdering<Root> {
        // In ascending terms, "nils first" of a descending key means nils are largest.
        let nilsFirst = (key.effectiveNilPlacement == .first) == (key.direction == .ascending)
        let valueType = key.keyPath.valueType
        if !key.options.isEmpty {
            guard let text = valueType as? any QueryTextConvertible.Type else {
                throw .unsupported(
                    operation: "a sort on \(key.keyPath) with text options", target: .inMemory,
                    reason: "\(valueType) is not text (QueryTextConvertible).")
            }
            return try text.foldedOrdering(
                key.keyPath, options: key.options, nilsFirst: nilsFirst, as: Root.self)
        }
        if let native = valueType as? any NativeQueryValue.Type {
            return try native.nativeOrdering(key.keyPath, as: Root.self)
        }
        if let optional = valueType as? any OptionalQueryValue.Type,
            let box = try optional.optionalOrdering(
                key.keyPath, nilsFirst: nilsFirst, as: Root.self)
        {
            return box.order
        }
        if let convertible = valueType as? any QueryValueConvertible.Type {
            return try convertible.representationOrdering(
                key.keyPath, nilsFirst: nilsFirst, as: Root.self)
        }
        throw .unsupported(
            operation: "a sort on \(key.keyPath)", target: .inMemory,
            reason: "\(valueType) does not conform to QueryValueConvertible.")
    }

    @inline(__always)
    static func order<T: Comparable>(_ lhs: T, _ rhs: T) -> ComparisonResult {
        lhs < rhs ? .orderedAscending : (rhs < lhs ? .orderedDescending : .orderedSame)
    }

    /// Orders two optional representations; `nil` goes where `nilsFirst` says.
    @inline(__always)
    static func orderOptionals<T>(
        _ lhs: T?, _ rhs: T?, nilsFirst: Bool, _ order: (T, T) -> ComparisonResult
    ) -> ComparisonResult {
        switch (lhs, rhs) {
        case (nil, nil): .orderedSame
        case (nil, _): nilsFirst ? .orderedAscending : .orderedDescending
        case (_, nil): nilsFirst ? .orderedDescending : .orderedAscending
        case (let l?, let r?): order(l, r)
        }
    }
}

extension NativeQueryValue {
    static func nativeOrdering<Root>(
        _ keyPath: AttributeKeyPath, as _: Root.Type
    ) throws(QueryError) -> ModelOrdering<Root> {
        let reader = try keyPath.reader(Root.self, Self.self)
        return { OrderingCompiler.order(reader.read($0), reader.read($1)) }
    }

    static func optionalNativeOrdering<Root>(
        _ keyPath: AttributeKeyPath, nilsFirst: Bool, as _: Root.Type
    ) throws(QueryError) -> ModelOrdering<Root> {
        let reader = try keyPath.reader(Root.self, Self?.self)
        return {
            OrderingCompiler.orderOptionals(
                reader.read($0), reader.read($1), nilsFirst: nilsFirst, OrderingCompiler.order)
        }
    }
}

extension Optional {
    static func optionalOrdering<Root>(
        _ keyPath: AttributeKeyPath, nilsFirst: Bool, as _: Root.Type
    ) throws(QueryError) -> OrderingBox<Root>? {
        guard let native = Wrapped.self as? any NativeQueryValue.Type else { return nil }
        return OrderingBox(
            order: try native.optionalNativeOrdering(keyPath, nilsFirst: nilsFirst, as: Root.self))
    }
}

extension QueryValueConvertible {
    static func representationOrdering<Root>(
        _ keyPath: AttributeKeyPath, nilsFirst: Bool, as _: Root.Type
    ) throws(QueryError) -> ModelOrdering<Root> {
        let reader = try keyPath.reader(Root.self, Self.self)
        return { lhs, rhs in
            let (l, r) = (reader.read(lhs).queryValue, reader.read(rhs).queryValue)
            return OrderingCompiler.orderOptionals(
                l.isNull ? nil : l, r.isNull ? nil : r, nilsFirst: nilsFirst
            ) { $0.compare(to: $1) ?? .orderedSame }
        }
    }
}

extension QueryTextConvertible {
    static func foldedOrdering<Root>(
        _ keyPath: AttributeKeyPath, options: TextOptions, nilsFirst: Bool, as _: Root.Type
    ) throws(QueryError) -> ModelOrdering<Root> {
        let reader = try keyPath.reader(Root.self, Self.self)
        return { lhs, rhs in
            OrderingCompiler.orderOptionals(
                reader.read(lhs).queryText, reader.read(rhs).queryText, nilsFirst: nilsFirst
            ) { OrderingCompiler.orderFolded($0, $1, options) }
        }
    }
}

extension OrderingCompiler {
    /// Orders two texts folded as text conditions fold them (``TextMatcher``), by the folded
    /// texts' UTF-8 bytes; a text that is a prefix of the other comes first.
    ///
    /// Two ASCII texts compared ignoring case only are folded byte by byte without allocating:
    /// Unicode case folding of ASCII is lower-casing `A`–`Z`, so the order is the same.
    static func orderFolded(_ lhs: String, _ rhs: String, _ options: TextOptions)
        -> ComparisonResult
    {
        if options == .caseInsensitive, let order = orderIgnoringASCIICase(lhs, rhs) {
            return order
        }
        var left = TextMatcher.fold(lhs, options).utf8.makeIterator()
        var right = TextMatcher.fold(rhs, options).utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return .orderedSame
            case (nil, _): return .orderedAscending
            case (_, nil): return .orderedDescending
            case (let l?, let r?) where l != r:
                return l < r ? .orderedAscending : .orderedDescending
            default: continue
            }
        }
    }

    /// Orders two ASCII texts by their bytes with `A`–`Z` read as `a`–`z`, or `nil` when
    /// either holds a byte outside ASCII.
    private static func orderIgnoringASCIICase(_ lhs: String, _ rhs: String) -> ComparisonResult? {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left -> ComparisonResult? in
            rhs.withUTF8 { right -> ComparisonResult? in
                guard left.allSatisfy({ $0 < 0x80 }), right.allSatisfy({ $0 < 0x80 }) else {
                    return nil
                }
                for index in 0..<Swift.min(left.count, right.count) {
                    let (l, r) = (
                        TextMatcher.lowercased(left[index]), TextMatcher.lowercased(right[index])
                    )
                    if l != r { return l < r ? .orderedAscending : .orderedDescending }
                }
                return order(left.count, right.count)
            }
        }
    }
}
