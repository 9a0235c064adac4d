import KeyPathQuery

/// An error from a ``ModelStore``: what went wrong, on which record or file, and where.
///
/// Every case carries what a message needs, and ``description`` reads as one or two
/// sentences:
///
/// ```swift
/// do {
///     let store = try await JSONFileStore<Note>.open(at: url)
/// } catch let error as StoreError {
///     print(error)   // The store file /…/notes.json is locked by process 4242; …
/// }
/// ```
///
/// Record ids are kept as text (`String(describing: id)`) so that the error is not generic.
public enum StoreError: Error, Hashable, Sendable {
    /// An insert found a record with the same id.
    case duplicateID(String)

    /// No record has this id.
    case notFound(String)

    /// An update or a save changed a record's id, which identifies the record and cannot
    /// change.
    case identifierChanged(from: String, to: String)

    /// A save based on an earlier read found the record changed since, under
    /// ``MergePolicy/error``.
    case conflict(StoreConflict)

    /// A query, condition or sort key cannot be evaluated.
    case invalidQuery(QueryError)

    /// A store file cannot be read: `problem` says what is wrong and `location` where.
    ///
    /// The store leaves the file's bytes as they are and never writes over it.
    case corruptFile(path: String, problem: String, location: Location)

    /// A store file was written by newer code: a later file format or schema version than
    /// this code supports.
    case unsupportedVersion(path: String, kind: VersionKind, found: Int, supported: Int)

    /// A file at an older schema version could not be migrated: a step is missing, throws, or
    /// leaves a record that does not decode.
    case migrationFailed(path: String, sourceVersion: Int, location: Location, reason: String)

    /// Another writer holds the store's lock: the process with this id, when it is known.
    case locked(path: String, pid: Int32?)

    /// A write to a store opened read-only.
    case readOnly(path: String)

    /// An operation on a store that was closed.
    case closed(path: String)

    /// A file-system call failed: which file, which operation, and the system's error.
    ///
    /// Nothing in memory changes when a write fails this way.
    case io(path: String, operation: String, code: Int32, message: String)

    /// A store file is larger than ``JSONFileStoreOptions/maximumFileSize``: one to read
    /// (`size` is its size, or the bytes read when it grew while being read), or one a save
    /// would write (`size` is what it would be). Nothing is read into memory, and nothing is
    /// written.
    case fileTooLarge(path: String, size: Int, limit: Int)

    /// A record could not be encoded.
    case encodingFailed(id: String, reason: String)

    /// An earlier failure left the store unable to tell what is on disk; reopen it.
    case unusable(path: String, reason: String)

    /// Which version a file is too new in.
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
