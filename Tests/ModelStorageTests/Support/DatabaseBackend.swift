import Foundation
import JSONFileStorage
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport

/// The bundled databases of several models, for the database conformance checks.
enum DatabaseBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case inMemory
    case jsonFile
    case sqlite

    var description: String { rawValue }

    static let models: [any StorableModel.Type] = [ConformanceRecord.self, ConformanceNote.self]

    func run(_ check: DatabaseConformanceCheck) async throws {
        switch self {
        case .inMemory:
            try await check.run {
                let database = try InMemoryModelDatabase(for: Self.models)
                return ConformanceDatabase(
                    database: database, records: try database.store(for: ConformanceRecord.self),
                    notes: try database.store(for: ConformanceNote.self),
                    openingOthers: { models in try InMemoryModelDatabase(for: models) })
            }
        case .jsonFile:
            try await withTemporaryDirectory { directory in
                let counter = Counter()
                try await check.run {
                    let database = try await JSONFileModelDatabase.open(
                        at: directory.appending(path: "database-\(counter.next()).json"),
                        for: Self.models)
                    return ConformanceDatabase(
                        database: database,
                        records: try database.store(for: ConformanceRecord.self),
                        notes: try database.store(for: ConformanceNote.self),
                        openingOthers: { models in
                            try await JSONFileModelDatabase.open(
                                at: directory.appending(path: "other-\(counter.next()).json"),
                                for: models)
                        })
                }
            }
        case .sqlite:
            try await withTemporaryDirectory { directory in
                let counter = Counter()
                try await check.run {
                    let database = try await SQLiteModelDatabase.open(
                        at: directory.appending(path: "database-\(counter.next()).sqlite"),
                        for: Self.models)
                    return ConformanceDatabase(
                        database: database,
                        records: try database.store(for: ConformanceRecord.self),
                        notes: try database.store(for: ConformanceNote.self),
                        openingOthers: { models in
                            try await SQLiteModelDatabase.open(
                                at: directory.appending(path: "other-\(counter.next()).sqlite"),
                                for: models)
                        })
                }
            }
        }
    }

    /// Opens a database of some models in `directory` (unused in memory).
    func open(
        _ models: [any StorableModel.Type], in directory: URL
    ) async throws -> any ModelDatabase {
        switch self {
        case .inMemory: try InMemoryModelDatabase(for: models)
        case .jsonFile:
            try await JSONFileModelDatabase.open(
                at: directory.appending(path: "database.json"), for: models)
        case .sqlite:
            try await SQLiteModelDatabase.open(
                at: directory.appending(path: "database.sqlite"), for: models)
        }
    }
}
