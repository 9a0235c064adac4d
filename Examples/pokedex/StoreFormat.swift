import Foundation

/// The backend a store file is kept in, told by the file's extension.
///
/// `.sqlite`, `.sqlite3` and `.db` name an SQLite database (`SQLiteStore`); `.json` a JSON
/// document (`JSONFileStore`). Case does not matter: `DEX.SQLite` is a database. Any other
/// extension, or none, is refused, so that a typo never becomes a store of the wrong kind.
enum StoreFormat: Sendable, CustomStringConvertible {
    /// An SQLite database.
    case sqlite
    /// A JSON document.
    case json

    /// Each accepted extension, without its dot, with its backend.
    static let extensions: [(String, StoreFormat)] = [
        ("sqlite", .sqlite), ("sqlite3", .sqlite), ("db", .sqlite), ("json", .json),
    ]

    /// The accepted extensions, for messages: `.sqlite, .sqlite3, .db (SQLite) or .json (JSON)`.
    static var accepted: String {
        ".sqlite, .sqlite3, .db (SQLite) or .json (JSON)"
    }

    /// The backend's name, for messages.
    var description: String {
        switch self {
        case .sqlite: "SQLite"
        case .json: "JSON"
        }
    }

    /// The backend a file's extension names.
    ///
    /// - Throws: ``InvalidValue`` naming the path and the accepted extensions, for any other.
    init(of url: URL) throws(InvalidValue) {
        let found = url.pathExtension.lowercased()
        guard let format = Self.extensions.first(where: { $0.0 == found })?.1 else {
            let path = url.path(percentEncoded: false)
            throw InvalidValue(
                "expects a file ending in \(Self.accepted), not '\(path)'"
                    + (found.isEmpty ? " (it has no extension)" : ""))
        }
        self = format
    }

    /// A store file's URL from a path on the command line, relative to the working
    /// directory, once its extension names a backend.
    ///
    /// - Throws: ``InvalidValue`` for an empty path or an extension no backend has.
    static func storeURL(_ path: String) throws(InvalidValue) -> URL {
        guard !path.isEmpty else { throw InvalidValue("needs a path") }
        let url = URL(filePath: path, relativeTo: .currentDirectory()).absoluteURL
        _ = try StoreFormat(of: url)
        return url
    }
}
