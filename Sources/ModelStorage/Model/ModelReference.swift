import KeyPathQuery

/// A to-one reference from one model to another: an attribute of the model that holds the id
/// of a record of the other, such as a Pokémon's species.
///
/// Declare a model's references in ``StorableModel/references``:
///
/// ```swift
/// extension Note {
///     static var references: [ModelReference<Note>] {
///         [ModelReference(\.pokemonID, to: Pokemon.self, onDelete: .cascade)]
///     }
/// }
/// ```
///
/// A database that holds both models keeps the reference whole inside every transaction, in
/// every backend: a write whose reference names no record of the other model fails with
/// ``StoreError/danglingReference(_:id:attribute:target:targetID:)``, unless the reference
/// is optional and `nil`; and deleting a record that others refer to follows the reference's
/// ``DeleteRule``, as Core Data's relationships do. The attribute must be in the model's
/// `queryAttributes`, so that a database finds the records that refer to a deleted one with
/// a query on it. Every backend indexes the attribute, as if the model listed it in
/// ``StorableModel/indexedAttributes`` (see ``StorableModel/storedIndexes``), so that query,
/// and the model's own queries by the attribute, look records up instead of scanning them.
public struct ModelReference<Source: StorableModel>: Sendable {
    /// What deleting a record does to the records that refer to it.
    public enum DeleteRule: String, Hashable, Sendable {
        /// Set the reference of the records that refer to it to `nil` (an optional reference
        /// only).
        case nullify
        /// Delete the records that refer to it too, and so on along their own references.
        case cascade
        /// Refuse the deletion while a record refers to it, with
        /// ``StoreError/deleteDenied(_:id:referencedBy:referringID:)``.
        case deny
    }

    /// The model the reference names a record of.
    public let target: any StorableModel.Type
    /// The attribute that holds the other record's id.
    public let keyPath: any PartialKeyPath<Source> & Sendable
    /// The attribute's name in the model's `queryAttributes`, for errors.
    public let attributeName: String
    /// Whether the attribute may be `nil`, referring to nothing.
    public let isOptional: Bool
    /// What deleting the record it names does to the record that refers to it.
    public let deleteRule: DeleteRule

    /// Whether the record each record refers to exists, and the deletes of the target followed.
    let enforcement: Enforcement
    /// The index every backend keeps on the attribute (see ``StorableModel/storedIndexes``).
    let indexedAttribute: IndexedAttribute<Source>

    /// A reference that always names a record.
    ///
    /// ```swift
    /// ModelReference(\Note.pokemonID, to: Pokemon.self, onDelete: .cascade)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The attribute that holds the other record's id.
    ///   - target: The model it refers to.
    ///   - deleteRule: What deleting the record it names does: `.cascade` or `.deny`
    ///     (`.nullify` needs an optional attribute, and a database refuses to open with it).
    public init<Target: StorableModel>(
        _ keyPath: any KeyPath<Source, Target.ID> & Sendable, to target: Target.Type,
        onDelete deleteRule: DeleteRule = .deny
    ) where Target.ID: QueryValueConvertible & Equatable {
        self.init(
            keyPath, isOptional: false, deleteRule: deleteRule, target: target,
            indexedAttribute: IndexedAttribute(keyPath, foldingText: false),
            enforcement: Enforcement(
                targetID: { $0[keyPath: keyPath] }, referencing: { ids in .in(keyPath, ids) },
                nullified: nil, target: target))
    }

    /// A reference that may name no record: `nil` refers to nothing.
    ///
    /// ```swift
    /// ModelReference(\Note.pokemonID, to: Pokemon.self, onDelete: .nullify)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The attribute that holds the other record's id, or `nil`.
    ///   - target: The model it refers to.
    ///   - deleteRule: What deleting the record it names does; `.nullify` by default.
    public init<Target: StorableModel>(
        _ keyPath: any WritableKeyPath<Source, Target.ID?> & Sendable, to target: Target.Type,
        onDelete deleteRule: DeleteRule = .nullify
    ) where Target.ID: QueryValueConvertible & Equatable {
        self.init(
            keyPath, isOptional: true, deleteRule: deleteRule, target: target,
            indexedAttribute: IndexedAttribute(
                keyPath as any KeyPath<Source, Target.ID?> & Sendable, foldingText: false),
            enforcement: Enforcement(
                targetID: { $0[keyPath: keyPath] },
                referencing: { ids in .in(keyPath, ids.map { Optional($0) }) },
                nullified: { record in
                    var record = record
                    record[keyPath: keyPath] = nil
                    return record
                }, target: target))
    }

    private init(
        _ keyPath: any PartialKeyPath<Source> & Sendable, isOptional: Bool,
        deleteRule: DeleteRule, target: any StorableModel.Type,
        indexedAttribute: IndexedAttribute<Source>, enforcement: Enforcement
    ) {
        self.target = target
        self.keyPath = keyPath
        self.attributeName = Self.name(of: keyPath)
        self.isOptional = isOptional
        self.deleteRule = deleteRule
        self.enforcement = enforcement
        self.indexedAttribute = indexedAttribute
    }

    private static func name(of keyPath: AnyKeyPath) -> String {
        Source.queryAttributes.entries.first { $0.keyPath == keyPath }?.name
            ?? String(describing: keyPath)
    }
}

extension ModelReference {
    /// The reference's work in a transaction, with the target's type kept.
    struct Enforcement: Sendable {
        /// Checks that every record the transaction wrote refers to a record that exists.
        let checkTargets: @Sendable (ModelReference, DatabaseTransaction) throws(StoreError) -> Void
        /// Applies the delete rule to the records that refer to records the transaction
        /// deleted; returns whether it changed anything.
        let followDeletes:
            @Sendable (ModelReference, inout DatabaseTransaction) throws(StoreError) -> Bool

        init<Target: StorableModel>(
            targetID: @escaping @Sendable (Source) -> Target.ID?,
            referencing: @escaping @Sendable ([Target.ID]) -> Condition<Source>,
            nullified: (@Sendable (Source) -> Source)?, target: Target.Type
        ) {
            checkTargets = { reference, transaction throws(StoreError) in
                var checked: Set<Target.ID> = []
                for record in transaction.upserts(of: Source.self) {
                    guard let id = targetID(record), checked.insert(id).inserted else { continue }
                    guard transaction[Target.self].contains(id: id) else {
                        throw .danglingReference(
                            String(describing: Source.self), id: String(describing: record.id),
                            attribute: reference.attributeName,
                            target: String(describing: Target.self),
                            targetID: String(describing: id))
                    }
                }
            }
            followDeletes = { reference, transaction throws(StoreError) in
                var deleted: [Target.ID] = []
                for case .delete(let id) in transaction.changes(of: Target.self) {
                    deleted.append(id)
                }
                guard !deleted.isEmpty else { return false }
                let referring: [Source]
                do {
                    referring = try transaction[Source.self].fetch(
                        RecordQuery(where: referencing(deleted)))
                } catch let error as StoreError {
                    throw error
                } catch {
                    throw .statementFailed(
                        at: .named(String(describing: Source.self)),
                        operation: "find the records that refer to deleted ones",
                        message: "\(error)")
                }
                guard let first = referring.first else { return false }
                switch reference.deleteRule {
                case .deny:
                    throw .deleteDenied(
                        String(describing: Target.self),
                        id: String(describing: targetID(first) ?? deleted[0]),
                        referencedBy: String(describing: Source.self),
                        referringID: String(describing: first.id))
                case .cascade:
                    for record in referring { _ = transaction[Source.self].delete(id: record.id) }
                case .nullify:
                    guard let nullified else { return false }
                    for record in referring { transaction[Source.self].upsert(nullified(record)) }
                }
                return true
            }
        }
    }
}
