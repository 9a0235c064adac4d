/// A record as read, ready to be edited and saved: the read value, the edited value, and the
/// store version of the read.
///
/// Read with ``ModelStore/fetchVersioned(id:)``, change ``value`` (or the record's properties
/// directly), and save with a ``MergePolicy`` that says what to do if someone wrote the
/// record in between:
///
/// ```swift
/// guard var edit = try await store.fetchVersioned(id: 25) else { return }
/// edit.favorite.toggle()                    // edits `edit.value`
/// try await store.save(edit, mergePolicy: .mergeByPropertyObjectTrump)
/// ```
///
/// The save is a conflict when the record was inserted or updated by a commit after
/// ``version`` — the store keeps each record's write version — whatever its values are now,
/// as Core Data's optimistic locking has it. A conflict is then resolved attribute by
/// attribute: the save compares ``base`` with the stored record to learn what the store
/// changed, and ``base`` with ``value`` to learn what the save changes. A save of a record not
/// written since ``version`` writes ``value`` without comparing anything.
@dynamicMemberLookup
public struct Versioned<Model: StorableModel>: Sendable {
    /// The record as it was read.
    public let base: Model
    /// The record as edited; the value a save writes.
    public var value: Model
    /// The store's version when the record was read: it counts the store's commits.
    ///
    /// The record was written since the read when its write version is greater.
    public let version: UInt64

    /// Creates an edit of a record as read at a version.
    ///
    /// Backends call this from ``ModelStore/fetchVersioned(id:)``.
    ///
    /// - Parameters:
    ///   - base: The record as read; the edit starts equal to it.
    ///   - version: The store's version at the read.
    public init(_ base: Model, version: UInt64) {
        self.base = base
        self.value = base
        self.version = version
    }

    /// The record's id.
    public var id: Model.ID { base.id }

    /// A property of the edited value, to read or change.
    ///
    /// - Parameter keyPath: The property.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Model, Value>) -> Value {
        get { value[keyPath: keyPath] }
        set { value[keyPath: keyPath] = newValue }
    }

    /// A read-only property of the edited value.
    ///
    /// - Parameter keyPath: The property.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Model, Value>) -> Value {
        value[keyPath: keyPath]
    }
}
