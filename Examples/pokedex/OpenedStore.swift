import Foundation
import JSONFileStorage
import PokedexKit
import PokedexOfflineData
import SQLiteStorage

/// A store opened for a command: a database of Pokémon and what they link to (species,
/// evolution chains, types and abilities), in a JSON file, an SQLite file, or memory, with
/// the name of its backend for messages.
///
/// Every backend's database closes with `ModelDatabase.close()` and hands out stores that
/// meet `ModelStore`, so they are held as the protocols.
struct OpenedStore {
    /// The models of the command's database.
    static var models: [any StorableModel.Type] { PokedexModels.all }

    /// The database, whatever its backend: for work across its models.
    let database: any ModelDatabase
    /// The Pokémon's store, whatever its backend.
    let store: any ModelStore<Pokemon>
    /// The backend's name, for messages: `SQLite`, `JSON` or `memory`.
    let backendName: String

    /// How long a reading command waits for a lock another process holds.
    static let readingLockTimeout = Duration.seconds(10)

    /// Opens the store for reading only: alongside any writer.
    ///
    /// - Throws: ``CommandFailure`` when there is no file; ``UnopenableStore`` when the
    ///   file is not a store this tool can read.
    static func forReading(_ location: StoreChoice) async throws -> OpenedStore {
        switch location {
        case .inMemory:
            // The whole bundle: every Pokémon, species, evolution chain, type and ability.
            let records = try PokedexRecords.bundled()
            let database = try InMemoryModelDatabase(for: models)
            try await database.transaction { records.write(to: &$0) }
            return try memory(database)
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
        _ location: StoreChoice, lockTimeout: Duration
    ) async throws -> OpenedStore {
        switch location {
        case .inMemory:
            return try memory(InMemoryModelDatabase(for: models))
        case .file(let url):
            return try await open(url, writing: true, lockTimeout: lockTimeout)
        }
    }

    /// Opens a store file in the backend its extension names, and moves the favorite flags
    /// an earlier version kept on the Pokémon's records to `Favorite` records.
    ///
    /// A store opened for writing is migrated at once (`Pokedex.migrateLegacyFavorites()`,
    /// one transaction, nothing when no flag is set). A store opened for reading is only
    /// asked whether a flag is set (one indexed count); when one is, it is opened for writing
    /// once to migrate, as for a schema migration, so that every command reads favorites
    /// from records alone.
    private static func open(
        _ url: URL, writing: Bool, lockTimeout: Duration
    ) async throws -> OpenedStore {
        let opened = try await openFile(url, writing: writing, lockTimeout: lockTimeout)
        do {
            if writing {
                try await opened.pokedex().migrateLegacyFavorites()
            } else if try await opened.store.count(where: \.favorite == true) > 0 {
                try await opened.database.close()
                return try await open(url, writing: true, lockTimeout: lockTimeout)
            }
            return opened
        } catch {
            try? await opened.database.close()
            throw error
        }
    }

    /// Opens a store file in the backend its extension names, telling a file that cannot be
    /// used apart from a busy one.
    private static func openFile(
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
                let database = try await JSONFileModelDatabase.open(
                    at: url, for: models,
                    options: fileOptions(writing: writing, lockTimeout: lockTimeout))
                return OpenedStore(
                    database: database, store: try database.store(for: Pokemon.self),
                    backendName: format.description)
            case .sqlite:
                let database = try await SQLiteModelDatabase.open(
                    at: url, for: models,
                    options: fileOptions(writing: writing, lockTimeout: lockTimeout))
                return OpenedStore(
                    database: database, store: try database.store(for: Pokemon.self),
                    backendName: format.description)
            }
        } catch let error as StoreError {
            // Another writer holding the lock is a wait that ran out, not a bad file.
            if error.code == .locked { throw error }
            // A store written by an earlier version is migrated by the first command that
            // opens it; a read-only open cannot, so a reading command opens it for writing
            // once (a migration that fails leaves the file as it was, and says why).
            if error.code == .migrationFailed, !writing {
                return try await openFile(url, writing: true, lockTimeout: lockTimeout)
            }
            throw UnopenableStore(error.description)
        }
    }

    /// The options of a store file, in either backend: one core, whatever the extras.
    ///
    /// A writer waits `lockTimeout` for another's lock, and makes the missing folders, each
    /// durable before the open returns.
    private static func fileOptions<Extras: LockWaitingExtras & FileStoreExtras>(
        writing: Bool, lockTimeout: Duration
    ) -> StoreOptions<Extras> {
        var options = StoreOptions<Extras>(mode: writing ? .readWrite : .readOnly)
        options.lockTimeout = lockTimeout
        options.createsDirectories = true
        return options
    }

    /// The stores of an in-memory database.
    private static func memory(_ database: InMemoryModelDatabase) throws -> OpenedStore {
        OpenedStore(
            database: database, store: try database.store(for: Pokemon.self),
            backendName: "memory")
    }

    /// Runs `body` with the database, whatever its backend, then closes it (folding a JSON
    /// store's journal into its document, an SQLite store's WAL into its database), even when
    /// `body` throws.
    func withDatabase<Result>(
        _ body: (any ModelDatabase) async throws -> Result
    ) async throws -> Result {
        do {
            let result = try await body(database)
            try await database.close()
            return result
        } catch {
            try? await database.close()
            throw error
        }
    }

    /// Runs `body` with a Pokédex over the store, then closes the store, even when `body`
    /// throws.
    func withPokedex<Result>(
        client: PokeAPIClient = PokeAPIClient(transport: BundledPokeAPITransport()),
        _ body: (Pokedex) async throws -> Result
    ) async throws -> Result {
        try await withDatabase { _ in try await body(pokedex(client: client)) }
    }

    /// A Pokédex over the store and its database.
    private func pokedex(
        client: PokeAPIClient = PokeAPIClient(transport: BundledPokeAPITransport())
    ) -> Pokedex {
        Pokedex(store: store, database: database, client: client)
    }
}
