import KeyPathQuery

/// An attribute of a model that stores keep an index on, declared in
/// ``StorableModel/indexedAttributes``.
///
/// Declare one for each attribute your queries often select by, with a key path of a value a
/// condition compares (a `QueryValueConvertible` type, optional or not: a collection does
/// not compile):
///
/// ```swift
/// extension Note {
///     static var indexedAttributes: [IndexedAttribute<Note>] {
///         [IndexedAttribute(\.title), IndexedAttribute(\.created)]
///     }
/// }
/// ```
///
/// Every backend then looks up, instead of scanning, the records a condition can hold for
/// when it compares an indexed attribute with `==`, `in`, `<`, `<=`, `>`, `>=` or `between`,
/// or tests it with `hasPrefix` without text options — alone, inside an `&&`, or in every
/// branch of an `||`. It still evaluates the whole condition on them and returns them in the
/// store's order, so an index changes how fast a query runs, never what it returns.
public struct IndexedAttribute<Model>: Sendable {
    /// The attribute's key path, as the model's `queryAttributes` map writes it.
    public let keyPath: any PartialKeyPath<Model> & Sendable

    /// The attribute's value in a record, as conditions compare it.
    let value: @Sendable (Model) -> QueryValue

    /// A condition's operand as a value of the attribute's type, as the query engine converts
    /// it before comparing; `nil` when it does not convert.
    let converted: @Sendable (QueryValue) -> QueryValue?

    /// Whether the attribute is text (`String` or `String?`), whose prefixes an index finds.
    let isText: Bool

    /// The attribute's text as conditions read it (`QueryTextConvertible/queryText`), `nil`
    /// for an absent value; `nil` itself for an attribute that is not text.
    let text: (@Sendable (Model) -> String?)?

    /// Whether a SQL store keeps the text's folded values, for equalities with text options
    /// (see ``init(_:foldingText:)``).
    public let foldsText: Bool

    /// Declares an index on an attribute.
    ///
    /// ```swift
    /// IndexedAttribute(\Pokemon.name)
    /// IndexedAttribute(\Favorite.userID, foldingText: false)
    /// ```
    ///
    /// For a text attribute, `SQLiteStore` and `PostgresStore` also keep each record's value
    /// folded as each of the text options folds it (three rows of the model's token table a
    /// record), so that `==` and `in` with `.caseInsensitive`, `.diacriticInsensitive` or
    /// both are answered through an index too. Pass `foldingText: false` for text that is
    /// only ever compared exactly (ids, keys, codes), to keep writes from paying for them.
    ///
    /// - Parameters:
    ///   - keyPath: The attribute: a key path that the model's `queryAttributes` map, to a
    ///     value conditions compare.
    ///   - foldingText: Whether a SQL store keeps the text's folded values; `true` by
    ///     default, ignored for an attribute that is not text.
    public init<Value: QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, foldingText: Bool = true
    ) {
        self.foldsText = foldingText
        self.keyPath = keyPath
        value = { $0[keyPath: keyPath as KeyPath<Model, Value>].queryValue }
        converted = { Value(queryValue: $0)?.queryValue }
        isText = Value.self == String.self || Value.self == String?.self
        if Value.self is any QueryTextConvertible.Type {
            text = { record in
                let value: any QueryValueConvertible = record[
                    keyPath: keyPath as KeyPath<Model, Value>]
                return (value as? any QueryTextConvertible)?.queryText
            }
        } else {
            text = nil
        }
    }
}

extension StorableModel {
    /// The indexes every backend keeps for the model: each of ``indexedAttributes``, in
    /// order, then the attribute of each of ``references`` that it does not list.
    ///
    /// A database finds the records that refer to a deleted one by their reference's
    /// attribute, and an app fetches a record's referrers by it, so a backend indexes it
    /// without the model declaring it:
    ///
    /// ```swift
    /// extension Note {
    ///     static var references: [ModelReference<Note>] {
    ///         [ModelReference(\.pokemonID, to: Pokemon.self, onDelete: .cascade)]
    ///     }
    ///     static var indexedAttributes: [IndexedAttribute<Note>] {
    ///         [IndexedAttribute(\.title)]
    ///     }
    /// }
    ///
    /// Note.storedIndexes.map(\.keyPath)   // [\Note.title, \Note.pokemonID]
    /// ```
    ///
    /// An attribute is listed once, under the name the model's `queryAttributes` map gives
    /// it: a reference whose attribute ``indexedAttributes`` lists adds nothing. A reference's
    /// attribute that the map leaves out is refused where an indexed one is (see
    /// ``indexedAttributeNames()``): by the stores that open a file or a database.
    ///
    /// - Complexity: O(*i* + *r*) for *i* indexed attributes and *r* references.
    public static var storedIndexes: [IndexedAttribute<Self>] {
        var indexes = indexedAttributes
        let references = declaredReferences
        guard !references.isEmpty else { return indexes }
        var names = Set(indexes.map { mappedName(of: $0) })
        for reference in references where names.insert(reference.attributeName).inserted {
            indexes.append(reference.indexedAttribute)
        }
        return indexes
    }

    /// The name the model's attribute map gives an indexed attribute, or a description of its
    /// key path when the map leaves it out (which ``indexedAttributeNames()`` refuses).
    private static func mappedName(of attribute: IndexedAttribute<Self>) -> String {
        (try? attributeName(for: attribute.keyPath)) ?? String(describing: attribute.keyPath)
    }

    /// Checks ``storedIndexes`` against the model's attribute map.
    ///
    /// - Throws: ``StoreError/invalidQuery(_:)`` wrapping
    ///   `QueryError.unmappedKeyPath(_:model:)` for the first indexed key path that
    ///   `queryAttributes` does not map, naming the model and the key path.
    package static func checkIndexedAttributes() throws(StoreError) {
        _ = try indexedAttributeNames()
    }

    /// The name the model's attribute map gives each of ``storedIndexes``, in order: the
    /// columns a database backend indexes, those of ``indexedAttributes`` and of the
    /// attributes of ``references``.
    ///
    /// ```swift
    /// try Pokemon.indexedAttributeNames()   // ["name", "attack", "favorite"]
    /// ```
    ///
    /// - Returns: The attributes' names, as conditions and SQL columns name them.
    /// - Throws: ``StoreError/invalidQuery(_:)`` wrapping
    ///   `QueryError.unmappedKeyPath(_:model:)` for the first indexed key path that
    ///   `queryAttributes` does not map, naming the model and the key path.
    public static func indexedAttributeNames() throws(StoreError) -> [String] {
        var names: [String] = []
        for attribute in storedIndexes {
            do {
                names.append(try attributeName(for: attribute.keyPath))
            } catch {
                throw .invalidQuery(error)
            }
        }
        return names
    }
}
