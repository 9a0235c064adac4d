import ModelStorage

/// What a group commit changed, model by model: each record's value before the change and
/// after it, which a database hands to the live queries of each model.
public struct CommittedChanges: Sendable {
    /// One model's changes, in the order they were committed.
    private struct ModelChanges<Model: StorableModel>: PerModelValue {
        var changes: [(old: Model?, new: Model?)] = []
    }

    /// Each changed model's changes.
    private var byModel = PerModelValues()

    /// Whether it keeps each changed record's values, or only which models changed.
    public let keepsRecords: Bool

    /// No changes.
    ///
    /// - Parameter keepingRecords: Whether to keep each changed record's values (the live
    ///   queries' need), or only which models changed (all a commit needs without them).
    public init(keepingRecords: Bool = true) {
        keepsRecords = keepingRecords
    }

    /// Whether no model changed.
    public var isEmpty: Bool { changedModels.isEmpty }

    /// The identifiers of the models that changed.
    public private(set) var changedModels: Set<ObjectIdentifier> = []

    /// One model's changes, in the order they were committed.
    ///
    /// - Parameter model: The model.
    /// - Returns: Each change, with the record's value before it (when collected) and after
    ///   it; none when the model did not change.
    /// - Complexity: O(1).
    public func changes<Model: StorableModel>(
        of model: Model.Type
    ) -> [(old: Model?, new: Model?)] {
        byModel[ModelChanges<Model>.self]?.changes ?? []
    }

    /// Whether a model changed.
    ///
    /// - Parameter model: The model.
    /// - Returns: `true` when the group wrote one of its records.
    public func contains(_ model: any StorableModel.Type) -> Bool {
        changedModels.contains(ObjectIdentifier(model))
    }

    /// Adds one write's changes of a model after those already there.
    ///
    /// - Parameters:
    ///   - changes: The changes, kept when ``keepsRecords``.
    ///   - model: Their model.
    public mutating func append<Model: StorableModel>(
        _ changes: [(old: Model?, new: Model?)], of model: Model.Type
    ) {
        guard !changes.isEmpty else { return }
        changedModels.insert(ObjectIdentifier(model))
        guard keepsRecords else { return }
        byModel[ModelChanges<Model>.self, default: ModelChanges()].changes += changes
    }

    /// Adds another's changes after those already there.
    ///
    /// - Parameters:
    ///   - other: The changes to add.
    ///   - models: The models whose records to add, when both keep records.
    public mutating func append(
        contentsOf other: CommittedChanges, models: [any StorableModel.Type]
    ) {
        guard keepsRecords, other.keepsRecords else {
            changedModels.formUnion(other.changedModels)
            return
        }
        for model in models where other.contains(model) { append(model, from: other) }
    }

    private mutating func append<Model: StorableModel>(
        _ model: Model.Type, from other: CommittedChanges
    ) {
        append(other.changes(of: model), of: model)
    }
}
