import FileSystemSupport
import Foundation
import ModelStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of one store, all beside the document and named after it.
///
/// For `pokedex.json`: the journal `pokedex.json.journal`, the previous generation
/// `pokedex.json.backup`, the lock `pokedex.json.lock`, and while a document is being
/// written, `pokedex.json.tmp` (and `pokedex.json.backup.tmp` while the backup is made).
///
/// A document path that is a symbolic link stands for the file it points to (followed link by
/// link, even to a file that does not exist yet): the store's files live beside that file,
/// so the link stays a link, and the store has one lock whatever name it is opened by.
struct StorePaths: Sendable, Hashable {
    let document: String
    let directory: String

    init(_ url: URL) {
        let absolute = url.standardizedFileURL
        document = absolute.path(percentEncoded: false)
        var parent = absolute.deletingLastPathComponent().path(percentEncoded: false)
        while parent.count > 1 && parent.hasSuffix("/") { parent.removeLast() }
        directory = parent.isEmpty ? "." : parent
    }

    /// The paths of the store at a URL, its document's symbolic links followed.
    ///
    /// - Throws: `StoreError/io(at:operation:code:message:)` with `ELOOP` when the links
    ///   go round in a circle, or more than 32 deep.
    static func resolving(_ url: URL, fileSystem: FileSystem) throws(StoreError) -> StorePaths {
        var paths = StorePaths(url)
        var links = 0
        while let target = fileSystem.symbolicLinkTarget(paths.document) {
            links += 1
            guard links <= 32 else {
                throw FileSystem.error(ELOOP, "open", StorePaths(url).document)
            }
            let next = target.hasPrefix("/") ? target : paths.directory + "/" + target
            paths = StorePaths(URL(filePath: next))
        }
        return paths
    }

    var journal: String { document + ".journal" }
    var backup: String { document + ".backup" }
    var lock: String { document + ".lock" }
    var temporary: String { document + ".tmp" }
    var temporaryBackup: String { document + ".backup.tmp" }
}
