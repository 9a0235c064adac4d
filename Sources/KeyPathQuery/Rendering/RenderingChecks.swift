/// The checks every renderer makes before it renders a leaf, so that `NSPredicate` and SQL
/// refuse exactly what evaluation in memory refuses — with the renderer's own target named.
enum RenderingChecks {
    /// The attribute name of a key path, nested names joined with dots.
    ///
    /// - Throws: ``QueryError/unmappedKeyPath(_:model:)``.
    static func name(of keyPath: AttributeKeyPath) throws(QueryError) -> String {
        try AttributeIndex.of(keyPath.rootType).name(for: keyPath)
    }

    /// Refuses a text search: `NSPredicate` has no word search, and SQL has the search's
    /// folding only through the tokens a store keeps (``SQLSearchIndex``), so a store without
    /// them answers it in memory (see <doc:SearchingText>).
    ///
    /// - Throws: ``QueryError/unmappedKeyPath(_:model:)`` for an attribute without a name, and
    ///   otherwise ``QueryError/unsupported(operation:target:reason:)``, always.
    static func refuseSearch(
        _ keyPaths: [AttributeKeyPath], _ search: TextSearch, target: QueryTarget
    ) throws(QueryError) -> Never {
        var names: [String] = []
        for keyPath in keyPaths { names.append(try name(of: keyPath)) }
        let reason =
            target == .predicateFormat
            ? "NSPredicate has no word search, and its [cd] folding is not the search's rule; "
                + "evaluate the search in memory."
            : "SQL cannot fold a column by the search's Unicode rule, and no token table "
                + "(SQLTables.addSearchIndex) keeps these attributes' folded tokens; a store "
                + "answers the search in memory."
        throw .unsupported(
            operation: "a search for \(search.description.debugDescription) in "
                + names.joined(separator: ", "),
            target: target, reason: reason)
    }

    /// Checks that a value fits an attribute's type, as compiling for memory does, and returns
    /// the value memory compares: `nil` fits everything (comparing a present value with `nil`
    /// has a meaning), anything else must convert to the type.
    ///
    /// Memory compares every attribute with the value the operand converts to, so a renderer
    /// must bind that value's representation, not the operand as written: a decoded condition
    /// may give a `UUID` attribute its lower-case text, which memory reads as the UUID and SQL
    /// stores upper-case, or a `Bool` attribute the integer `1`, which memory reads as `true`
    /// and PostgreSQL would refuse to compare with a `boolean` column.
    ///
    /// - Parameters:
    ///   - value: The operand, as the condition holds it.
    ///   - type: The attribute's (or the collection element's) type.
    ///   - attribute: The attribute's name, for errors.
    ///   - target: The renderer's target, for errors.
    /// - Returns: The operand to render.
    /// - Throws: ``QueryError/invalidValue(_:attribute:expected:)`` when it does not fit (a
    ///   decoded condition; the typed builders cannot make one), and
    ///   ``QueryError/unsupported(operation:target:reason:)`` when the type cannot be compared.
    static func operand(
        _ value: QueryValue, fitting type: Any.Type, attribute: String, target: QueryTarget
    ) throws(QueryError) -> QueryValue {
        guard !value.isNull else { return value }
        guard let convertible = type as? any QueryValueConvertible.Type else {
            throw .unsupported(
                operation: "a comparison on \"\(attribute)\"", target: target,
                reason: "\(type) does not conform to QueryValueConvertible.")
        }
        guard let converted = convertible.init(queryValue: value) else {
            throw .invalidValue(value, attribute: attribute, expected: "\(type)")
        }
        return converted.queryValue
    }

    /// ``operand(_:fitting:attribute:target:)`` for each of a list of values.
    static func operands(
        _ values: [QueryValue], fitting type: Any.Type, attribute: String, target: QueryTarget
    ) throws(QueryError) -> [QueryValue] {
        try values.map { value throws(QueryError) in
            try operand(value, fitting: type, attribute: attribute, target: target)
        }
    }

    /// Checks that an attribute holds text, for text conditions and case-insensitive sorts.
    ///
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` when it does not.
    static func checkText(
        _ type: Any.Type, attribute: String, operation: String, target: QueryTarget
    ) throws(QueryError) {
        guard type is any QueryTextConvertible.Type else {
            throw .unsupported(
                operation: operation, target: target,
                reason: "\"\(attribute)\" holds \(type), which is not text "
                    + "(QueryTextConvertible).")
        }
    }

    /// The element type of an attribute that both renderers store as a list: an array or a
    /// set.
    ///
    /// Text and bytes are collections in Swift, but `NSPredicate` and SQLite see them as single
    /// values, so a collection test on them has no rendering.
    ///
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` for any other type.
    static func elementType(
        of type: Any.Type, attribute: String, operation: String, target: QueryTarget
    ) throws(QueryError) -> Any.Type {
        guard let list = type as? any ListAttribute.Type else {
            throw .unsupported(
                operation: operation, target: target,
                reason: "\"\(attribute)\" holds \(type); collection conditions render for "
                    + "arrays and sets only.")
        }
        return list.elementType
    }
}

/// A collection that `NSPredicate` sees as a to-many value and SQL stores as a JSON array.
protocol ListAttribute {
    /// The type of the elements.
    static var elementType: Any.Type { get }

    /// The elements, in the collection's order.
    var listElements: [Any] { get }

    /// Writes a list's column JSON reading each element's query representation directly,
    /// when the elements have one; `nil` otherwise, where ``SQLStorageJSON`` writes the
    /// boxed ``listElements``. Both write the same text.
    static func queryValueWriter() -> ((Self, SQLOptions, inout String) -> Void)?

    /// Reads each distinct element's query value of the attribute at a key path, through
    /// the typed key path, for grouping by elements in memory; `nil` when the elements have
    /// no query representation.
    static func elementsReader<Root>(
        _ keyPath: AttributeKeyPath, as _: Root.Type
    ) -> CompiledAggregateQuery<Root>.GroupReader?
}

extension ListAttribute where Self: Sequence {
    static func queryValueWriter() -> ((Self, SQLOptions, inout String) -> Void)? {
        guard let convertible = Element.self as? any QueryValueConvertible.Type else {
            return nil
        }
        func writer<Value: QueryValueConvertible>(
            _: Value.Type
        ) -> (Self, SQLOptions, inout String) -> Void {
            { list, options, json in
                json += "["
                var first = true
                for element in list {
                    if !first { json += "," }
                    first = false
                    // `Element` is `Value`, checked above: the cast only names it.
                    let value = unsafeBitCast(element, to: Value.self)
                    SQLStorageJSON.write(value.queryValue, options: options, to: &json)
                }
                json += "]"
            }
        }
        return writer(convertible)
    }
}

extension Array: ListAttribute {
    static var elementType: Any.Type { Element.self }
    var listElements: [Any] { map { $0 } }
}

extension ContiguousArray: ListAttribute {
    static var elementType: Any.Type { Element.self }
    var listElements: [Any] { map { $0 } }
}

extension Set: ListAttribute {
    static var elementType: Any.Type { Element.self }
    var listElements: [Any] { map { $0 } }
}
