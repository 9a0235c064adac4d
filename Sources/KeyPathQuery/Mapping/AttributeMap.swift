/// The attributes of a ``Queryable`` model: each key path with the name its store uses.
///
/// Write it as a dictionary literal; the order you write is kept:
///
/// ```swift
/// static let queryAttributes: AttributeMap<Pokemon> = [
///     \.id: "id",
///     \.name: "name",
///     \.specialAttack: "special_attack",
/// ]
/// ```
public struct AttributeMap<Model>: Sendable {
    /// One mapped attribute.
    public struct Entry: Sendable {
        /// The key path of the attribute.
        public let keyPath: any PartialKeyPath<Model> & Sendable
        /// The name the store uses.
        public let name: String
    }

    /// The mapped attributes, in the order they were written.
    public let entries: [Entry]

    /// Creates a map from key paths and names.
    ///
    /// - Parameter entries: Each key path with its attribute name.
    public init(_ entries: some Sequence<(any PartialKeyPath<Model> & Sendable, String)>) {
        self.entries = entries.map { Entry(keyPath: $0.0, name: $0.1) }
    }
}

extension AttributeMap: ExpressibleByDictionaryLiteral {
    /// Creates a map from a dictionary literal of key paths and names.
    ///
    /// - Parameter elements: Each key path with its attribute name.
    public init(dictionaryLiteral elements: (any PartialKeyPath<Model> & Sendable, String)...) {
        self.init(elements)
    }
}
