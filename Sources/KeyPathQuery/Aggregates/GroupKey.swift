/// What groups the records of an ``AggregateQuery``: an attribute's value, or each element of
/// an array or set attribute.
///
/// ```swift
/// // How many Pokémon have each type, and their average attack: a Fire/Flying Pokémon
/// // counts once for Fire and once for Flying.
/// let perType = AggregateQuery<Pokemon>(
///     .count, .average(\.attack), groupedBy: [.elements(of: \.types)])
/// // [AggregateRow(groupValues: [.string("bug")], values: [.integer(106), .double(72.9…)]), …]
/// ```
///
/// Grouping by elements has one meaning in every target — in memory, in SQLite (`json_each`)
/// and in PostgreSQL (`jsonb_array_elements`, `LATERAL`):
///
/// - A record is in the group of each distinct element of its array: once in a group,
///   however many times its array repeats the element (elements compared as the group
///   values are).
/// - A record whose array is empty is in no group; its aggregates count nowhere. A query
///   grouped by elements alone has no row for it, even without other records.
/// - A `nil` element (an array of optionals) is a group of its own, first, as a `nil`
///   attribute is.
/// - Two element keys group by every pair of their elements, each pair once per record.
/// - Elements must be text, integers (up to `Int64`), `Double`s, `Float`s or Booleans, as
///   stored in a JSON array; any other element type (dates, bytes, `UInt64`, collections) is
///   refused in every target with ``QueryError/unsupported(operation:target:reason:)``.
/// - Core Data's `propertiesToGroupBy` groups by attributes only, so
///   ``AggregateQuery/fetchAggregation()`` refuses an element key with
///   ``QueryError/unsupported(operation:target:reason:)``.
///
/// An attribute that is optional as a whole (`[String]?`) cannot be named: store an empty
/// array for none.
public struct GroupKey<Model>: Hashable, Sendable {
    /// The attribute.
    let keyPath: AttributeKeyPath
    /// Whether the key groups by each element of the attribute rather than by its value.
    let groupsElements: Bool

    init(_ keyPath: AttributeKeyPath, groupsElements: Bool) {
        self.keyPath = keyPath
        self.groupsElements = groupsElements
    }

    /// Groups by an attribute's value, as a key path in `groupedBy:` does.
    ///
    /// ```swift
    /// let perSpecies = AggregateQuery<Pokemon>(.count, groupedBy: [.attribute(\.speciesID)])
    /// ```
    ///
    /// - Parameter keyPath: The attribute; a ``QueryValueConvertible`` attribute of the model.
    /// - Returns: The key.
    public static func attribute(_ keyPath: any PartialKeyPath<Model> & Sendable) -> GroupKey {
        GroupKey(AttributeKeyPath(keyPath), groupsElements: false)
    }

    /// Groups by each distinct element of an array or set attribute: a record is in the
    /// group of every element its array holds, once.
    ///
    /// ```swift
    /// let perType = AggregateQuery<Pokemon>(.count, groupedBy: [.elements(of: \.types)])
    /// ```
    ///
    /// - Parameter keyPath: The array or set attribute.
    /// - Returns: The key.
    public static func elements<C: Collection>(
        of keyPath: any KeyPath<Model, C> & Sendable
    ) -> GroupKey where C.Element: QueryValueConvertible {
        GroupKey(AttributeKeyPath(keyPath), groupsElements: true)
    }

    /// The type of the key's values: the attribute's, or its elements'.
    ///
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` for elements that are
    ///   not text, an integer, a floating-point number or a Boolean.
    func valueType(target: QueryTarget) throws(QueryError) -> Any.Type {
        guard groupsElements else { return keyPath.valueType }
        let operation = "a group by the elements of \(keyPath)"
        let element = try RenderingChecks.elementType(
            of: keyPath.valueType, attribute: "\(keyPath)", operation: operation, target: target)
        let kinds: Set<SQLValueKind> = [.text, .integer, .real, .boolean]
        guard element is any QueryValueConvertible.Type,
            kinds.contains(SQLValueKind(of: element)), !AggregateOperand.holdsDate(element)
        else {
            throw .unsupported(
                operation: operation, target: target,
                reason: "\(element) is not text, an integer, a floating-point number or a "
                    + "Boolean, which every target reads alike from a JSON array.")
        }
        return element
    }
}

extension GroupKey: CustomStringConvertible {
    /// The key as it reads in messages: `\Pokemon.speciesID`, `elements(of: \Pokemon.types)`.
    public var description: String {
        groupsElements ? "elements(of: \(keyPath))" : "\(keyPath)"
    }
}
