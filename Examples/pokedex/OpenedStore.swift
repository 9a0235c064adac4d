import Foundation
import PokedexKit
import PokedexOfflineData
import SQLiteStorage

/// A store opened for a command: a JSON file, an SQLite database, or memory, with the name
/// of its backend for messages.
///
/// Every backend closes with `ModelStore.close()`, so the store is held as the protocol.
struct OpenedStore {
    /// The store, whatever its backend.
    let store: any ModelStore<Pokemon>
    /// The backend's name, for messages: `SQLite`, `JSON` or `memory`.
    let backendName: String

    /// How long a reading command waits for a lock another process holds.
    static let readingLockTimeout = Duration.seconds(10)

    /// Opens the store for reading only: alongside any writer.
    ///
    /// - Throws: ``CommandFailure`` when there is no file; ``UnopenableStore`` when the
    ///   file is not a store this tool can read.
    static func forReading(_ location: StoreLocation) async throws -> OpenedStore {
        switch location {
        case .inMemory:
            return OpenedStore(
                store: InMemoryStore(try BundledPokeAPI.storedPokemon()), backendName: "memory")
        case .file(let url):
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw CommandFailure(
                    "no store at \(url.path); run 'pokedex sync' first (or pass --store PATH)")
            }
            return try await open(url, writing: false, lockTimeout: readingLockTimeout)
        }
    }

    /// Opens the store for writing, waiting up to `lockTimeout` for another writer, and
    /// making its missing folders.
    ///
    /// - Throws: ``UnopenableStore`` when the file is not a store this tool can read, or its
    ///   folder cannot be made; `StoreError.locked` when the wait runs out.
    static func forWriting(
        _ location: StoreLocation, lockTimeout: Duration
    ) async throws -> OpenedStore {
        switch location {
        case .inMemory:
            return OpenedStore(store: InMemoryStore<Pokemon>(), backendName: "memory")
        case .file(let url):
            return try await open(url, writing: true, lockTimeout: lockTimeout)
        }
    }

    /// Opens a store file in the backend its extension names, telling a file that cannot be
    /// used apart from a busy one.
    private static func open(
        _ url: URL, writing: Bool, lockTimeout: Duration
    ) async throws -> OpenedStore {
        let format: StoreFormat
        do {
            format = try StoreFormat(of: url)
        } catch {
            throw UnopenableStore("the store \(error.reason)")
        }
        do {
            switch format {
            case .json:
                // The store makes the missing folders, each durable before the open returns.
                let options =
                    writing
                    ? JSONFileStoreOptions(lockTimeout: lockTimeout, createsDirectories: true)
                    : .readOnly
                return OpenedStore(
                    store: try await JSONFileStore<Pokemon>.open(at: url, options: options),
                    backendName: format.description)
            case .sqlite:
                // The store makes the missing folders, each durable before the open returns.
                let options = SQLiteStoreOptions(
                    mode: writing ? .readWrite : .readOnly, lockTimeout: lockTimeout,
                    createsDirectories: true)
                return OpenedStore(
                    store: try await SQLiteStore<Pokemon>.open(at: url, options: options),
                    backendName: format.description)
            }
        } catch let error as StoreError {
            // Another writer holding the lock is a wait that ran out, not a bad file.
            if error.code == .locked { throw error }
            throw UnopenableStore(error.description)
        }
    }

    /// Runs `body` with the store, whatever its backend, then closes it (folding a JSON
    /// store's journal into its document, an SQLite store's WAL into its database), even when
    /// `body` throws.
    func withStore<Result>(
        _ body: (any ModelStore<Pokemon>) async throws -> Result
    ) async throws -> Result {
        do {
            let result = try await body(store)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }

    /// Runs `body` with a Pokédex over the store, then closes the store, even when `body`
    /// throws.
    func withPokedex<Result>(
        client: PokeAPIClient = PokeAPIClient(transport: BundledPokeAPITransport()),
        _ body: (any PokedexAccess) async throws -> Result
    ) async throws -> Result {
        try await withStore { store in
            try await body(Self.pokedex(over: store, client: client))
        }
    }

    /// A Pokédex over a store of any backend.
    private static func pokedex(
        over store: some ModelStore<Pokemon>, client: PokeAPIClient
    ) -> any PokedexAccess {
        Pokedex(store: store, client: client)
    }
}
