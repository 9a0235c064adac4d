/// What a save does when the record changed since the read it was based on.
///
/// The policies mirror Core Data's. A save carries its read as a ``Versioned`` value; the
/// record has *changed since the read* when one of its attributes differs from the read's. An
/// attribute is a top-level key of the record's encoded JSON object, so the merges work for
/// any `Codable` model.
///
/// | Policy | The record changed since the read |
/// | --- | --- |
/// | ``error`` | throws ``StoreError/conflict(_:)`` naming the attributes on each side |
/// | ``mergeByPropertyObjectTrump`` | merges: the save's changes win where both changed |
/// | ``mergeByPropertyStoreTrump`` | merges: the store's values win where both changed |
/// | ``overwrite`` | the saved value replaces the record whole |
/// | ``rollback`` | the save is dropped; the stored record stays |
///
/// A save whose record did not change since its read writes its value under every policy, and
/// a save that changes nothing writes nothing.
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
