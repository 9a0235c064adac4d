import Foundation
import ModelStorage
import PostgresNIO
import PostgresStorage
import PostgresTestServer

/// An error from making a test's store, described in full.
struct TestStoreError: Error, CustomStringConvertible {
    let description: String
}

/// Stores for a test on the process's shared PostgreSQL server, each in a new database of its
/// own unless told otherwise, all closed when the test is done.
actor TestStores {
    private var opened: [@Sendable () async -> Void] = []

    /// A new, empty database on the shared server.
    static func freshDatabase() async throws -> PostgresConnection.Configuration {
        try await PostgresTestServer.shared().makeDatabase()
    }

    /// Opens a store of a model on a database (a new one by default), for writing unless
    /// told otherwise: the store of the database of the one model.
    func open<Model: StorableModel>(
        _: Model.Type = Model.self, on configuration: PostgresConnection.Configuration? = nil,
        mode: StoreAccessMode = .readWrite
    ) async throws -> PostgresStore<Model> {
        try await openDatabase([Model.self], on: configuration, mode: mode)
            .store(for: Model.self)
    }

    /// Opens a database of several models on a database (a new one by default), for writing
    /// unless told otherwise.
    func openDatabase(
        _ models: [any StorableModel.Type],
        on configuration: PostgresConnection.Configuration? = nil,
        mode: StoreAccessMode = .readWrite
    ) async throws -> PostgresModelDatabase {
        let database: PostgresConnection.Configuration
        if let configuration {
            database = configuration
        } else {
            do {
                database = try await Self.freshDatabase()
            } catch {
                throw TestStoreError(description: String(reflecting: error))
            }
        }
        let opened: PostgresModelDatabase
        do {
            opened = try await PostgresModelDatabase.open(
                database, for: models, options: PostgresStoreOptions(mode: mode, readerCount: 1))
        } catch let error as StoreError {
            throw error
        } catch {
            throw TestStoreError(description: String(reflecting: error))
        }
        self.opened.append { try? await opened.close() }
        return opened
    }

    /// Closes every store opened.
    func closeAll() async {
        for close in opened { await close() }
        opened.removeAll()
    }

    /// Runs a body with a set of stores, closing them afterwards, whether it throws or not.
    static func with<Value: Sendable>(_ body: (TestStores) async throws -> Value) async throws
        -> Value
    {
        let stores = TestStores()
        do {
            let value = try await body(stores)
            await stores.closeAll()
            return value
        } catch {
            await stores.closeAll()
            throw error
        }
    }
}
