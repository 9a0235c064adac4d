import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import ModelSync
import SQLiteStorage

/// The backends a side of sync runs on in the tests.
enum SyncBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case memory, sqlite, json

    var description: String { rawValue }

    /// A database of these models, in a new temporary directory for the file backends.
    func open(_ models: [any StorableModel.Type], in directory: URL, name: String) async throws
        -> any ModelDatabase
    {
        switch self {
        case .memory:
            return try InMemoryModelDatabase(for: models)
        case .sqlite:
            return try await SQLiteModelDatabase.open(
                at: directory.appending(path: "\(name).sqlite"), for: models)
        case .json:
            return try await JSONFileModelDatabase.open(
                at: directory.appending(path: "\(name).json"), for: models)
        }
    }
}

/// A server and the databases of a test, closed and removed at the end.
struct SyncFixture: Sendable {
    let directory: URL
    let serverDatabase: any ModelDatabase
    let server: SyncServer
    let backend: SyncBackend

    static let synced: [any StorableModel.Type] = [Memo.self, Jotting.self]

    /// A server on a backend, with Memo and Jotting owned by `owner`, under a merge policy.
    static func make(
        _ backend: SyncBackend, mergePolicy: MergePolicy = .mergeByPropertyObjectTrump,
        limits: SyncLimits = SyncLimits()
    ) async throws -> SyncFixture {
        let directory = FileManager.default.temporaryDirectory.appending(
            path: "modelsync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try await backend.open(
            synced + SyncServer.bookkeepingModels, in: directory, name: "server")
        let server = try SyncServer(
            database: database,
            models: [
                .model(Memo.self, owner: \.owner, mergePolicy: mergePolicy),
                .model(Jotting.self, owner: \.owner, mergePolicy: mergePolicy),
            ],
            limits: limits)
        return SyncFixture(
            directory: directory, serverDatabase: database, server: server, backend: backend)
    }

    /// A replica of Memo (and Jotting) for a user, over a new local database.
    func replica(
        _ name: String, user: String = "ash", scope: Condition<Memo> = .true,
        transport: (any SyncTransport)? = nil, pageSize: Int = 500
    ) async throws -> (Replica, any ModelDatabase) {
        let local = try await backend.open(
            Self.synced + Replica.bookkeepingModels, in: directory, name: name)
        let replica = try Replica(
            database: local,
            transport: transport ?? InProcessTransport(server: server, user: user),
            models: [ReplicaModel(Memo.self, scope: scope), ReplicaModel(Jotting.self)],
            pullPageSize: pageSize)
        return (replica, local)
    }

    /// The server's memos of a user, by id.
    func serverMemos(of user: String) async throws -> [String: Memo] {
        let memos = try await serverDatabase.store(for: Memo.self).fetch(
            RecordQuery(where: \.owner == user))
        return Dictionary(uniqueKeysWithValues: memos.map { ($0.id, $0) })
    }

    /// Removes the directory.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A database's memos, by id.
func memos(in database: any ModelDatabase) async throws -> [String: Memo] {
    let all = try await database.store(for: Memo.self).fetch(.everyRecord)
    return Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
}
