import Foundation
import PokedexKit

/// The options several commands share, each declared once; a command takes one by listing it
/// in its ``CommandSpec``.
enum CommonOptions {
    /// `--store PATH`: the store file, its backend told by its extension (see
    /// ``StoreFormat``); the per-user store when absent.
    static let store = Option<URL?>(
        "store", "PATH", help: "the store file: .sqlite, .sqlite3 or .db (SQLite), .json (JSON)",
        absence: StoreChoice.defaultDescription,
        convert: { path throws(InvalidValue) in try StoreFormat.storeURL(path) })

    /// `--in-memory`: a store in memory instead of a file.
    static let inMemory = Option.flag(
        "in-memory", help: "a store in memory, no file (list, show, stats: the bundled data)")

    /// `--store PATH | --in-memory`, for the commands that can work without a file.
    static let storeOrInMemory = OptionGroup.oneOf(store, inMemory)

    /// `--lock-timeout SECONDS`: how long a writer waits for another to finish.
    static let lockTimeout = Option<Duration>(
        "lock-timeout", "SECONDS", help: "wait this long for another pokedex to finish writing",
        default: .seconds(10), shownAs: "10",
        convert: { text throws(InvalidValue) in
            guard let seconds = Double(text), seconds >= 0, seconds <= maximumLockTimeout else {
                throw InvalidValue(
                    "expects a number of seconds from 0 to \(Int(maximumLockTimeout)), "
                        + "not '\(text)'")
            }
            return .milliseconds(Int(seconds * 1_000))
        })

    /// The longest `--lock-timeout`, a day: past it, a wait is a mistake.
    static let maximumLockTimeout = 86_400.0

    /// `--lang LANG`: the language of names and texts, by PokeAPI name (`ja`, `zh-hant`) or
    /// POSIX locale (`ja_JP.UTF-8`); from `LC_ALL`, then `LANG`, when absent (`C`, `POSIX`
    /// or neither: English).
    static let language = Option<PokedexLanguage>(
        "lang", "LANG", help: "names and texts in this language: en, de, fr, ja, ko, zh-hans, …",
        default: Wording.environmentLanguage(), shownAs: "from LC_ALL, then LANG; else en",
        convert: { text throws(InvalidValue) in try Wording.language(parsing: text) })

    /// `--limit N`: at most this many (`list`: Pokémon; `search`: hits of each kind).
    static let limit = Option<Int?>(
        "limit", "N", help: "show at most N",
        convert: expecting("a number (0 or more)") { text in
            Int(text).flatMap { $0 >= 0 ? $0 : nil }
        })

    /// `--json`: JSON instead of text.
    static let json = Option.flag("json", help: "write JSON")
}
