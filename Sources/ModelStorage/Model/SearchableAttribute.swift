import KeyPathQuery

/// A text attribute of a model whose words a store keeps an index of, so that a
/// `Condition.search` over it is answered from the index: declared in
/// ``StorableModel/searchableAttributes``.
///
/// Declare one for each attribute your searches look in: text, optional text, a
/// `QueryTextConvertible` value, or an array or set of them.
///
/// ```swift
/// extension Entry {
///     static var searchableAttributes: [SearchableAttribute<Entry>] {
///         [SearchableAttribute(\.name), SearchableAttribute(\.flavorText)]
///     }
/// }
/// ```
///
/// Every store keeps, for each record, the folded tokens of each such attribute
/// (`TextSearch.tokens(of:)` of each of its texts), on every write in the write's
/// transaction — the SQL stores in a table, the in-memory and JSON-file stores in memory —
/// and answers a search whose attributes are all declared from them; a search over an
/// attribute that is not declared reads every record, with the same answer (see
/// <doc:Indexes>).
public struct SearchableAttribute<Model>: Sendable {
    /// The attribute's key path, as the model's `queryAttributes` map writes it.
    public let keyPath: any PartialKeyPath<Model> & Sendable

    /// The attribute's texts in a record, in order: none for `nil`.
    let texts: @Sendable (Model) -> [String]

    /// Declares a searchable text attribute: text, optional text, or a
    /// `QueryTextConvertible` value.
    ///
    /// ```swift
    /// SearchableAttribute(\Pokemon.name)
    /// ```
    ///
    /// - Parameter keyPath: The attribute: a key path that the model's `queryAttributes`
    ///   map.
    public init<Value: QueryTextConvertible>(_ keyPath: any KeyPath<Model, Value> & Sendable) {
        self.keyPath = keyPath
        texts = { model in
            model[keyPath: keyPath as KeyPath<Model, Value>].queryText.map { [$0] } ?? []
        }
    }

    /// Declares a searchable attribute that holds texts: an array or a set of
    /// `QueryTextConvertible` values, searched together.
    ///
    /// ```swift
    /// SearchableAttribute(\Pokemon.abilities)
    /// ```
    ///
    /// - Parameter keyPath: The attribute: a key path that the model's `queryAttributes`
    ///   map.
    public init<Texts: Collection & SendableMetatype>(
        _ keyPath: any KeyPath<Model, Texts> & Sendable
    ) where Texts.Element: QueryTextConvertible {
        self.keyPath = keyPath
        texts = { model in
            model[keyPath: keyPath as KeyPath<Model, Texts>].compactMap(\.queryText)
        }
    }

    /// The attribute's folded tokens in a record: those of each of its texts, each once.
    ///
    /// - Parameter record: The record.
    /// - Returns: The tokens, in the order they first appear.
    public func tokens(in record: Model) -> [String] {
        let texts = texts(record)
        guard texts.count > 1 else { return texts.first.map(TextSearch.tokens(of:)) ?? [] }
        var seen: Set<String> = []
        var tokens: [String] = []
        for text in texts {
            for token in TextSearch.tokens(of: text) where seen.insert(token).inserted {
                tokens.append(token)
            }
        }
        return tokens
    }
}

extension StorableModel {
    /// The name the model's attribute map gives each of ``searchableAttributes``, in order:
    /// the names a store's token index keeps them under.
    ///
    /// ```swift
    /// try Entry.searchableAttributeNames()   // ["name", "flavor_text"]
    /// ```
    ///
    /// - Returns: The attributes' names, as conditions name them.
    /// - Throws: ``StoreError/invalidQuery(_:)`` wrapping
    ///   `QueryError.unmappedKeyPath(_:model:)` for the first searchable key path that
    ///   `queryAttributes` does not map.
    public static func searchableAttributeNames() throws(StoreError) -> [String] {
        var names: [String] = []
        for (name, _) in try namedSearchableAttributes() where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// Each of ``searchableAttributes`` with the name the model's attribute map gives it, in
    /// order.
    ///
    /// - Returns: The attributes and their names, as conditions name them.
    /// - Throws: As ``searchableAttributeNames()`` does.
    package static func namedSearchableAttributes() throws(StoreError)
        -> [(name: String, attribute: SearchableAttribute<Self>)]
    {
        var named: [(name: String, attribute: SearchableAttribute<Self>)] = []
        for attribute in searchableAttributes {
            do {
                named.append((try attributeName(for: attribute.keyPath), attribute))
            } catch {
                throw .invalidQuery(error)
            }
        }
        return named
    }

    /// A record's search tokens: each searchable attribute's name with its tokens, for the
    /// attributes that have any.
    ///
    /// - Parameter record: The record.
    /// - Returns: The attributes' names (as ``searchableAttributeNames()`` gives them) and
    ///   their tokens.
    /// - Throws: As ``searchableAttributeNames()`` does.
    package static func searchTokens(of record: Self) throws(StoreError)
        -> [(attribute: String, tokens: [String])]
    {
        var names: [String] = []
        var tokens: [String: [String]] = [:]
        var seen: [String: Set<String>] = [:]
        for (name, attribute) in try namedSearchableAttributes() {
            if !names.contains(name) { names.append(name) }
            for token in attribute.tokens(in: record)
            where seen[name, default: []].insert(token).inserted {
                tokens[name, default: []].append(token)
            }
        }
        return names.compactMap { name in tokens[name].map { (name, $0) } }
    }
}
