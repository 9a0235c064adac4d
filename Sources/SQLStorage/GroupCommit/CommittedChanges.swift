import ModelStorage

/// What a group commit changed, model by model: each record's value before the change and
/// after it, which a database hands to the live queries of each model.
public struct CommittedChanges: Sendable {
    /// Each model's changes, `[(old: Model?, new: Model?)]` under the model's identifier.
    private var byModel: [ObjectIdentifier: any Sendable] = [:]

    /// No changes.
    public init() {}

    /// Whether no model changed.
    public var isEmpty: Bool { byModel.isEmpty }

    /// The identifiers of the models that changed.
    public var changedModels: Set<ObjectIdentifier> { Set(byModel.keys) }

    /// One model's changes, in the order they were committed.
    ///
    /// - Parameter model: The model.
    /// - Returns: Each change, with the record's value before it (when collected) and after
    ///   it; none when the model did not change.
    /// - Complexity: O(1).
    public func changes<Model: StorableModel>(
        of model: Model.Type
    ) -> [(old: Model?, new: Model?)] {
        byModel[ObjectIdentifier(model)] as? [(old: Model?, new: Model?)] ?? []
    }

    /// Whether a model changed.
    ///
    /// - Parameter model: The model.
    /// - Returns: `true` when the group wrote one of its records.
    public func contains(_ model: any StorableModel.Type) -> Bool {
        byModel[ObjectIdentifier(model)] != nil
    }

    /// Adds one write's changes of a model after those already there.
    ///
    /// - Parameters:
    ///   - changes: The changes.
    ///   - model: Their model.
    public mutating func append<Model: StorableModel>(
        _ changes: [(old: Model?, new: Model?)], of model: Model.Type
    ) {
        guard !changes.isEmpty else { return }
        let key = ObjectIdentifier(model)
        var all = byModel.removeValue(forKey: key) as? [(old: Model?, new: Model?)] ?? []
        all += changes
        byModel[key] = all
    }
}
