import InternalSupport

/// The attributes of one type, flattened through nested `Queryable` attributes and kept for
/// the life of the process.
struct AttributeIndex: Sendable {
    /// The type's name, for messages.
    let modelName: String
    /// Every mapped key path, nested ones included, with its name.
    let namesByKeyPath: [AttributeKeyPath: String]
    /// The reverse, for decoding encoded conditions.
    let keyPathsByName: [String: AttributeKeyPath]

    /// The name conditions use for a collection's element itself (`\Element.self`).
    static let identityName = "self"

    /// Nested `Queryable` attributes are followed this many levels deep at most, which also
    /// ends a cycle of reference types.
    static let maximumNesting = 8

    private static let cache = Mutex<[ObjectIdentifier: AttributeIndex]>([:])

    /// The index of a type: its mapping if it is `Queryable`, and always its identity path.
    static func of(_ type: Any.Type) -> AttributeIndex {
        let key = ObjectIdentifier(type)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let index = build(type, depth: 0)
        cache.withLock { $0[key] = index }
        return index
    }

    private static func build(_ type: Any.Type, depth: Int) -> AttributeIndex {
        var names: [AttributeKeyPath: String] = [AttributeKeyPath.identity(of: type): identityName]
        if depth < maximumNesting, let queryable = type as? any Queryable.Type {
            for (keyPath, name) in entries(of: queryable) where names[keyPath] == nil {
                names[keyPath] = name
                let nested = build(keyPath.valueType, depth: depth + 1)
                for (tail, tailName) in nested.namesByKeyPath where tailName != identityName {
                    if let path = keyPath.appending(tail), names[path] == nil {
                        names[path] = name + "." + tailName
                    }
                }
            }
        }
        var keyPaths: [String: AttributeKeyPath] = [:]
        for (keyPath, name) in names where keyPaths[name] == nil {
            keyPaths[name] = keyPath
        }
        if depth == 0, let identifiable = type as? any Identifiable.Type,
            let (genericID, idType) = Optional(genericIDKeyPath(of: identifiable)),
            names[genericID] == nil, let mapped = keyPaths["id"], mapped.valueType == idType
        {
            // `\Model.id` written in generic code (a related fetch, a condition through a
            // reference) is another key path than the model's own `\.id`: it names the
            // attribute called "id" when that attribute has the id's type.
            names[genericID] = "id"
        }
        return AttributeIndex(
            modelName: String(describing: type), namesByKeyPath: names, keyPathsByName: keyPaths)
    }

    /// `\Model.id` as generic code writes it, with the id's type.
    private static func genericIDKeyPath<Model: Identifiable>(
        of _: Model.Type
    ) -> (AttributeKeyPath, Any.Type) {
        let keyPath: any KeyPath<Model, Model.ID> & Sendable = \Model.id
        return (AttributeKeyPath(keyPath), Model.ID.self)
    }

    private static func entries<Model: Queryable>(
        of _: Model.Type
    ) -> [(AttributeKeyPath, String)] {
        Model.queryAttributes.entries.map { (AttributeKeyPath($0.keyPath), $0.name) }
    }

    /// The name of a key path.
    ///
    /// - Throws: ``QueryError/unmappedKeyPath(_:model:)``.
    func name(for keyPath: AttributeKeyPath) throws(QueryError) -> String {
        guard let name = namesByKeyPath[keyPath] else {
            throw .unmappedKeyPath(keyPath.description, model: modelName)
        }
        return name
    }

    /// The key path of a name.
    ///
    /// - Throws: ``QueryError/unknownAttribute(_:model:)``.
    func keyPath(named name: String) throws(QueryError) -> AttributeKeyPath {
        guard let keyPath = keyPathsByName[name] else {
            throw .unknownAttribute(name, model: modelName)
        }
        return keyPath
    }
}
