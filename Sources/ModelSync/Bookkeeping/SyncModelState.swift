import Foundation
import ModelStorage

/// Where a replica's copy of one model stands: its cursor in the server's history, its scope,
/// and a scope change still being filled in.
public struct SyncModelState: StorableModel, Hashable {
    /// The model's storage name.
    public var id: String
    /// The server's history read so far, for the scope the copy holds.
    public var cursor: ChangeCursor
    /// The scope the copy follows, as JSON text; `nil` for every record of the user.
    public var scope: String?
    /// The scope whose records the copy holds in full, as JSON text.
    ///
    /// It differs from ``scope`` while the records a wider scope adds are being pulled.
    public var settledScope: String?
    /// Where the pull of the records a scope change adds stands; `nil` when none is under way.
    public var wideningCursor: ChangeCursor?
    /// Where that pull's copy goes on: the last id it was given, as JSON text.
    public var wideningAfter: String?
    /// Where a copy from the start goes on: the last id it was given, as JSON text; `nil`
    /// when no copy is under way.
    public var copyAfter: String?
    /// The server's version at which the last whole copy from the start began: the base
    /// version of a copied record that no change has touched since (see ``SyncShadow``);
    /// `nil` until a copy ends.
    public var copyVersion: UInt64?
    /// When the model was last pulled to the end.
    public var lastPulledAt: Date?
    /// The identity of the server's database the cursor belongs to (``SyncServerIdentity``).
    public var server: String?

    /// A model's first state: nothing pulled yet.
    ///
    /// - Parameters:
    ///   - id: The model's storage name.
    ///   - scope: The scope, as JSON text, or `nil`.
    init(id: String, scope: String?) {
        self.id = id
        self.cursor = .start
        self.scope = scope
        self.settledScope = scope
        self.wideningCursor = nil
        self.copyVersion = nil
        self.lastPulledAt = nil
    }

    /// The state's attributes.
    public static let queryAttributes: AttributeMap<SyncModelState> = [
        \.id: "id", \.scope: "scope", \.settledScope: "settledScope",
        \.lastPulledAt: "lastPulledAt",
    ]

    /// `modelsync_state`.
    public static var storageName: String { "modelsync_state" }
}
