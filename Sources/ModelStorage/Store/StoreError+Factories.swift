import KeyPathQuery

extension StoreError {
    /// An insert found a record with the same id: ``Code/duplicateID``.
    ///
    /// - Parameter id: The record's id, as text (``recordID``).
    /// - Returns: An error with code ``Code/duplicateID`` naming the id.
    public static func duplicateID(_ id: String) -> StoreError {
        StoreError(.duplicateID(id))
    }

    /// No record has this id: ``Code/notFound``.
    ///
    /// - Parameter id: The id, as text (``recordID``).
    /// - Returns: An error with code ``Code/notFound`` naming the id.
    public static func notFound(_ id: String) -> StoreError {
        StoreError(.notFound(id))
    }

    /// An update or a save changed a record's id, which identifies the record and cannot
    /// change: ``Code/identifierChanged``.
    ///
    /// - Parameters:
    ///   - old: The id the record had (``recordID``).
    ///   - new: The id the write gave it (``newRecordID``).
    /// - Returns: An error with code ``Code/identifierChanged`` naming both ids.
    public static func identifierChanged(from old: String, to new: String) -> StoreError {
        StoreError(.identifierChanged(from: old, to: new))
    }

    /// A save based on an earlier read found the record written since, under
    /// ``MergePolicy/error``: ``Code/conflict``.
    ///
    /// - Parameter conflict: The record and the attributes each side changed (``conflict``;
    ///   its id is also ``recordID``).
    /// - Returns: An error with code ``Code/conflict`` holding the conflict.
    public static func conflict(_ conflict: StoreConflict) -> StoreError {
        StoreError(.conflict(conflict))
    }

    /// A query, condition or sort key cannot be evaluated: ``Code/invalidQuery``.
    ///
    /// - Parameter error: Why, from evaluating it (``queryError``).
    /// - Returns: An error with code ``Code/invalidQuery`` holding the query error.
    public static func invalidQuery(_ error: QueryError) -> StoreError {
        StoreError(.invalidQuery(error))
    }

    /// A store file cannot be read: `problem` says what is wrong and `location` where
    /// (``Code/corruptFile``).
    ///
    /// The store leaves the file's bytes as they are and never writes over it.
    ///
    /// - Parameters:
    ///   - storeLocation: The store's file, or the database of its table
    ///     (``storeLocation``).
    ///   - problem: What is wrong, in words (``problem``).
    ///   - location: Where in the file (``location``).
    /// - Returns: An error with code ``Code/corruptFile`` naming the file, what is wrong, and
    ///   where.
    public static func corruptFile(
        at storeLocation: StoreLocation, problem: String, location: Location
    ) -> StoreError {
        StoreError(.corruptFile(at: storeLocation, problem: problem, location: location))
    }

    /// A store file was written by newer code: a later file format or schema version than
    /// this code supports (``Code/unsupportedVersion``).
    ///
    /// - Parameters:
    ///   - storeLocation: The store's file, or the database of its table
    ///     (``storeLocation``).
    ///   - kind: Which version is too new (``versionKind``).
    ///   - found: The file's version (``foundVersion``).
    ///   - supported: The latest version this code reads (``supportedVersion``).
    /// - Returns: An error with code ``Code/unsupportedVersion`` naming the file, which version is
    ///   too new, the file's version, and the latest this code reads.
    public static func unsupportedVersion(
        at storeLocation: StoreLocation, kind: VersionKind, found: Int, supported: Int
    ) -> StoreError {
        StoreError(
            .unsupportedVersion(at: storeLocation, kind: kind, found: found, supported: supported))
    }

    /// A file at an older schema version could not be migrated: a step is missing, throws, or
    /// leaves a record that does not decode (``Code/migrationFailed``).
    ///
    /// - Parameters:
    ///   - storeLocation: The store's file, or the database of its table
    ///     (``storeLocation``).
    ///   - sourceVersion: The schema version of the file (``foundVersion``).
    ///   - location: Where in the file (``location``).
    ///   - reason: Why, in words (``reason``).
    /// - Returns: An error with code ``Code/migrationFailed`` naming the file, its schema version,
    ///   where, and why.
    public static func migrationFailed(
        at storeLocation: StoreLocation, sourceVersion: Int, location: Location, reason: String
    ) -> StoreError {
        StoreError(
            .migrationFailed(
                at: storeLocation, sourceVersion: sourceVersion, location: location, reason: reason)
        )
    }

    /// Another writer holds the store's lock: the process with this id, when it is known
    /// (``Code/locked``).
    ///
    /// - Parameters:
    ///   - storeLocation: Where the store keeps its records (``storeLocation``).
    ///   - pid: The holder's process id, or `nil` when it is not known (``pid``).
    ///   - message: What the database reported about the lock, such as SQLite's message and
    ///     result code, or `nil` (``message``).
    /// - Returns: An error with code ``Code/locked`` naming the file and, when it is known, the
    ///   holder's process id.
    public static func locked(at storeLocation: StoreLocation, pid: Int32?, message: String? = nil)
        -> StoreError
    {
        StoreError(.locked(at: storeLocation, pid: pid, message: message))
    }

    /// A write to a store opened read-only: ``Code/readOnly``.
    ///
    /// - Parameter storeLocation: Where the store keeps its records (``storeLocation``).
    /// - Returns: An error with code ``Code/readOnly`` naming the file.
    public static func readOnly(at storeLocation: StoreLocation) -> StoreError {
        StoreError(.readOnly(at: storeLocation))
    }

    /// An operation on a store that was closed: ``Code/closed``.
    ///
    /// - Parameter storeLocation: Where the store keeps its records (``storeLocation``).
    /// - Returns: An error with code ``Code/closed`` naming the file.
    public static func closed(at storeLocation: StoreLocation) -> StoreError {
        StoreError(.closed(at: storeLocation))
    }

    /// A file-system call failed: which file, which operation, and the system's error
    /// (``Code/io``).
    ///
    /// Nothing in memory changes when a write fails this way.
    ///
    /// - Parameters:
    ///   - storeLocation: The file, a ``StoreLocation/file(_:)`` (``storeLocation``).
    ///   - operation: What was being done, such as `write` (``operation``).
    ///   - code: The system's `errno` (``errorNumber``).
    ///   - message: The system's message for it (``message``).
    /// - Returns: An error with code ``Code/io`` naming the file, the operation, and the system's
    ///   error.
    public static func io(
        at storeLocation: StoreLocation, operation: String, code: Int32, message: String
    ) -> StoreError {
        StoreError(.io(at: storeLocation, operation: operation, code: code, message: message))
    }

    /// A store file is too large to read or to write: ``Code/fileTooLarge``.
    ///
    /// The file is larger than `JSONFileStoreOptions.maximumFileSize`: one to read (`size` is
    /// its size, or the bytes read when it grew while being read), or one a save would write
    /// (`size` is what it would be). Nothing is read into memory, and nothing is written.
    ///
    /// - Parameters:
    ///   - storeLocation: The file, a ``StoreLocation/file(_:)`` (``storeLocation``).
    ///   - size: The file's size, in bytes (``size``).
    ///   - limit: The largest size allowed, in bytes (``sizeLimit``).
    /// - Returns: An error with code ``Code/fileTooLarge`` naming the file, its size, and the
    ///   limit.
    public static func fileTooLarge(at storeLocation: StoreLocation, size: Int, limit: Int)
        -> StoreError
    {
        StoreError(.fileTooLarge(at: storeLocation, size: size, limit: limit))
    }

    /// A record could not be encoded: ``Code/encodingFailed``.
    ///
    /// - Parameters:
    ///   - id: The record's id, as text (``recordID``).
    ///   - reason: Why, in words (``reason``).
    /// - Returns: An error with code ``Code/encodingFailed`` naming the record and why.
    public static func encodingFailed(id: String, reason: String) -> StoreError {
        StoreError(.encodingFailed(id: id, reason: reason))
    }

    /// The database cannot be reached, or the connection to it was lost while the store
    /// used it: ``Code/connectionFailed``.
    ///
    /// A database backend throws it for a server that is not running, refuses the login, or
    /// drops the connection (a restart, a network fault). A write that fails this way is not
    /// acknowledged.
    ///
    /// - Parameters:
    ///   - storeLocation: The database, such as
    ///     `.database("postgresql://user@host:5432/dex")` (``storeLocation``).
    ///   - operation: What the store was doing, such as `connect to the server`
    ///     (``operation``).
    ///   - message: The server's or the driver's message (``message``).
    /// - Returns: An error with code ``Code/connectionFailed`` naming the database, the
    ///   operation, and the message.
    public static func connectionFailed(
        at storeLocation: StoreLocation, operation: String, message: String
    ) -> StoreError {
        StoreError(.connectionFailed(at: storeLocation, operation: operation, message: message))
    }

    /// The database refused a statement, or answered with what the store cannot read:
    /// ``Code/statementFailed``.
    ///
    /// A write whose statement fails changes nothing: its transaction is rolled back. A
    /// PostgreSQL server's refusal and SQLite's (a constraint, a trigger, malformed SQL) both
    /// read this way; a lock, a damaged file or a failed file-system call keeps its own code.
    ///
    /// - Parameters:
    ///   - storeLocation: The database, such as
    ///     `.database("postgresql://user@host:5432/dex")`, or its ``StoreLocation/file(_:)``
    ///     (``storeLocation``).
    ///   - operation: What the store was doing, such as `read a record` (``operation``).
    ///   - message: The server's message, with its SQLSTATE when it gave one, or the
    ///     driver's; SQLite's message with its extended result code, such as
    ///     `UNIQUE constraint failed: notes.title (SQLite result code 2067)` (``message``).
    /// - Returns: An error with code ``Code/statementFailed`` naming the database, the
    ///   operation, and the message.
    public static func statementFailed(
        at storeLocation: StoreLocation, operation: String, message: String
    ) -> StoreError {
        StoreError(.statementFailed(at: storeLocation, operation: operation, message: message))
    }

    /// An earlier failure left the store unable to tell what is on disk; reopen it
    /// (``Code/unusable``).
    ///
    /// - Parameters:
    ///   - storeLocation: Where the store keeps its records (``storeLocation``).
    ///   - reason: The earlier failure, in words (``reason``).
    /// - Returns: An error with code ``Code/unusable`` naming the file and the earlier failure.
    public static func unusable(at storeLocation: StoreLocation, reason: String) -> StoreError {
        StoreError(.unusable(at: storeLocation, reason: reason))
    }

    /// A store or transaction asked a database for a model it was not opened with
    /// (``Code/unknownModel``); nothing was changed.
    ///
    /// - Parameters:
    ///   - model: The model's type name (``modelName``).
    ///   - storeLocation: Where the database keeps its records (``storeLocation``).
    ///   - models: The type names of the models the database holds (``databaseModels``).
    /// - Returns: An error with code ``Code/unknownModel`` naming the model, the database and
    ///   the models it holds.
    public static func unknownModel(
        _ model: String, at storeLocation: StoreLocation, models: [String]
    ) -> StoreError {
        StoreError(.unknownModel(model, at: storeLocation, models: models))
    }

    /// A database cannot be opened with these models (``Code/invalidModels``): none at all,
    /// the same model twice, or two models with the same `storageName`.
    ///
    /// - Parameters:
    ///   - storeLocation: Where the database keeps its records (``storeLocation``).
    ///   - reason: What is wrong with the models, in words (``reason``).
    /// - Returns: An error with code ``Code/invalidModels`` naming the database and the
    ///   problem.
    public static func invalidModels(at storeLocation: StoreLocation, reason: String) -> StoreError
    {
        StoreError(.invalidModels(at: storeLocation, reason: reason))
    }

    /// A table in the database has the model's name but not the columns the store expects
    /// for it (``Code/tableMismatch``): it was made for another model, or for an earlier
    /// version of this one without a migration.
    ///
    /// The store opens nothing and changes nothing in the table. A database backend throws
    /// it on opening, naming the table and the columns that differ; the way out is a
    /// migration (a higher `StorableModel/schemaVersion`) or another
    /// `StorableModel/storageName` for the model.
    ///
    /// ```swift
    /// throw StoreError.tableMismatch(
    ///     at: .database("postgresql://dex@db.internal:5432/dex"), table: "note",
    ///     model: "Note", missingColumns: ["body"], unexpectedColumns: ["text"])
    /// ```
    ///
    /// - Parameters:
    ///   - storeLocation: The database, or the file, that holds the table
    ///     (``storeLocation``).
    ///   - table: The table's name (``tableName``).
    ///   - model: The model's type name (``modelName``).
    ///   - missingColumns: The columns the store expects and the table lacks
    ///     (``missingColumns``).
    ///   - unexpectedColumns: The table's columns that the store does not map
    ///     (``unexpectedColumns``).
    /// - Returns: An error with code ``Code/tableMismatch`` naming the database, the table,
    ///   the model and the columns that differ.
    public static func tableMismatch(
        at storeLocation: StoreLocation, table: String, model: String,
        missingColumns: [String], unexpectedColumns: [String]
    ) -> StoreError {
        StoreError(
            .tableMismatch(
                at: storeLocation, table: table, model: model, missing: missingColumns,
                unexpected: unexpectedColumns))
    }

    /// A write left a record whose reference names no record of the other model
    /// (``Code/danglingReference``); nothing was changed.
    ///
    /// - Parameters:
    ///   - model: The referring record's model (``modelName``).
    ///   - id: The referring record's id (``recordID``).
    ///   - attribute: The attribute that holds the reference (``reason`` names it).
    ///   - target: The model it refers to.
    ///   - targetID: The id it names, which no record of `target` has.
    /// - Returns: An error with code ``Code/danglingReference`` naming both records.
    public static func danglingReference(
        _ model: String, id: String, attribute: String, target: String, targetID: String
    ) -> StoreError {
        StoreError(
            .danglingReference(
                model, id: id, attribute: attribute, target: target, targetID: targetID))
    }

    /// A write deleted a record that another refers to through a reference whose delete rule
    /// is `deny` (``Code/deleteDenied``); nothing was changed.
    ///
    /// - Parameters:
    ///   - model: The model of the record the write deleted (``modelName``).
    ///   - id: The deleted record's id (``recordID``).
    ///   - referencedBy: The model of the record that refers to it.
    ///   - referringID: The id of the record that refers to it.
    /// - Returns: An error with code ``Code/deleteDenied`` naming both records.
    public static func deleteDenied(
        _ model: String, id: String, referencedBy: String, referringID: String
    ) -> StoreError {
        StoreError(
            .deleteDenied(model, id: id, referencedBy: referencedBy, referringID: referringID))
    }

    /// A change feed's cursor the store's history cannot answer from (``Code/changesExpired``).
    ///
    /// The cursor is older than the history's horizon, where tombstones of deletions were
    /// dropped, or newer than the store's version (a cursor of another database). Read again
    /// from ``ChangeCursor/start``, which gives every record, and replace the copy.
    ///
    /// - Parameters:
    ///   - model: The model's type name (``modelName``).
    ///   - cursor: The cursor read from (``changeCursor``).
    ///   - horizon: The history's horizon (``historyHorizon``).
    ///   - storeLocation: Where the store keeps its records (``storeLocation``).
    /// - Returns: An error with code ``Code/changesExpired`` naming the model, the cursor, the
    ///   horizon and the store.
    public static func changesExpired(
        _ model: String, since cursor: ChangeCursor, horizon: UInt64,
        at storeLocation: StoreLocation
    ) -> StoreError {
        StoreError(.changesExpired(model, since: cursor, horizon: horizon, at: storeLocation))
    }

    /// A change feed of a model that declares no ``ChangeHistory``, or of a store that keeps
    /// none (``Code/historyNotKept``).
    ///
    /// - Parameters:
    ///   - model: The model's type name (``modelName``).
    ///   - storeLocation: Where the store keeps its records (``storeLocation``).
    /// - Returns: An error with code ``Code/historyNotKept`` naming the model and the store.
    public static func historyNotKept(_ model: String, at storeLocation: StoreLocation)
        -> StoreError
    {
        StoreError(.historyNotKept(model, at: storeLocation))
    }
}
