import Foundation
import JSONFileStorage
import PokedexKit
import SQLiteStorage
import TestSupport
import Testing

/// A backend a Pokédex database is opened in, for tests that run in each.
enum PokedexBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case jsonFile
    case sqlite

    var testDescription: String {
        switch self {
        case .memory: "in memory"
        case .jsonFile: "in a JSON file"
        case .sqlite: "in SQLite"
        }
    }

    /// Runs `body` with a new database of `models` in this backend and its store of
    /// Pokémon, and closes the database afterwards.
    func withDatabase(
        of models: [any StorableModel.Type] = PokedexModels.all,
        _ body: (any ModelDatabase, any ModelStore<Pokemon>) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            let database: any ModelDatabase
            let store: any ModelStore<Pokemon>
            switch self {
            case .memory:
                let opened = try InMemoryModelDatabase(for: models)
                (database, store) = (opened, try opened.store(for: Pokemon.self))
            case .jsonFile:
                let opened = try await JSONFileModelDatabase.open(
                    at: directory.appending(path: "dex.json"), for: models)
                (database, store) = (opened, try opened.store(for: Pokemon.self))
            case .sqlite:
                let opened = try await SQLiteModelDatabase.open(
                    at: directory.appending(path: "dex.sqlite"), for: models)
                (database, store) = (opened, try opened.store(for: Pokemon.self))
            }
            do {
                try await body(database, store)
                try await database.close()
            } catch {
                try? await database.close()
                throw error
            }
        }
    }
}
