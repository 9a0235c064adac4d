import KeyPathQuery

/// An error from a ``ModelStore``: what went wrong, on which record, file or database, and
/// where.
///
/// Every error has a ``code`` that says what went wrong, the details a message needs as
/// properties (``storeLocation``, ``recordID``, ``location``, …), and a ``description``
/// that reads as one or two sentences:
///
/// ```swift
/// do {
///     let store = try await JSONFileStore<Note>.open(at: url)
/// } catch let error as StoreError where error.code == .locked {
///     print(error)   // The store file /…/notes.json is locked by process 4242; …
///     print(error.pid ?? 0)
/// } catch StoreError.Code.corruptFile {
///     // A `Code` matches any error in a `catch` or a `case`.
/// }
/// ```
///
/// `StoreError` is a structure, not an enumeration, so that a later version can add a
/// ``Code`` without breaking a client's `switch`: switch on ``code``, with a `default`.
/// Errors are made with the static factories, such as ``notFound(_:)``, named after their
/// codes.
///
/// Record ids are kept as text (`String(describing: id)`) so that the error is not generic.
public struct StoreError: Error, Hashable, Sendable {
    /// The error's code and details, one case per ``Code``.
    let storage: Storage

    /// Makes an error of these details.
    init(_ storage: Storage) {
        self.storage = storage
    }

    /// What went wrong, for a `switch` or a comparison.
    ///
    /// ```swift
    /// switch error.code {
    /// case .notFound: return nil
    /// case .locked: try await Task.sleep(for: .seconds(1))
    /// default: throw error
    /// }
    /// ```
    public var code: Code {
        switch storage {
        case .duplicateID: .duplicateID
        case .notFound: .notFound
        case .identifierChanged: .identifierChanged
        case .conflict: .conflict
        case .invalidQuery: .invalidQuery
        case .corruptFile: .corruptFile
        case .unsupportedVersion: .unsupportedVersion
        case .migrationFailed: .migrationFailed
        case .locked: .locked
        case .readOnly: .readOnly
        case .closed: .closed
        case .io: .io
        case .fileTooLarge: .fileTooLarge
        case .encodingFailed: .encodingFailed
        case .unusable: .unusable
        case .connectionFailed: .connectionFailed
        case .statementFailed: .statementFailed
        case .unknownModel: .unknownModel
        case .invalidModels: .invalidModels
        case .danglingReference: .danglingReference
        case .deleteDenied: .deleteDenied
        case .tableMismatch: .tableMismatch
        case .changesExpired: .changesExpired
        case .historyNotKept: .historyNotKept
        }
    }

    /// The details of each code, as the factories of the same names take them.
    enum Storage: Hashable, Sendable {
        case duplicateID(String)
        case notFound(String)
        case identifierChanged(from: String, to: String)
        case conflict(StoreConflict)
        case invalidQuery(QueryError)
        case corruptFile(at: StoreLocation, problem: String, location: Location)
        case unsupportedVersion(at: StoreLocation, kind: VersionKind, found: Int, supported: Int)
        case migrationFailed(
            at: StoreLocation, sourceVersion: Int, location: Location, reason: String)
        case locked(at: StoreLocation, pid: Int32?, message: String?)
        case readOnly(at: StoreLocation)
        case closed(at: StoreLocation)
        case io(at: StoreLocation, operation: String, code: Int32, message: String)
        case fileTooLarge(at: StoreLocation, size: Int, limit: Int)
        case encodingFailed(id: String, reason: String)
        case unusable(at: StoreLocation, reason: String)
        case connectionFailed(at: StoreLocation, operation: String, message: String)
        case statementFailed(at: StoreLocation, operation: String, message: String)
        case unknownModel(String, at: StoreLocation, models: [String])
        case invalidModels(at: StoreLocation, reason: String)
        case tableMismatch(
            at: StoreLocation, table: String, model: String, missing: [String],
            unexpected: [String])
        case danglingReference(
            String, id: String, attribute: String, target: String, targetID: String)
        case deleteDenied(String, id: String, referencedBy: String, referringID: String)
        case changesExpired(String, since: ChangeCursor, horizon: UInt64, at: StoreLocation)
        case historyNotKept(String, at: StoreLocation)
    }

    /// Which version a file or database is too new in.
    public enum VersionKind: String, Hashable, Sendable {
        /// The file format: the layout of the document or journal itself.
        case format
        /// The model's schema: the form of its records (``StorableModel/schemaVersion``).
        case schema
    }

    /// Where in a file a problem is, as precisely as it is known.
    ///
    /// Every property is optional: a syntax error has a line, column and byte offset; a record
    /// that does not decode has its index in the file, its line, and the coding path of the
    /// value at fault.
    public struct Location: Hashable, Sendable {
        /// The line, from 1.
        public var line: Int?
        /// The column, from 1, in characters.
        public var column: Int?
        /// The byte offset from the start of the file.
        public var byteOffset: Int?
        /// The index of the record in the file's records, from 0.
        public var recordIndex: Int?
        /// The path to the value at fault, such as `records[17].attack`.
        public var codingPath: String?

        /// Creates a location.
        ///
        /// - Parameters:
        ///   - line: The line, from 1.
        ///   - column: The column, from 1.
        ///   - byteOffset: The byte offset.
        ///   - recordIndex: The record's index, from 0.
        ///   - codingPath: The path to the value at fault.
        public init(
            line: Int? = nil, column: Int? = nil, byteOffset: Int? = nil,
            recordIndex: Int? = nil, codingPath: String? = nil
        ) {
            self.line = line
            self.column = column
            self.byteOffset = byteOffset
            self.recordIndex = recordIndex
            self.codingPath = codingPath
        }

        /// The whole file, when the problem has no narrower place.
        public static var wholeFile: Location { Location() }
    }
}
