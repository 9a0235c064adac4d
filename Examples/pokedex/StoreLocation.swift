import Foundation
import PokedexKit
import PokedexOfflineData

/// Where a command keeps its Pokémon, from `--store PATH`, `--in-memory`, or the per-user
/// default.
enum StoreLocation {
    case file(URL)
    case inMemory

    /// The per-user store: `pokedex/pokedex.json` in the data directory (`~/.local/share` or
    /// `$XDG_DATA_HOME` on Linux, Application Support on Apple platforms).
    static var defaultURL: URL {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: ".local/share")
        return base.appending(path: "pokedex/pokedex.json")
    }

    static var defaultDescription: String {
        defaultURL.path.replacingOccurrences(
            of: FileManager.default.homeDirectoryForCurrentUser.path, with: "~")
    }

    /// The location the arguments name.
    init(_ arguments: Arguments, allowsInMemory: Bool) throws(UsageError) {
        let path = arguments.options["store"]
        if arguments.flag("in-memory") {
            guard allowsInMemory else {
                throw UsageError("--in-memory makes no sense here: nothing would be kept")
            }
            guard path == nil else { throw UsageError("give --store or --in-memory, not both") }
            self = .inMemory
            return
        }
        guard let path else {
            self = .file(Self.defaultURL)
            return
        }
        guard !path.isEmpty else { throw UsageError("--store needs a path") }
        self = .file(URL(filePath: path, relativeTo: .currentDirectory()).absoluteURL)
    }

    /// The lock timeout the arguments name (default 10 seconds).
    static func lockTimeout(_ arguments: Arguments) throws(UsageError) -> Duration {
        let seconds =
            try arguments.option(
                "lock-timeout", as: { Double($0) }, expected: "a number of seconds") ?? 10
        guard seconds >= 0, seconds.isFinite else {
            throw UsageError("--lock-timeout expects a number of seconds, not \(seconds)")
        }
        return .milliseconds(Int(seconds * 1_000))
    }
}

/// A store opened for a command, file or memory.
enum OpenedStore {
    case file(JSONFileStore<Pokemon>)
    case memory(InMemoryStore<Pokemon>)

    /// Opens the store for reading only: no lock, alongside any writer.
    static func forReading(_ location: StoreLocation) async throws -> OpenedStore {
        switch location {
        case .inMemory:
            return .memory(try await bundledInMemory())
        case .file(let url):
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw CommandFailure(
                    "no store at \(url.path); run 'pokedex sync' first (or pass --store PATH)")
            }
            return .file(try await JSONFileStore<Pokemon>.open(at: url, options: .readOnly))
        }
    }

    /// Opens the store for writing, waiting up to `lockTimeout` for another writer.
    static func forWriting(
        _ location: StoreLocation, lockTimeout: Duration
    ) async throws -> OpenedStore {
        switch location {
        case .inMemory:
            return .memory(InMemoryStore<Pokemon>())
        case .file(let url):
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            var options = JSONFileStoreOptions.readWrite
            options.lockTimeout = lockTimeout
            return .file(try await JSONFileStore<Pokemon>.open(at: url, options: options))
        }
    }

    /// A fresh in-memory store holding the bundled Pokémon.
    static func bundledInMemory() async throws -> InMemoryStore<Pokemon> {
        InMemoryStore(try BundledPokeAPI.allPokemon().map(Pokemon.init))
    }

    /// Runs `body` with a Pokédex over the store, then closes a file store (folding its
    /// journal into the document), even when `body` throws.
    func withPokedex<Result>(
        client: PokeAPIClient = PokeAPIClient(transport: BundledPokeAPITransport()),
        _ body: (any PokedexAccess) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .memory(let store):
            return try await body(Pokedex(store: store, client: client))
        case .file(let store):
            do {
                let result = try await body(Pokedex(store: store, client: client))
                try await store.close()
                return result
            } catch {
                try? await store.close()
                throw error
            }
        }
    }
}

/// What the commands use of a `Pokedex`, whatever its store.
protocol PokedexAccess: Sendable {
    func sync(_ ids: some Sequence<Int>, mode: SyncMode) -> AsyncThrowingStream<
        SyncProgress, any Error
    >
    func pokemon(matching filter: PokemonFilter) async throws -> PokedexResult
    func pokemon(_ idOrName: String) async throws -> Pokemon?
    func setFavorite(_ isFavorite: Bool, id: Int) async throws -> Pokemon
    func statistics() async throws -> PokedexStatistics
    func count(where condition: Condition<Pokemon>) async throws -> Int
}

extension Pokedex: PokedexAccess {
    func count(where condition: Condition<Pokemon>) async throws -> Int {
        try await store.count(where: condition)
    }
}
