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
        switch self {
        case .inMemory:
            try await check.run { InMemoryStore<ConformanceRecord>() }
        case .thirdParty:
            try await check.run { ArrayStore<ConformanceRecord>() }
        case .jsonFile:
            try await withTemporaryDirectory { directory in
                let counter = Counter()
                try await check.run {
                    try await JSONFileStore<ConformanceRecord>.open(
                        at: directory.appending(path: "store-\(counter.next()).json"))
                }
            }
        case .inMemoryDatabase:
            try await check.run {
                try InMemoryModelDatabase(for: [ConformanceNote.self, ConformanceRecord.self])
                    .store(for: ConformanceRecord.self)
            }
        case .sqliteDatabase:
            try await withTemporaryDirectory { directory in
                let counter = Counter()
                try await check.run {
                    try await SQLiteModelDatabase.open(
                        at: directory.appending(path: "database-\(counter.next()).sqlite"),
                        for: [ConformanceNote.self, ConformanceRecord.self]
                    ).store(for: ConformanceRecord.self)
                }
            }
        case .jsonFileDatabase:
            try await withTemporaryDirectory { directory in
                let counter = Counter()
                try await check.run {
                    try await JSONFileModelDatabase.open(
                        at: directory.appending(path: "database-\(counter.next()).json"),
                        for: [ConformanceNote.self, ConformanceRecord.self]
                    ).store(for: ConformanceRecord.self)
                }
            }
        case .sqlite:
            try await withTemporaryDirectory { directory in
                let counter = Counter()
                try await check.run {
                    try await SQLiteStore<ConformanceRecord>.open(
                        at: directory.appending(path: "store-\(counter.next()).sqlite"))
                }
            }
        }
    }
}
