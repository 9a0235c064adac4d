import KeyPathQuery

extension Condition where Model: StorableModel {
    /// The only ids a record the condition holds for can have, when the condition pins one of
    /// these attributes (see `pinnedValues(of:)`), each of which equals the id in every record
    /// searched; `nil` when it pins none, or when a value does not convert to the id's type
    /// (the query engine then reports it).
    ///
    /// - Parameter idKeyPaths: Attributes that equal the id, as the model's attribute map
    ///   writes them (a key path written in generic code, `\Model.id`, is a different one).
    /// - Returns: The ids, in the order the condition names them, repeats kept; `nil` when the
    ///   condition pins none of the attributes or a value is not an id.
    package func pinnedIDs(through idKeyPaths: [RecordTable<Model>.IDKeyPath]) -> [Model.ID]? {
        guard let idType = Model.ID.self as? any QueryValueConvertible.Type else { return nil }
        for keyPath in idKeyPaths {
            guard let values = pinnedValues(of: keyPath.keyPath) else { continue }
            var ids: [Model.ID] = []
            ids.reserveCapacity(values.count)
            for value in values {
                guard let id = idType.init(queryValue: value) as? Model.ID else { return nil }
                ids.append(id)
            }
            return ids
        }
        return nil
    }
}
