import ModelStorage

/// A fresh database of ``ConformanceRecord`` and ``ConformanceNote`` for the database
/// checks: the database, and the store of each model it handed out.
public struct ConformanceDatabase: Sendable {
    /// The database.
    public var database: any ModelDatabase
    /// The database's store of records.
    public var records: any ModelStore<ConformanceRecord>
    /// The database's store of notes.
    public var notes: any ModelStore<ConformanceNote>
    /// Opens another fresh, empty database of the same backend, holding the models given:
    /// the delete-rule checks open one of models of their own, and close it.
    public var openDatabase: @Sendable ([any StorableModel.Type]) async throws -> any ModelDatabase

    /// A database and its two stores.
    ///
    /// ```swift
    /// let dex = try InMemoryModelDatabase(for: [ConformanceRecord.self, ConformanceNote.self])
    /// ConformanceDatabase(
    ///     database: dex, records: try dex.store(for: ConformanceRecord.self),
    ///     notes: try dex.store(for: ConformanceNote.self),
    ///     openingOthers: { models in try InMemoryModelDatabase(for: models) })
    /// ```
    ///
    /// - Parameters:
    ///   - database: A fresh, empty database of the two models.
    ///   - records: Its store of records.
    ///   - notes: Its store of notes.
    ///   - openDatabase: Opens another fresh, empty database of the same backend, holding
    ///     the models it is given (a file or a database of its own each time).
    public init(
        database: any ModelDatabase, records: any ModelStore<ConformanceRecord>,
        notes: any ModelStore<ConformanceNote>,
        openingOthers openDatabase:
            @escaping @Sendable ([any StorableModel.Type]) async throws -> any ModelDatabase
    ) {
        self.database = database
        self.records = records
        self.notes = notes
        self.openDatabase = openDatabase
    }
}

/// Makes a fresh, empty database of the backend under test.
public typealias ConformanceDatabaseFactory =
    @Sendable () async throws -> ConformanceDatabase

/// One check of the database contract (`ModelDatabase`'s implementation requirements).
public struct DatabaseConformanceCheck: Sendable, CustomStringConvertible {
    /// The check's name, stable across releases.
    public let name: String
    /// What the check proves, in a sentence.
    public let summary: String
    private let body: @Sendable (ConformanceDatabaseFactory) async throws -> Void

    init(
        name: String, summary: String,
        body: @escaping @Sendable (ConformanceDatabaseFactory) async throws -> Void
    ) {
        self.name = name
        self.summary = summary
        self.body = body
    }

    /// The check's name.
    public var description: String { name }

    /// Runs the check on fresh databases made by `makeDatabase`.
    ///
    /// - Parameter makeDatabase: Makes a fresh, empty database of the backend under test.
    /// - Throws: ``ConformanceFailure`` naming the check when the backend does not conform.
    public func run(_ makeDatabase: @escaping ConformanceDatabaseFactory) async throws {
        try await ConformanceFailure.naming(check: name) { try await body(makeDatabase) }
    }
}
