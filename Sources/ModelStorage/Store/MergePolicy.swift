/// What a save does when the record was written since the read it was based on.
///
/// The policies mirror Core Data's, and so does what a conflict is: its optimistic locking. A
/// save carries its read as a ``Versioned`` value, and every backend keeps each record's
/// *write version*, the store's version after the commit that last inserted or updated it.
/// The save is a *conflict* when the record was written since the read — its write version
/// is greater than ``Versioned/version`` — whatever its values are now: an attribute that went
/// 35 → 99 → 35 in between makes a conflict, though nothing differs from the read. Writes to
/// other records never do.
///
/// A conflict is resolved attribute by attribute. An attribute is a top-level key of the
/// record's encoded JSON object, so the merges work for any `Codable` model; what the store
/// changed is what differs between the read and the stored record (nothing, for a record
/// written back to the values read), what the save changes is what differs between the read
/// and the edit.
///
/// | Policy | The record was written since the read |
/// | --- | --- |
/// | ``error`` | throws ``StoreError/conflict(_:)`` naming the attributes on each side |
/// | ``mergeByPropertyObjectTrump`` | merges: the save's changes win where both changed |
/// | ``mergeByPropertyStoreTrump`` | merges: the store's values win where both changed |
/// | ``overwrite`` | the saved value replaces the record whole |
/// | ``rollback`` | the save is dropped; the stored record stays |
///
/// A save whose record was not written since its read writes its value under every policy,
/// and a save that changes nothing writes nothing and is never a conflict. A record deleted
/// since the read is handled as each policy says below; one deleted and inserted again since
/// the read was written since it, and is merged with the new record.
public enum MergePolicy: Hashable, Sendable, CaseIterable {
    /// Refuse the save with ``StoreError/conflict(_:)``, naming the record and the attributes
    /// changed on each side. The default, like Core Data's `NSErrorMergePolicy`.
    case error

    /// Merge attribute by attribute: the store's changes are kept, the save's changes are
    /// applied over them, and the save wins where both changed an attribute
    /// (`NSMergeByPropertyObjectTrumpMergePolicy`). A record deleted since the read is
    /// inserted again with the saved value.
    case mergeByPropertyObjectTrump

    /// Merge attribute by attribute: the save's changes are applied where the store did not
    /// change the attribute, and the store wins where both did
    /// (`NSMergeByPropertyStoreTrumpMergePolicy`). A record deleted since the read stays
    /// deleted, and the save throws ``StoreError/notFound(_:)``.
    case mergeByPropertyStoreTrump

    /// Write the saved value whole, discarding every change made since the read
    /// (`NSOverwriteMergePolicy`).
    case overwrite

    /// Drop the save and keep the stored record (`NSRollbackMergePolicy`). A record deleted
    /// since the read stays deleted, and the save throws ``StoreError/notFound(_:)``.
    case rollback
}
