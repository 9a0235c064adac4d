import Foundation
import PokedexKit
import PokedexOfflineData

/// Where a command keeps its Pokémon, from `--store PATH`, `--in-memory`, or the per-user
/// default.
enum StoreLocation {
    case file(URL)
    case inMemory

    /// The per-user store: `pokedex/pokedex.json` (a JSON store) in the data directory
    /// (`~/.local/share` or `$XDG_DATA_HOME` on Linux, Application Support on Apple platforms).
    static var defaultURL: URL {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? homeDirectory.appending(path: ".local/share")
        return base.appending(path: "pokedex/pokedex.json")
    }

    static var defaultDescription: String {
        displayPath(defaultURL)
    }

    /// The user's home: `$HOME`, as the data directory is found from it, or the account's.
    static var homeDirectory: URL {
        if let home = ProcessInfo.processInfo.environment["HOME"], home.hasPrefix("/") {
            return URL(filePath: home, directoryHint: .isDirectory)
        }
        return FileManager.default.homeDirectoryForCurrentUser
    }

    /// A file's path for people to read: under the home directory, `~/…`.
    static func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path(percentEncoded: false)
        var home = homeDirectory.standardizedFileURL.path(percentEncoded: false)
        while home.count > 1, home.hasSuffix("/") { home.removeLast() }
        guard home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The location the arguments name: ``CommonOptions/inMemory``, the file of
    /// ``CommonOptions/store``, or the per-user default.
    init(_ arguments: Arguments) {
        if arguments[CommonOptions.inMemory] {
            self = .inMemory
        } else {
            self = .file(arguments[CommonOptions.store] ?? Self.defaultURL)
        }
    }
}

/// A store file the command cannot use: not a store this tool reads (an extension that names
/// no backend, not the backend's format, a newer format, a failed migration, too large), or
/// one the system will not open.
///
/// The command stops before it changes anything, so the file's bytes stay as they were. The
/// tool prints the reason on one line and the command's usage hint, and exits with status 1:
/// the arguments were well-formed, but the work could not be done.
struct UnopenableStore: Error, CustomStringConvertible {
    /// What is wrong with the file and where, on one line.
    var description: String

    init(_ reason: String) {
        description = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// What the commands use of a `Pokedex`, whatever its store.
protocol PokedexAccess: Sendable {
    func sync(_ ids: some Sequence<Int>, mode: SyncMode) -> AsyncThrowingStream<
        SyncProgress, any Error
    >
    func pokemon(matching filter: PokemonFilter) async throws -> QueryResult<Pokemon>
    func pokemon(id: Int) async throws -> Pokemon?
    func pokemon(named name: String) async throws -> Pokemon?
    func setFavorite(_ isFavorite: Bool, id: Int) async throws -> Pokemon
    func statistics() async throws -> PokedexStatistics
    func count(where condition: Condition<Pokemon>) async throws -> Int
    func missingIDs(in ids: some Sequence<Int>) async throws -> [Int]
    func entry(for pokemon: Pokemon) async throws -> PokedexEntry
    func storedSpecies() async throws -> [PokemonSpecies]
    func pokemonIDs(ofGeneration generation: Int) async throws -> [Int]
    func syncEvery(_ family: PokeAPIFamily) async throws -> SyncProgress
}

extension PokedexAccess {
    /// The stored Pokémon a command-line argument names: an id such as `25`, or a name.
    func pokemon(_ idOrName: String) async throws -> Pokemon? {
        if let id = Int(idOrName.trimmingCharacters(in: .whitespaces)) {
            return try await pokemon(id: id)
        }
        return try await pokemon(named: idOrName)
    }
}

extension Pokedex: PokedexAccess {
    func count(where condition: Condition<Pokemon>) async throws -> Int {
        try await store.count(where: condition)
    }
}
