/// One record's net change in a committed write: its new value, or its deletion.
///
/// A ``StoreTransaction`` reports its ``StoreTransaction/changes`` this way, one per record it
/// changed, in the order it first touched them, so that a backend can persist and apply them.
public enum RecordChange<Model: StorableModel>: Sendable {
    /// The record's new value: inserted when no record had its id, replaced in place otherwise.
    case upsert(Model)
    /// The record with this id was deleted.
    case delete(Model.ID)

    /// The id of the record changed.
    public var id: Model.ID {
        switch self {
        case .upsert(let model): model.id
        case .delete(let id): id
        }
    }
}
