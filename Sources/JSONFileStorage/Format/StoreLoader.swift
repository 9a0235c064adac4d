import Foundation
import ModelStorage

/// Reads a store's files into memory: the journal first, then the document (so a reader
/// racing a compaction sees either an older journal it ignores or a document that already
/// holds it), then the journal's commits replayed over the document.
enum StoreLoader {
    /// A store as read from its files.
    struct Loaded<Model: StorableModel>: Sendable {
        var state: StoreState<Model>
        var generation: UInt64
        var documentExists: Bool
        var documentLength: Int
        var journal: StoreJournal.Contents<Model>
        var migratedFrom: Int?
    }

    /// Reads a store.
    ///
    /// - Throws: `StoreError` for a file that cannot be read; no file is changed.
    static func load<Model: StorableModel>(
        _ paths: StorePaths, as _: Model.Type, fileSystem: FileSystem
    ) throws(StoreError) -> Loaded<Model> {
        let journalData = try fileSystem.readFile(paths.journal)
        let documentData = try fileSystem.readFile(paths.document)
        return try decode(
            document: documentData, journal: journalData, paths: paths, as: Model.self)
    }

    /// Reads a store from its files' bytes.
    ///
    /// The document's records come first, then the journal's commits replayed over them. It
    /// takes any bytes, so it can be fuzzed.
    ///
    /// - Parameters:
    ///   - documentData: The document's bytes, or `nil` when there is no document.
    ///   - journalData: The journal's bytes, or `nil` when there is no journal.
    ///   - paths: The store's files, for errors.
    ///   - model: The type of the records.
    /// - Returns: The store as its files hold it.
    /// - Throws: `StoreError` for bytes that do not read as a store.
    static func decode<Model: StorableModel>(
        document documentData: Data?, journal journalData: Data?, paths: StorePaths,
        as model: Model.Type
    ) throws(StoreError) -> Loaded<Model> {
        var contents = StoreDocument.Contents<Model>(records: [], generation: 0, version: 0)
        if let documentData {
            contents = try StoreDocument.decode(documentData, as: Model.self, path: paths.document)
        }
        var state: StoreState<Model>
        do {
            // A document without write versions (written before they were kept) reads as
            // if every record was written at its version.
            let table = try RecordTable(
                contents.records, writeVersions: contents.writeVersions ?? [],
                fallbackVersion: contents.version)
            state = StoreState(table: table, version: contents.version)
        } catch {
            var location = StoreError.Location(recordIndex: error.index)
            if let documentData {
                location = StoreDocument.recordLocation(error.index, in: documentData)
            }
            throw .corruptFile(
                path: paths.document,
                problem: "a record repeats the id \(error.id) of an earlier one",
                location: location)
        }
        var journal = StoreJournal.Contents<Model>()
        if let journalData {
            journal = try StoreJournal.decode(
                journalData, as: Model.self, path: paths.journal,
                documentGeneration: contents.generation)
        }
        for entry in journal.entries {
            // The entry's records were written at its version.
            state.apply(entry.changes, committedVersion: entry.version)
            state.setVersion(entry.version)
        }
        return Loaded(
            state: state, generation: contents.generation, documentExists: documentData != nil,
            documentLength: documentData?.count ?? 0, journal: journal,
            migratedFrom: contents.migratedFrom ?? journal.migratedFrom)
    }
}
