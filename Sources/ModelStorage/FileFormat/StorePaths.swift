import Foundation

/// The files of one store, all beside the document and named after it.
///
/// For `pokedex.json`: the journal `pokedex.json.journal`, the previous generation
/// `pokedex.json.backup`, the lock `pokedex.json.lock`, and while a document is being
/// written, `pokedex.json.tmp` (and `pokedex.json.backup.tmp` while the backup is made).
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

    var journal: String { document + ".journal" }
    var backup: String { document + ".backup" }
    var lock: String { document + ".lock" }
    var temporary: String { document + ".tmp" }
    var temporaryBackup: String { document + ".backup.tmp" }
}
