import KeyPathQuery

extension StoreError {
    /// Where the store the error is about keeps its records: a file, a database, or memory;
    /// `nil` for an error about a record or a query.
    ///
    /// The file backends name their file (`.file("/…/dex.sqlite")`, `.file("/…/dex.json")`);
    /// a database backend names its database by its URL with no password, such as
    /// `.database("postgresql://user@host:5432/dex")`. The ``description`` speaks of "the
    /// database" for a database and of "the store file" for a file.
    ///
    /// Set for every code but ``Code/duplicateID``, ``Code/notFound``,
    /// ``Code/identifierChanged``, ``Code/conflict``, ``Code/invalidQuery``,
    /// ``Code/encodingFailed``, ``Code/danglingReference`` and ``Code/deleteDenied``.
    public var storeLocation: StoreLocation? {
        switch storage {
        case .corruptFile(let place, _, _), .unsupportedVersion(let place, _, _, _),
            .migrationFailed(let place, _, _, _), .locked(let place, _, _), .readOnly(let place),
            .closed(let place), .io(let place, _, _, _), .fileTooLarge(let place, _, _),
            .unusable(let place, _), .connectionFailed(let place, _, _),
            .statementFailed(let place, _, _), .unknownModel(_, let place, _),
            .invalidModels(let place, _), .tableMismatch(let place, _, _, _, _),
            .changesExpired(_, _, _, let place), .historyNotKept(_, let place):
            place
        case .duplicateID, .notFound, .identifierChanged, .conflict, .invalidQuery,
            .encodingFailed, .danglingReference, .deleteDenied:
            nil
        }
    }

    /// The id of the record the error is about, as text.
    ///
    /// Set for ``Code/duplicateID``, ``Code/notFound``, ``Code/encodingFailed``,
    /// ``Code/conflict`` (the conflict's id) and ``Code/identifierChanged`` (the id the record
    /// had; ``newRecordID`` is the one the write gave it).
    public var recordID: String? {
        switch storage {
        case .duplicateID(let id), .notFound(let id), .identifierChanged(let id, _),
            .encodingFailed(let id, _), .danglingReference(_, let id, _, _, _),
            .deleteDenied(_, let id, _, _):
            id
        case .conflict(let conflict): conflict.id
        default: nil
        }
    }

    /// The id a write gave a record, for ``Code/identifierChanged``.
    public var newRecordID: String? {
        guard case .identifierChanged(_, let new) = storage else { return nil }
        return new
    }

    /// The record and the attributes each side changed, for ``Code/conflict``.
    public var conflict: StoreConflict? {
        guard case .conflict(let conflict) = storage else { return nil }
        return conflict
    }

    /// Why the query cannot be evaluated, for ``Code/invalidQuery``.
    public var queryError: QueryError? {
        guard case .invalidQuery(let error) = storage else { return nil }
        return error
    }

    /// What is wrong with a file, in words, for ``Code/corruptFile``.
    public var problem: String? {
        guard case .corruptFile(_, let problem, _) = storage else { return nil }
        return problem
    }

    /// Where in the file the problem is, for ``Code/corruptFile`` and
    /// ``Code/migrationFailed``.
    public var location: Location? {
        switch storage {
        case .corruptFile(_, _, let location), .migrationFailed(_, _, let location, _):
            location
        default: nil
        }
    }

    /// Why, in words: for ``Code/migrationFailed``, ``Code/encodingFailed`` and
    /// ``Code/unusable``.
    public var reason: String? {
        switch storage {
        case .migrationFailed(_, _, _, let reason), .encodingFailed(_, let reason),
            .unusable(_, let reason), .invalidModels(_, let reason):
            reason
        default: nil
        }
    }

    /// Which version is too new, for ``Code/unsupportedVersion``.
    public var versionKind: VersionKind? {
        guard case .unsupportedVersion(_, let kind, _, _) = storage else { return nil }
        return kind
    }

    /// The version the file was written with: too new, for ``Code/unsupportedVersion``; the
    /// schema version a migration started from, for ``Code/migrationFailed``.
    public var foundVersion: Int? {
        switch storage {
        case .unsupportedVersion(_, _, let found, _): found
        case .migrationFailed(_, let version, _, _): version
        default: nil
        }
    }

    /// The latest version this code reads, for ``Code/unsupportedVersion``.
    public var supportedVersion: Int? {
        guard case .unsupportedVersion(_, _, _, let supported) = storage else { return nil }
        return supported
    }

    /// The process that holds the lock, for ``Code/locked``; `nil` when it is not known.
    public var pid: Int32? {
        guard case .locked(_, let pid, _) = storage else { return nil }
        return pid
    }

    /// The operation that failed: a file-system call such as `write`, for ``Code/io``; what
    /// the store was doing on the database, such as `connect to the server`, for
    /// ``Code/connectionFailed`` and ``Code/statementFailed``.
    public var operation: String? {
        switch storage {
        case .io(_, let operation, _, _), .connectionFailed(_, let operation, _),
            .statementFailed(_, let operation, _):
            operation
        default: nil
        }
    }

    /// The system's `errno`, such as `ENOSPC`, for ``Code/io``.
    public var errorNumber: Int32? {
        guard case .io(_, _, let code, _) = storage else { return nil }
        return code
    }

    /// The system's message for ``errorNumber``, for ``Code/io``; for ``Code/locked``,
    /// what the database reported about the lock, when a database reported it; the
    /// database server's or driver's message, or SQLite's with its result code, for
    /// ``Code/connectionFailed`` and ``Code/statementFailed``.
    public var message: String? {
        switch storage {
        case .io(_, _, _, let message), .connectionFailed(_, _, let message),
            .statementFailed(_, _, let message):
            message
        case .locked(_, _, let message): message
        default: nil
        }
    }

    /// The file's size in bytes, or the size a save would write, for ``Code/fileTooLarge``.
    public var size: Int? {
        guard case .fileTooLarge(_, let size, _) = storage else { return nil }
        return size
    }

    /// The largest file a store reads or writes, in bytes, for ``Code/fileTooLarge``.
    public var sizeLimit: Int? {
        guard case .fileTooLarge(_, _, let limit) = storage else { return nil }
        return limit
    }

    /// The model a database was asked for and does not hold
    /// (``StoreError/unknownModel(_:at:models:)``), or the model of the record a
    /// reference error concerns (``StoreError/danglingReference(_:id:attribute:target:targetID:)``,
    /// ``StoreError/deleteDenied(_:id:referencedBy:referringID:)``), or whose changes were
    /// asked for (``Code/changesExpired``, ``Code/historyNotKept``); `nil` for other errors.
    public var modelName: String? {
        switch storage {
        case .unknownModel(let model, _, _), .danglingReference(let model, _, _, _, _),
            .deleteDenied(let model, _, _, _), .tableMismatch(_, _, let model, _, _),
            .changesExpired(let model, _, _, _), .historyNotKept(let model, _):
            model
        default: nil
        }
    }

    /// The name of the table whose columns are not the store's, for ``Code/tableMismatch``.
    public var tableName: String? {
        guard case .tableMismatch(_, let table, _, _, _) = storage else { return nil }
        return table
    }

    /// The columns the store expects and the table lacks, for ``Code/tableMismatch``.
    public var missingColumns: [String]? {
        guard case .tableMismatch(_, _, _, let missing, _) = storage else { return nil }
        return missing
    }

    /// The table's columns that the store does not map, for ``Code/tableMismatch``.
    public var unexpectedColumns: [String]? {
        guard case .tableMismatch(_, _, _, _, let unexpected) = storage else { return nil }
        return unexpected
    }

    /// The models the database holds, when it was asked for another
    /// (``StoreError/unknownModel(_:at:models:)``); `nil` for other errors.
    public var databaseModels: [String]? {
        guard case .unknownModel(_, _, let models) = storage else { return nil }
        return models
    }

    /// The cursor a change feed was read from, for ``Code/changesExpired``.
    public var changeCursor: ChangeCursor? {
        guard case .changesExpired(_, let cursor, _, _) = storage else { return nil }
        return cursor
    }

    /// The version the store's history starts at, for ``Code/changesExpired``.
    public var historyHorizon: UInt64? {
        guard case .changesExpired(_, _, let horizon, _) = storage else { return nil }
        return horizon
    }
}
