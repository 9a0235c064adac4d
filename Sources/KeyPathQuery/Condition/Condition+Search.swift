// Word searches over text attributes: `TextSearch` in a condition.

extension Condition {
    /// The condition that a text attribute matches a word search: every word of the search
    /// begins a word of the text, ignoring case and diacritics.
    ///
    /// ```swift
    /// let search = try TextSearch("char")
    /// Condition<Pokemon>.search(\.name, for: search)   // charmander, charmeleon, charizard
    /// ```
    ///
    /// <doc:SearchingText> states what a search means. The in-memory engine evaluates it; the
    /// SQL renderers render it against a table of folded tokens that ``SQLOptions/tables``
    /// names (``SQLSearchIndex``), and refuse it without one, as the `NSPredicate` format
    /// always does, with ``QueryError/unsupported(operation:target:reason:)``. A store answers
    /// a search over the attributes its model declares searchable from its word index.
    ///
    /// - Parameters:
    ///   - keyPath: The text attribute.
    ///   - search: The search.
    /// - Returns: The condition; false where the attribute is `nil`.
    public static func search<Value: QueryTextConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, for search: TextSearch
    ) -> Condition {
        Condition(.search([AttributeKeyPath(keyPath)], search))
    }

    /// The condition that the texts of a collection attribute, taken together, match a word
    /// search: every word of the search begins a word of one of the texts.
    ///
    /// ```swift
    /// Condition<Pokemon>.search(\.abilities, for: try TextSearch("solar"))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The collection attribute, an array or a set of text.
    ///   - search: The search.
    /// - Returns: The condition; false for an empty collection.
    public static func search<Texts: Collection>(
        _ keyPath: any KeyPath<Model, Texts> & Sendable, for search: TextSearch
    ) -> Condition where Texts.Element: QueryTextConvertible {
        Condition(.search([AttributeKeyPath(keyPath)], search))
    }

    /// The condition that several attributes, taken together as one document, match a word
    /// search: every word of the search begins a word of one of them — one word may be in
    /// the name and another in the flavor text.
    ///
    /// ```swift
    /// Condition<Pokemon>.search([\.name, \.abilities], for: try TextSearch("char blaze"))
    /// ```
    ///
    /// Each attribute is text, optional text, a ``QueryTextConvertible`` value, or an array or
    /// set of them; compiling the condition throws
    /// ``QueryError/unsupported(operation:target:reason:)`` for any other.
    ///
    /// - Parameters:
    ///   - keyPaths: The attributes. With none, the condition matches nothing.
    ///   - search: The search.
    /// - Returns: The condition; an attribute that is `nil` adds no word.
    public static func search(
        _ keyPaths: [any PartialKeyPath<Model> & Sendable], for search: TextSearch
    ) -> Condition {
        Condition(.search(keyPaths.map(AttributeKeyPath.init), search))
    }
}
