import Foundation
import PokedexKit
import PokedexOfflineData

/// Where a command keeps its Pokémon, from `--store PATH`, `--in-memory`, or the per-user
/// default.
enum StoreChoice {
    case file(URL)
    case inMemory

    /// The per-user store: `pokedex/pokedex.sqlite` (an SQLite store, which opens in
    /// milliseconds however much it holds) in the data directory (`~/.local/share` or
    /// `$XDG_DATA_HOME` on Linux, Application Support on Apple platforms).
    static var defaultURL: URL {
        dataDirectory.appending(path: "pokedex/pokedex.sqlite")
    }

    /// The per-user store of earlier versions, `pokedex/pokedex.json` (a JSON store): used
    /// while it exists and ``defaultURL`` does not, so that nothing it holds is left behind.
    static var earlierDefaultURL: URL {
        dataDirectory.appending(path: "pokedex/pokedex.json")
    }

    /// The per-user store a command uses without `--store`: ``defaultURL``, unless only the
    /// earlier default exists.
    static var defaultStore: URL {
        let manager = FileManager.default
        let current = defaultURL
        let earlier = earlierDefaultURL
        if !manager.fileExists(atPath: current.path(percentEncoded: false)),
            manager.fileExists(atPath: earlier.path(percentEncoded: false))
        {
            return earlier
        }
        return current
    }

    /// The user's data directory.
    private static var dataDirectory: URL {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? homeDirectory.appending(path: ".local/share")
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
            self = .file(arguments[CommonOptions.store] ?? Self.defaultStore)
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
