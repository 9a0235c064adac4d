import Foundation
import KeyPathQuery
import ModelStorage

/// A model a ``Replica`` keeps in step, with the scope of its records it keeps.
///
/// ```swift
/// let models = try [
///     ReplicaModel(Favorite.self),
///     ReplicaModel(Note.self, scope: \.pokemonID <= 151),
/// ]
/// ```
///
/// The scope is a `Condition` of the model's own attributes. The server evaluates it on its
/// records with the same meaning the replica does, within the records of the signed-in user.
/// A record that leaves the scope leaves the replica; a record that enters it arrives.
public struct ReplicaModel: Sendable {
    /// The model's storage name, which requests name it by.
    public let name: String
    /// The model's type.
    let type: any StorableModel.Type
    /// The scope, encoded; `nil` for every record of the user.
    let scope: JSONValue?
    /// The work on the model's records, typed.
    let records: any ReplicaRecords

    /// A model to keep in step, all of the user's records or those a scope selects.
    ///
    /// - Parameters:
    ///   - model: The model. It must keep a change history
    ///     (`StorableModel/changeHistory`) on the server.
    ///   - scope: The records to keep; every record of the user by default.
    /// - Throws: ``SyncError/Code/misconfigured`` when the scope cannot be encoded (a key
    ///   path without an attribute name, a condition that follows a reference).
    public init<Model: StorableModel>(_ model: Model.Type, scope: Condition<Model> = .true)
        throws(SyncError) where Model.ID: Comparable & QueryValueConvertible
    {
        self.name = Model.storageName
        self.type = model
        self.scope = try Self.encoded(scope)
        self.records = TypedRecords<Model>()
    }

    /// A condition in its wire form: `nil` for `true`.
    static func encoded<Model: StorableModel>(
        _ scope: Condition<Model>
    ) throws(SyncError) -> JSONValue? {
        guard !scope.isAlwaysTrue else { return nil }
        do {
            _ = try scope.compiled()
            return try WireCoding.json(scope)
        } catch {
            throw SyncError(
                .misconfigured, "The scope of \(Model.self) cannot be synced: \(error)")
        }
    }

    /// Adds to the outbox, in the transaction, every write the transaction made to these
    /// models.
    ///
    /// ``Replica/transaction(_:)`` calls it at the end of each body. Code that writes a
    /// synced model through the database itself calls it at the end of its transaction, so
    /// that the write is pushed:
    ///
    /// ```swift
    /// try await dex.transaction { transaction in
    ///     transaction[Favorite.self].upsert(favorite)
    ///     try ReplicaModel.recordWrites(of: syncedModels, in: &transaction)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - models: The synced models.
    ///   - transaction: The transaction, after its writes; the database must hold
    ///     ``Replica/bookkeepingModels``.
    /// - Throws: ``SyncError/Code/localStoreFailed`` when a record or id does not encode.
    public static func recordWrites(
        of models: [ReplicaModel], in transaction: inout DatabaseTransaction
    ) throws(SyncError) {
        for model in models { try model.records.recordWrites(in: &transaction) }
    }
}
