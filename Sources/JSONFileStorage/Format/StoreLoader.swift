import FileSystemSupport
import Foundation
import ModelStorage

/// Reads a database's files into memory: the journal first, then the document (so a reader
/// racing a compaction sees either an older journal it ignores or a document that already
/// holds it), then the journal's commits replayed over the document.
enum StoreLoader {
    /// A database as read from its files.
    struct Loaded: Sendable {
        /// Each model's records, its `StoreState<Model>`.
        var tables = PerModelValues()
        /// The database's version: its number of commits.
        var version: UInt64 = 0
        var generation: UInt64 = 0
        var documentExists = false
        var documentLength = 0
        /// The document's format.
        var documentFormat = StoreDocument.formatVersion
        /// The journal, its commits already replayed.
        var journal = StoreJournal.Contents()
        /// The schema version each model was migrated from, when it was older.
        var migratedFrom: [ObjectIdentifier: Int] = [:]
        /// The sections of models the database was not opened with, kept as they were.
        var kept: [(name: String, bytes: Data)] = []

        /// Whether a writer must fold everything into a new document before it appends: the
        /// records were migrated, or the journal has commits new lines cannot follow (of
        /// the single-model format, or without a model of the database in its header).
        var needsDocument: Bool {
            !migratedFrom.isEmpty || (!journal.isCurrent && journal.entryBytes > 0)
        }
    }

    /// Reads a database.
    ///
    /// - Throws: `StoreError` for a file that cannot be read; no file is changed.
    static func load(
        _ paths: StorePaths, models: [any StorableModel.Type], fileSystem: FileSystem
    ) throws(StoreError) -> Loaded {
        let journalData = try fileSystem.readFile(paths.journal)
        let documentData = try fileSystem.readFile(paths.document)
        return try decode(
            document: documentData, journal: journalData, paths: paths, models: models)
    }

    /// Reads a database from its files' bytes.
    ///
    /// The document's records come first, then the journal's commits replayed over them. It
    /// takes any bytes, so it can be fuzzed.
    ///
    /// - Parameters:
    ///   - documentData: The document's bytes, or `nil` when there is no document.
    ///   - journalData: The journal's bytes, or `nil` when there is no journal.
    ///   - paths: The database's files, for errors.
    ///   - models: The database's models.
    /// - Returns: The database as its files hold it.
    /// - Throws: `StoreError` for bytes that do not read as a database.
    static func decode(
        document documentData: Data?, journal journalData: Data?, paths: StorePaths,
        models: [any StorableModel.Type]
    ) throws(StoreError) -> Loaded {
        var document = StoreDocument.Read()
        if let documentData {
            document = try StoreDocument.decode(documentData, models: models, path: paths.document)
        }
        var loaded = Loaded()
        loaded.generation = document.generation
        loaded.documentExists = documentData != nil
        loaded.documentLength = documentData?.count ?? 0
        loaded.documentFormat = document.format
        loaded.kept = document.kept
        if let journalData {
            loaded.journal = try StoreJournal.decode(
                journalData, models: models, path: paths.journal,
                documentGeneration: document.generation)
        }
        loaded.version = loaded.journal.commits.reduce(document.version) {
            Swift.max($0, $1.version)
        }
        loaded.migratedFrom = loaded.journal.migratedFrom
        for model in models {
            try load(model, from: document, into: &loaded, data: documentData, paths: paths)
        }
        return loaded
    }

    /// Makes one model's table: its section of the document, the journal's commits of it
    /// replayed over it.
    private static func load<Model: StorableModel>(
        _ model: Model.Type, from document: StoreDocument.Read, into loaded: inout Loaded,
        data: Data?, paths: StorePaths
    ) throws(StoreError) {
        let contents = document.sections[StoreDocument.Contents<Model>.self]
        if let migratedFrom = contents?.migratedFrom {
            loaded.migratedFrom[ObjectIdentifier(model)] = migratedFrom
        }
        var state: StoreState<Model>
        do {
            // A document without write versions (written before they were kept) reads as
            // if every record was written at its version.
            let table = try RecordTable(
                contents?.records ?? [], writeVersions: contents?.writeVersions ?? [],
                fallbackVersion: document.version)
            // A section without a history (written before histories were kept) starts the
            // model's history at the document's version.
            state = StoreState(
                table: table, version: document.version,
                history: contents?.history.map {
                    ChangeLog(table: table, tombstones: $0.tombstones, horizon: $0.horizon)
                })
        } catch {
            var location = StoreError.Location(recordIndex: error.index)
            if let data {
                location =
                    document.format == StoreDocument.formatVersion
                    ? StoreDocument.recordLocation(
                        error.index, ofSection: Model.storageName, in: data)
                    : StoreDocument.recordLocation(error.index, in: data)
            }
            throw .corruptFile(
                at: .file(paths.document),
                problem: "a record of \(Model.storageName) repeats the id \(error.id) of an "
                    + "earlier one",
                location: location)
        }
        for commit in loaded.journal.commits {
            guard let part = commit.changes[StoreJournal.ModelChanges<Model>.self] else {
                continue
            }
            // The commit's records were written at its version, and deleted at its time.
            state.apply(part.changes, committedVersion: commit.version, deletedAt: part.deletedAt)
            if let horizon = part.horizon { state.moveHistoryHorizon(to: horizon) }
        }
        state.setVersion(loaded.version)
        loaded.tables[StoreState<Model>.self] = state
    }
}
