/// Compiles a text search over attributes for memory: each attribute is a source of texts,
/// read in turn into one ``SearchProgress`` per record until every token of the search is
/// found.
enum SearchCompiler {
    /// Reads an attribute's texts into a search's progress.
    ///
    /// Returns whether every token has been found. Boxed, as ``PredicateBox`` is, so that an array of them keeps its natural
    /// calling convention.
    struct Source<Root>: Sendable {
        let read: @Sendable (UnsafePointer<Root>, inout SearchProgress) -> Bool
    }

    /// The search over the attributes, taken together as one document.
    static func compile<Root>(
        _ keyPaths: [AttributeKeyPath], _ search: TextSearch, as root: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        var sources: [Source<Root>] = []
        for keyPath in keyPaths { sources.append(try source(keyPath, as: root)) }
        let all = sources
        return { model in
            var progress = SearchProgress(search)
            for source in all where source.read(model, &progress) { return true }
            return false
        }
    }

    /// The texts of one attribute: text, optional text, a text enumeration, or an array or
    /// set of them.
    private static func source<Root>(
        _ keyPath: AttributeKeyPath, as root: Root.Type
    ) throws(QueryError) -> Source<Root> {
        if keyPath.valueType == String.self {
            let reader = try keyPath.reader(Root.self, String.self)
            return Source { model, progress in
                reader.withValue(at: model) { progress.add($0) }
            }
        }
        if let text = keyPath.valueType as? any QueryTextConvertible.Type {
            return try text.searchSource(keyPath, as: root)
        }
        if let texts = keyPath.valueType as? any SearchableTextCollection.Type {
            return try texts.searchSource(keyPath, as: root)
        }
        throw .unsupported(
            operation: "a text search on \(keyPath)", target: .inMemory,
            reason: "\(keyPath.valueType) is neither text (QueryTextConvertible) nor an array "
                + "or set of text.")
    }
}

extension QueryTextConvertible {
    /// The attribute's text, when it has one, as a source of a search.
    static func searchSource<Root>(
        _ keyPath: AttributeKeyPath, as _: Root.Type
    ) throws(QueryError) -> SearchCompiler.Source<Root> {
        let reader = try keyPath.reader(Root.self, Self.self)
        return SearchCompiler.Source { model, progress in
            guard let text = reader.read(model).queryText else { return false }
            return progress.add(text)
        }
    }
}

/// Collections of text that a search reads element by element: arrays and sets whose
/// elements are ``QueryTextConvertible``.
protocol SearchableTextCollection {
    /// The collection's texts, as a source of a search.
    static func searchSource<Root>(
        _ keyPath: AttributeKeyPath, as _: Root.Type
    ) throws(QueryError) -> SearchCompiler.Source<Root>
}

extension Collection where Element: QueryTextConvertible, Self: SendableMetatype {
    /// The elements' texts, in the collection's order, as a source of a search.
    static func searchSource<Root>(
        _ keyPath: AttributeKeyPath, as _: Root.Type
    ) throws(QueryError) -> SearchCompiler.Source<Root> {
        let reader = try keyPath.reader(Root.self, Self.self)
        return SearchCompiler.Source { model, progress in
            for element in reader.read(model) {
                if let text = element.queryText, progress.add(text) { return true }
            }
            return false
        }
    }
}

extension Array: SearchableTextCollection where Element: QueryTextConvertible {}

extension Set: SearchableTextCollection where Element: QueryTextConvertible {}
