import Foundation
import JSONFileStorage
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport

/// Every backend the conformance suite runs against.
enum Backend: String, CaseIterable, Sendable, CustomStringConvertible {
    case inMemory
    case jsonFile
    /// The store of one model of a `JSONFileModelDatabase` of two.
    case jsonFileDatabase
    case sqlite
    /// ``ArrayStore``, a backend written outside the module.
    case thirdParty
    /// The record store of an in-memory database that holds notes too.
    case inMemoryDatabase
    /// The record store of an SQLite database that holds notes too.
    case sqliteDatabase

    var description: String { rawValue }

    /// Runs a conformance check against fresh stores of this backend; file stores live in a
    /// temporary directory removed afterwards.
    func run(_ check: StoreConformanceCheck) async throws {
        try await withStores(of: ConformanceRecord.self) { makeStore in
            try await check.run(makeStore)
        }
    }

    /// Runs an aggregate check against fresh stores of this backend.
    func run(_ check: ConformanceCheck<AggregateRecord>) async throws {
        try await withStores(of: AggregateRecord.self) { makeStore in
            try await check.run(makeStore)
        }
    }

    /// Runs a search check against fresh stores of this backend.
    func run(_ check: ConformanceCheck<SearchRecord>) async throws {
        try await withStores(of: SearchRecord.self) { makeStore in
            try await check.run(makeStore)
        }
    }

    /// Runs a change-feed check against fresh stores of this backend.
    func run(_ check: ChangeFeedCheck) async throws {
        try await withStores(of: ConformanceEntry.self) { makeStore in
            try await check.run(makeStore)
        }
    }

    /// Whether the backend keeps a model's change history, which the change-feed checks read.
    var keepsChangeHistory: Bool {
        switch self {
        case .inMemory, .inMemoryDatabase, .jsonFile, .jsonFileDatabase, .sqlite,
            .sqliteDatabase:
            true
        case .thirdParty: false
        }
    }

    /// The models of a database backend's database: the notes, the records they refer to,
    /// and the model under test.
    private static func databaseModels(with model: any StorableModel.Type)
        -> [any StorableModel.Type]
    {
        let models: [any StorableModel.Type] = [ConformanceNote.self, ConformanceRecord.self]
        return model == ConformanceRecord.self ? models : models + [model]
    }

    /// Runs a body with a factory of fresh stores of a model in this backend (in a database
    /// that holds notes too, for the database backends); file stores live in a temporary
    /// directory removed afterwards.
    private func withStores<Model: StorableModel>(
        of model: Model.Type,
        _ body: (@escaping @Sendable () async throws -> any ModelStore<Model>) async throws -> Void
    ) async throws {
        let counter = Counter()
        switch self {
        case .inMemory:
            try await body { InMemoryStore<Model>() }
        case .thirdParty:
            try await body { ArrayStore<Model>() }
        case .inMemoryDatabase:
            try await body {
                try InMemoryModelDatabase(for: Self.databaseModels(with: Model.self))
                    .store(for: Model.self)
            }
        case .jsonFile:
            try await withTemporaryDirectory { directory in
                try await body {
                    try await JSONFileStore<Model>.open(
                        at: directory.appending(path: "store-\(counter.next()).json"))
                }
            }
        case .jsonFileDatabase:
            try await withTemporaryDirectory { directory in
                try await body {
                    try await JSONFileModelDatabase.open(
                        at: directory.appending(path: "database-\(counter.next()).json"),
                        for: Self.databaseModels(with: Model.self)
                    ).store(for: Model.self)
                }
            }
        case .sqlite:
            try await withTemporaryDirectory { directory in
                try await body {
                    try await SQLiteStore<Model>.open(
                        at: directory.appending(path: "store-\(counter.next()).sqlite"))
                }
            }
        case .sqliteDatabase:
            try await withTemporaryDirectory { directory in
                try await body {
                    try await SQLiteModelDatabase.open(
                        at: directory.appending(path: "database-\(counter.next()).sqlite"),
                        for: Self.databaseModels(with: Model.self)
                    ).store(for: Model.self)
                }
            }
        }
    }
}
