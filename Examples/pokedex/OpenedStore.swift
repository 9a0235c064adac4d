import Foundation
import PokedexKit
import PokedexOfflineData
import SQLiteStorage

/// A store opened for a command: a JSON file, an SQLite database, or memory.
enum OpenedStore {
    case json(JSONFileStore<Pokemon>)
    case sqlite(SQLiteStore<Pokemon>)
    case memory(InMemoryStore<Pokemon>)

    /// How long a reading command waits for a lock another process holds.
    static let readingLockTimeout = Duration.seconds(10)

    /// Opens the store for reading only: alongside any writer.
    ///
    /// - Throws: ``CommandFailure`` when there is no file; ``UnopenableStore`` when the
    ///   file is not a store this tool can read.
    static func forReading(_ location: StoreLocation) async throws -> OpenedStore {
        switch location {
        case .inMemory:
            return .memory(InMemoryStore(try BundledPokeAPI.storedPokemon()))
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
            return .memory(InMemoryStore<Pokemon>())
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
                return .json(try await JSONFileStore<Pokemon>.open(at: url, options: options))
            case .sqlite:
                if writing { try makeDirectory(for: url) }
                let options = SQLiteStoreOptions(
                    mode: writing ? .readWrite : .readOnly, busyTimeout: lockTimeout)
                return .sqlite(try await SQLiteStore<Pokemon>.open(at: url, options: options))
            }
        } catch let error as StoreError {
            // Another writer holding the lock is a wait that ran out, not a bad file.
            if error.code == .locked { throw error }
            throw UnopenableStore(error.description)
        }
    }

    /// Makes the folder a database goes in, with its parents.
    private static func makeDirectory(for url: URL) throws {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
        } catch {
            throw UnopenableStore(
                "cannot make the folder \(directory.path(percentEncoded: false)): "
                    + error.localizedDescription)
        }
    }

    /// The backend's name, for messages: `SQLite`, `JSON` or `memory`.
    var backendName: String {
        switch self {
        case .json: StoreFormat.json.description
        case .sqlite: StoreFormat.sqlite.description
        case .memory: "memory"
        }
    }

    /// Runs `body` with the store, whatever its backend, then closes it (folding a JSON
    /// store's journal into its document, an SQLite store's WAL into its database), even when
    /// `body` throws.
    func withStore<Result>(
        _ body: (any ModelStore<Pokemon>) async throws -> Result
    ) async throws -> Result {
        let store: any ModelStore<Pokemon> =
            switch self {
            case .json(let store): store
            case .sqlite(let store): store
            case .memory(let store): store
            }
        do {
            let result = try await body(store)
            try await close()
            return result
        } catch {
            try? await close()
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

    /// Closes a file store.
    private func close() async throws {
        switch self {
        case .json(let store): try await store.close()
        case .sqlite(let store): await store.close()
        case .memory: break
        }
    }
}
