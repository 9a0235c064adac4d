extension StoreError {
    /// What went wrong, as a value to compare or switch on.
    ///
    /// Codes are static members, so a later version can add one without breaking a client:
    /// a `switch` over codes has a `default`. A code matches a ``StoreError`` in a `catch` or a
    /// `case`:
    ///
    /// ```swift
    /// do {
    ///     try await store.insert(note)
    /// } catch StoreError.Code.duplicateID {
    ///     try await store.upsert(note)
    /// }
    /// ```
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// Which code this is.
        let kind: Kind

        /// Makes the code of this kind.
        init(_ kind: Kind) {
            self.kind = kind
        }

        /// The codes there are; one per static member.
        enum Kind: String, CaseIterable, Sendable {
            case duplicateID, notFound, identifierChanged, conflict, invalidQuery, corruptFile
            case unsupportedVersion, migrationFailed, locked, readOnly, closed, io, fileTooLarge
            case encodingFailed, unusable, connectionFailed, statementFailed, unknownModel
            case invalidModels, danglingReference, deleteDenied, tableMismatch
            case changesExpired, historyNotKept
        }

        /// The code's name, such as `notFound`.
        public var description: String { kind.rawValue }

        /// An insert found a record with the same id: ``StoreError/duplicateID(_:)``.
        public static let duplicateID = Code(.duplicateID)

        /// No record has the id: ``StoreError/notFound(_:)``.
        public static let notFound = Code(.notFound)

        /// A write changed a record's id: ``StoreError/identifierChanged(from:to:)``.
        public static let identifierChanged = Code(.identifierChanged)

        /// The record was written since the read a save was based on:
        /// ``StoreError/conflict(_:)``.
        public static let conflict = Code(.conflict)

        /// A query, condition or sort key cannot be evaluated: ``StoreError/invalidQuery(_:)``.
        public static let invalidQuery = Code(.invalidQuery)

        /// A store file, or a database's table, cannot be read:
        /// ``StoreError/corruptFile(at:problem:location:)``.
        public static let corruptFile = Code(.corruptFile)

        /// A store file or database was written by newer code:
        /// ``StoreError/unsupportedVersion(at:kind:found:supported:)``.
        public static let unsupportedVersion = Code(.unsupportedVersion)

        /// A file or database at an older schema version could not be migrated:
        /// ``StoreError/migrationFailed(at:sourceVersion:location:reason:)``.
        public static let migrationFailed = Code(.migrationFailed)

        /// Another writer holds the store's lock: ``StoreError/locked(at:pid:message:)``.
        public static let locked = Code(.locked)

        /// A write to a store opened read-only: ``StoreError/readOnly(at:)``.
        public static let readOnly = Code(.readOnly)

        /// An operation on a closed store: ``StoreError/closed(at:)``.
        public static let closed = Code(.closed)

        /// A file-system call failed: ``StoreError/io(at:operation:code:message:)``.
        public static let io = Code(.io)

        /// A store file is too large to read or write:
        /// ``StoreError/fileTooLarge(at:size:limit:)``.
        public static let fileTooLarge = Code(.fileTooLarge)

        /// A record could not be encoded: ``StoreError/encodingFailed(id:reason:)``.
        public static let encodingFailed = Code(.encodingFailed)

        /// The store must be reopened: ``StoreError/unusable(at:reason:)``.
        public static let unusable = Code(.unusable)

        /// The database cannot be reached, or the connection to it was lost:
        /// ``StoreError/connectionFailed(at:operation:message:)``.
        public static let connectionFailed = Code(.connectionFailed)

        /// The database refused a statement, or answered with what the store cannot read:
        /// ``StoreError/statementFailed(at:operation:message:)``.
        public static let statementFailed = Code(.statementFailed)

        /// A model the database was not opened with: see
        /// ``StoreError/unknownModel(_:at:models:)``.
        public static let unknownModel = Code(.unknownModel)

        /// Models a database cannot hold together: see
        /// ``StoreError/invalidModels(at:reason:)``.
        public static let invalidModels = Code(.invalidModels)

        /// A write whose reference names no record: see
        /// ``StoreError/danglingReference(_:id:attribute:target:targetID:)``.
        public static let danglingReference = Code(.danglingReference)

        /// A deletion a reference's delete rule refuses: see
        /// ``StoreError/deleteDenied(_:id:referencedBy:referringID:)``.
        public static let deleteDenied = Code(.deleteDenied)

        /// A table in the database whose columns are not those the store expects for its
        /// model: see ``StoreError/tableMismatch(at:table:model:missingColumns:unexpectedColumns:)``.
        public static let tableMismatch = Code(.tableMismatch)
        /// A change feed's cursor from before the history's horizon, or of another database:
        /// start again (see ``StoreError/changesExpired(_:since:horizon:at:)``).
        public static let changesExpired = Code(.changesExpired)
        /// A change feed of a model that keeps no history: see
        /// ``StoreError/historyNotKept(_:at:)``.
        public static let historyNotKept = Code(.historyNotKept)

        /// Whether `error` is a ``StoreError`` with this code, so that a code can be a
        /// pattern: `catch StoreError.Code.locked { … }`.
        ///
        /// - Parameters:
        ///   - code: The code to match.
        ///   - error: The error thrown.
        /// - Returns: `true` when `error` is a ``StoreError`` whose ``StoreError/code`` is `code`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? StoreError)?.code == code
        }
    }
}
