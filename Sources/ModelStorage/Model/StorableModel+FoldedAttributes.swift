import KeyPathQuery

extension StorableModel {
    /// The names of the text attributes (`QueryTextConvertible`) among
    /// ``indexedAttributes``, in order, each once: those whose values a SQL store keeps folded
    /// for equalities with `TextOptions` (`SQLSearchIndex/foldedAttributes`).
    ///
    /// ```swift
    /// try Pokemon.foldedAttributeNames()   // ["name"]
    /// ```
    ///
    /// - Returns: The attributes' names, as conditions name them.
    /// - Throws: ``StoreError/invalidQuery(_:)`` for an indexed key path that
    ///   `queryAttributes` does not map.
    package static func foldedAttributeNames() throws(StoreError) -> [String] {
        try foldedAttributes().map(\.name)
    }

    /// Each text attribute's text in a record (see ``foldedAttributeNames()``), for those
    /// that have a value.
    ///
    /// - Parameter record: The record.
    /// - Returns: The attributes' names and texts, in the order of
    ///   ``foldedAttributeNames()``.
    /// - Throws: As ``foldedAttributeNames()`` does.
    package static func foldedAttributeTexts(of record: Self) throws(StoreError)
        -> [(attribute: String, text: String)]
    {
        try foldedAttributes().compactMap { name, text in text(record).map { (name, $0) } }
    }

    private static func foldedAttributes() throws(StoreError)
        -> [(name: String, text: @Sendable (Self) -> String?)]
    {
        var attributes: [(name: String, text: @Sendable (Self) -> String?)] = []
        for attribute in indexedAttributes {
            guard attribute.foldsText, let text = attribute.text else { continue }
            let name: String
            do { name = try attributeName(for: attribute.keyPath) } catch {
                throw .invalidQuery(error)
            }
            if !attributes.contains(where: { $0.name == name }) {
                attributes.append((name, text))
            }
        }
        return attributes
    }
}
