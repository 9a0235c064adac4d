import KeyPathQuery
import ModelStorage

// The check of `ModelDatabase.store(for:)`: the stores that code written against any
// database gets.
extension DatabaseConformance {
    static let storesFromAnyDatabase = DatabaseConformanceCheck(
        name: "storesFromAnyDatabase",
        summary: "store(for:), called on some ModelDatabase, hands out each model's store over "
            + "the database's records and version, closes the database with it, and refuses a "
            + "model the database was not opened with, with unknownModel naming it"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            try await load(into: made.database)
            try expectEqual(
                try await made.records.fetch(RecordQuery()).map(\.id), [1, 2],
                "the records written through the store store(for:) returned")
            try expectEqual(
                try await made.notes.fetch(id: 10)?.recordID, 1,
                "the note written through the store store(for:) returned")
            try await made.records.upsert(.sample(3))
            try expectEqual(
                try await count(of: ConformanceRecord.self, in: made.database), 3,
                "the records that store(for:)'s store counts after a write of another store")
            try expectEqual(
                try await version(of: ConformanceNote.self, in: made.database), 3,
                "the version that store(for:)'s store of notes reads after three commits")
            try await expectError(
                where: { error in
                    let error = error as? StoreError
                    return error?.code == .unknownModel
                        && error?.modelName == String(describing: ConformanceStray.self)
                },
                "store(for:) of a model the database was not opened with"
            ) {
                try await count(of: ConformanceStray.self, in: made.database)
            }
            try await close(ConformanceNote.self, in: made.database)
            try await expectError(
                where: { ($0 as? StoreError)?.code == .closed },
                "a read of the records once store(for:)'s store of notes was closed"
            ) {
                try await made.records.count(where: .true)
            }
        }
    }

    /// Writes records and a note knowing only that `database` is a database, as generic code
    /// does.
    private static func load(into database: some ModelDatabase) async throws {
        try await database.store(for: ConformanceRecord.self).upsert(contentsOf: [
            .sample(1), .sample(2),
        ])
        try await database.store(for: ConformanceNote.self).upsert(
            ConformanceNote(id: 10, recordID: 1, text: "from generic code"))
    }

    /// Counts a model's records through the store `database.store(for:)` returns.
    private static func count<Model: StorableModel>(
        of model: Model.Type, in database: some ModelDatabase
    ) async throws -> Int {
        try await database.store(for: model).count(where: .true)
    }

    /// The version a model's store reads, through the store `database.store(for:)` returns.
    private static func version<Model: StorableModel>(
        of model: Model.Type, in database: some ModelDatabase
    ) async throws -> UInt64 {
        try await database.store(for: model).fetchResult(RecordQuery()).version
    }

    /// Closes the store of a model that `database.store(for:)` returns.
    private static func close<Model: StorableModel>(
        _ model: Model.Type, in database: some ModelDatabase
    ) async throws {
        try await database.store(for: model).close()
    }
}
