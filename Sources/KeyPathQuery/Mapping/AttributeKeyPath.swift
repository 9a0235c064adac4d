/// A key path as conditions keep it: hashable, sendable, and rooted at any type.
///
/// `@unchecked Sendable`: a key path is an immutable object, and every one stored here is a
/// `Sendable` key path from the public API, or two of them appended (which captures nothing
/// more than the two did). Nothing mutates it after creation.
struct AttributeKeyPath: Hashable, @unchecked Sendable, CustomStringConvertible {
    let keyPath: AnyKeyPath

    init(_ keyPath: any AnyKeyPath & Sendable) {
        self.keyPath = keyPath
    }

    private init(unchecked keyPath: AnyKeyPath) {
        self.keyPath = keyPath
    }

    /// This key path followed by `tail`, or `nil` when `tail` does not start where this one
    /// ends.
    func appending(_ tail: AttributeKeyPath) -> AttributeKeyPath? {
        keyPath.appending(path: tail.keyPath).map(AttributeKeyPath.init(unchecked:))
    }

    var rootType: Any.Type { type(of: keyPath).rootType }
    var valueType: Any.Type { type(of: keyPath).valueType }

    /// The key path as Swift prints it, such as `\Pokemon.name`.
    var description: String { keyPath.debugDescription }

    /// Whether this is `\Root.self`, the element itself in a condition on a collection's
    /// elements.
    var isIdentity: Bool {
        self == Self.identity(of: rootType)
    }

    /// The identity key path `\Root.self`.
    static func identity(of root: Any.Type) -> AttributeKeyPath {
        func identity<Root>(_: Root.Type) -> AttributeKeyPath { AttributeKeyPath(\Root.self) }
        return identity(root)
    }

    /// The key path typed for reading a `Value` from a `Root`, when it is one.
    func typed<Root, Value>(_: Root.Type, _: Value.Type) -> KeyPath<Root, Value>? {
        keyPath as? KeyPath<Root, Value>
    }
}
