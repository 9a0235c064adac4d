import Foundation
import KeyPathQuery
import ModelStorage

/// A model a ``SyncServer`` serves: whose records each user owns, and how pushed writes merge.
///
/// ```swift
/// let server = try SyncServer(
///     database: shared,
///     models: [.model(Favorite.self, owner: \.userID), .model(Note.self, owner: \.userID)])
/// ```
///
/// The owner attribute is the server's to set. A pushed record gets the pushing user as its
/// owner, whatever the replica wrote there; a record owned by someone else can be neither
/// read nor written, and a push that tries is refused whole with
/// ``SyncError/Code/forbidden``.
public struct SyncedModel: Sendable {
    /// The model's storage name, which requests name it by.
    public let name: String
    /// The model's type, to check that the server's database holds it.
    let type: any StorableModel.Type
    /// Reads a page of changes for a user.
    let pull: @Sendable (PullRequest, String, SyncServer) async throws(SyncError) -> PullResponse
    /// Applies one entry of a push in the push's transaction.
    let apply:
        @Sendable (PushEntry, Int, String, inout DatabaseTransaction) throws(SyncError) ->
            PushResult
    /// Reads the records a push's entries name in one query, before they are applied.
    let prefetch: @Sendable ([PushEntry], inout DatabaseTransaction) throws -> Void
    /// Observes the user's records: a version each time they change.
    let observe: @Sendable (String, SyncServer) async throws -> AsyncStream<UInt64>

    /// A model whose records belong to the user an attribute names.
    ///
    /// Its ids are compared and sorted (a copy from the start is read in their order), so
    /// `\.id` must be one of its `queryAttributes`, as it is in every model of the package.
    ///
    /// - Parameters:
    ///   - model: The model. It must keep a change history
    ///     (`StorableModel/changeHistory`).
    ///   - owner: The attribute that holds the owning user's id.
    ///   - mergePolicy: How a pushed write merges with changes made on the server since the
    ///     replica read the record; `MergePolicy/mergeByPropertyObjectTrump`
    ///     (the push wins where both changed an attribute) by default. The same policy
    ///     settles a pushed deletion against a later update: see ``SyncServer``.
    /// - Returns: The registration.
    public static func model<Model: StorableModel>(
        _ model: Model.Type, owner: any WritableKeyPath<Model, String> & Sendable,
        mergePolicy: MergePolicy = .mergeByPropertyObjectTrump
    ) -> SyncedModel where Model.ID: Comparable & QueryValueConvertible {
        let rules = OwnedRecords<Model>(owner: owner, mergePolicy: mergePolicy)
        return SyncedModel(
            name: Model.storageName, type: model,
            pull: { request, user, server throws(SyncError) in
                try await rules.pull(request, as: user, from: server)
            },
            apply: { entry, index, user, transaction throws(SyncError) in
                try rules.apply(entry, at: index, as: user, in: &transaction)
            },
            prefetch: { entries, transaction in
                // An id that does not decode is refused when its entry is applied.
                let ids = entries.compactMap {
                    try? WireCoding.value(Model.ID.self, fromText: $0.id)
                }
                try transaction[Model.self].prefetch(ids: ids)
            },
            observe: { user, server in try await rules.observe(as: user, in: server) })
    }
}
