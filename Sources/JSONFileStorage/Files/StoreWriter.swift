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

/// The files of a writable database — the lock it holds, the journal it appends to, the
/// document it rewrites — and the durable writes themselves, one commit of every model at a
/// time.
///
/// It blocks on the disk, so it runs off the database's actor: ``StoreFiles`` owns it behind its
/// mutex and runs each piece of work on a thread of its own. It is noncopyable, as it owns
/// its descriptors: they close when it goes.
struct StoreWriter: ~Copyable {
    let paths: StorePaths
    /// The database's models, whose schema versions the journal's header names.
    private let models: [any StorableModel.Type]
    private let fileSystem: FileSystem
    private let compactionThreshold: Int
    private let sortsKeys: Bool

    private var lockDescriptor: Int32?
    private var journalDescriptor: Int32?
    /// The length of the journal's complete lines on disk.
    private var journalLength = 0
    /// The bytes of its entry lines, the header excluded.
    private var journalEntryBytes = 0
    /// Whether the journal continues the current document; if not, the next append starts
    /// it over with a new header.
    private var journalIsCurrent = false
    /// Whether this process synced the directory since the journal was created.
    private var journalNameIsDurable = false
    private var generation: UInt64 = 0
    private var documentExists = false
    private var documentLength = 0
    /// Set when a failure left the files in a state this process cannot vouch for.
    private var failure: StoreError?
    /// The sections of models the database was not opened with, written back as read.
    private var kept: [(name: String, bytes: Data)] = []

    init(
        paths: StorePaths, models: [any StorableModel.Type], fileSystem: FileSystem,
        compactionThreshold: Int, sortsKeys: Bool, lock: Int32
    ) {
        self.paths = paths
        self.models = models
        self.fileSystem = fileSystem
        self.compactionThreshold = compactionThreshold
        self.sortsKeys = sortsKeys
        self.lockDescriptor = lock
    }

    deinit {
        if let journalDescriptor { fileSystem.close(journalDescriptor) }
        if let lockDescriptor { fileSystem.close(lockDescriptor) }
    }

    // MARK: Opening

    /// Reads the database, then makes the files ready for writing: cuts a torn journal line,
    /// removes a half-written document left by a crash, and folds everything into a new
    /// document at once when the records were migrated or the journal cannot be continued.
    ///
    /// - Throws: `StoreError` for files that cannot be read, and
    ///   `StoreError/invalidModels(at:reason:)` when the journal has commits of a model
    ///   the database was not opened with, which a new document would lose.
    mutating func open() throws(StoreError) -> StoreLoader.Loaded {
        let loaded = try StoreLoader.load(paths, models: models, fileSystem: fileSystem)
        if let unknown = loaded.journal.unknownModels.sorted().first {
            throw .invalidModels(
                at: .file(paths.document),
                reason: "the journal has commits of the model \"\(unknown)\", which the "
                    + "database was not opened with; open it with that model too, so that "
                    + "they are folded into the document")
        }
        kept = loaded.kept
        generation = loaded.generation
        documentExists = loaded.documentExists
        documentLength = loaded.documentLength
        journalLength = loaded.journal.validLength
        journalEntryBytes = loaded.journal.entryBytes
        journalIsCurrent = loaded.journal.isCurrent
        // A journal left by a process that died before syncing its directory may not have
        // a durable name yet: this process syncs the directory after its first append.
        journalNameIsDurable = false
        if loaded.journal.tornTail != nil {
            let descriptor = try openJournal()
            try fileSystem.truncate(descriptor, to: journalLength, path: paths.journal)
            try fileSystem.sync(descriptor, path: paths.journal)
        }
        try fileSystem.remove(paths.temporary)
        try fileSystem.remove(paths.temporaryBackup)
        if loaded.needsDocument {
            try writeDocument(
                Self.sections(of: loaded.tables, models: models), version: loaded.version)
        }
        return loaded
    }

    private mutating func openJournal() throws(StoreError) -> Int32 {
        if let journalDescriptor { return journalDescriptor }
        let descriptor = try fileSystem.open(
            paths.journal, O_WRONLY | O_APPEND | O_CREAT, operation: "open")
        journalDescriptor = descriptor
        return descriptor
    }

    // MARK: Committing

    /// Makes a group of commits durable: one journal line each, appended at once with one
    /// sync, or, once the journal has outgrown its threshold, a new document holding every
    /// record of every model.
    ///
    /// - Parameters:
    ///   - sections: Each model's records before the group and the group's commits of it,
    ///     in the order of the database's models; taken only to write a document.
    ///   - versions: The database's version after each commit of the group, in order.
    /// - Throws: `StoreError`, with the files as they were.
    mutating func commit(_ sections: Handoff<[any SectionWrite]>, versions: [UInt64])
        throws(StoreError)
    {
        var sections = sections.take() ?? []
        if let failure { throw failure }
        guard let last = versions.last else { return }
        let encoder = RecordEncoder(sortingKeys: sortsKeys)
        for index in sections.indices { try sections[index].prepare(encoder: encoder) }
        // A group that would take the journal past its limit rewrites the document
        // instead, reusing the records just encoded; the lines are only built otherwise.
        let length = sections.reduce(32 * versions.count) { $0 + $1.journalLength }
        let limit = Swift.max(compactionThreshold, documentLength / 2)
        guard journalEntryBytes + length > limit else {
            var parts: [UInt64: [Data]] = [:]
            for section in sections {
                for (version, part) in try section.journalParts(encoder: encoder) {
                    parts[version, default: []].append(part)
                }
            }
            var lines = Data()
            lines.reserveCapacity(length)
            for version in versions {
                lines.append(StoreJournal.entry(version: version, parts: parts[version] ?? []))
            }
            return try append(lines)
        }
        try writeDocument(sections, version: last)
    }

    /// Makes a pruning of models' change histories durable: one journal line, at the
    /// database's version, holding each pruned model's new horizon.
    ///
    /// - Parameters:
    ///   - parts: Each pruned model's part (`StoreJournal.part(model:horizon:)`).
    ///   - version: The database's version.
    /// - Throws: `StoreError`, with the files as they were.
    mutating func recordPruning(_ parts: [Data], version: UInt64) throws(StoreError) {
        if let failure { throw failure }
        guard !parts.isEmpty else { return }
        try append(StoreJournal.entry(version: version, parts: parts))
    }

    /// Every model's records as they are, for a new document.
    static func sections(
        of tables: PerModelValues, models: [any StorableModel.Type]
    ) -> [any SectionWrite] {
        models.compactMap { section(of: $0, in: tables) }
    }

    private static func section<Model: StorableModel>(
        of _: Model.Type, in tables: PerModelValues
    ) -> (any SectionWrite)? {
        tables[StoreState<Model>.self].map {
            ModelSectionWrite(table: $0.table, history: $0.history)
        }
    }

    /// Appends lines to the journal and syncs it; on failure, cuts the journal back.
    private mutating func append(_ line: Data) throws(StoreError) {
        var bytes = line
        var length = journalLength
        if !journalIsCurrent {
            bytes = StoreJournal.header(
                schemaVersions: models.map { ($0.storageName, $0.schemaVersion) },
                generation: generation)
            bytes.append(line)
            length = 0
        }
        guard length + bytes.count <= fileSystem.maximumFileSize else {
            throw .fileTooLarge(
                at: .file(paths.journal), size: length + bytes.count,
                limit: fileSystem.maximumFileSize)
        }
        let descriptor = try openJournal()
        if !journalIsCurrent {
            try fileSystem.truncate(descriptor, to: 0, path: paths.journal)
            journalLength = 0
            journalEntryBytes = 0
        }
        do {
            try fileSystem.write(descriptor, bytes, path: paths.journal)
            try fileSystem.sync(descriptor, path: paths.journal)
            if !journalNameIsDurable {
                try fileSystem.syncDirectory(paths.directory)
                journalNameIsDurable = true
            }
        } catch {
            do {
                try fileSystem.truncate(descriptor, to: journalLength, path: paths.journal)
            } catch {
                failure = .unusable(
                    at: .file(paths.document),
                    reason: "a failed journal write could not be cut back (\(error))")
            }
            throw error
        }
        journalLength += bytes.count
        journalEntryBytes += line.count
        journalIsCurrent = true
    }

    /// Writes a document holding every record of every model, and the kept sections of the
    /// models the database was not opened with.
    private mutating func writeDocument(_ sections: [any SectionWrite], version: UInt64)
        throws(StoreError)
    {
        let encoder = RecordEncoder(sortingKeys: sortsKeys)
        var data = StoreDocument.header(generation: generation + 1, version: version)
        for (index, section) in sections.enumerated() {
            if index > 0 { StoreDocument.separateSections(&data) }
            try section.appendSection(to: &data, encoder: encoder)
        }
        for (index, section) in kept.enumerated() {
            if index > 0 || !sections.isEmpty { StoreDocument.separateSections(&data) }
            StoreDocument.appendKept(section.name, section.bytes, to: &data)
        }
        StoreDocument.finishDocument(&data)
        try writeDocument(data)
    }

    /// Writes a new document durably: write a temporary file, sync it, keep the current
    /// document as the backup, rename the new one over it, sync the directory.
    private mutating func writeDocument(_ data: Data) throws(StoreError) {
        guard data.count <= fileSystem.maximumFileSize else {
            throw .fileTooLarge(
                at: .file(paths.document), size: data.count, limit: fileSystem.maximumFileSize)
        }
        let next = generation + 1
        do {
            let descriptor = try fileSystem.open(
                paths.temporary, O_WRONLY | O_CREAT | O_TRUNC, operation: "create")
            do {
                defer { fileSystem.close(descriptor) }
                try fileSystem.write(descriptor, data, path: paths.temporary)
                try fileSystem.sync(descriptor, path: paths.temporary)
            }
            if documentExists { try makeBackup() }
            try fileSystem.rename(paths.temporary, to: paths.document)
        } catch {
            try? fileSystem.remove(paths.temporary)
            try? fileSystem.remove(paths.temporaryBackup)
            throw error
        }
        // The new document has its name; only the directory's sync remains. If that fails,
        // this process can no longer tell which document a crash would leave.
        do {
            try fileSystem.syncDirectory(paths.directory)
        } catch {
            failure = .unusable(
                at: .file(paths.document),
                reason: "the directory could not be synced after the document was replaced "
                    + "(\(error))")
            throw error
        }
        generation = next
        documentExists = true
        documentLength = data.count
        journalIsCurrent = false
        journalEntryBytes = 0
    }

    /// Makes the current document the backup, by a hard link where the file system has them
    /// and by a synced copy where it does not.
    private func makeBackup() throws(StoreError) {
        try fileSystem.remove(paths.temporaryBackup)
        do {
            try fileSystem.link(paths.document, to: paths.temporaryBackup)
        } catch {
            guard let data = try fileSystem.readFile(paths.document) else { return }
            let descriptor = try fileSystem.open(
                paths.temporaryBackup, O_WRONLY | O_CREAT | O_TRUNC, operation: "create")
            defer { fileSystem.close(descriptor) }
            try fileSystem.write(descriptor, data, path: paths.temporaryBackup)
            try fileSystem.sync(descriptor, path: paths.temporaryBackup)
        }
        try fileSystem.rename(paths.temporaryBackup, to: paths.backup)
    }

    // MARK: Closing

    /// Closes the journal and releases the lock without writing anything: what an open that
    /// failed leaves, so that the next open, in this process or another, finds the store
    /// free at once rather than when this writer happens to be freed.
    mutating func release() {
        if let journalDescriptor { fileSystem.close(journalDescriptor) }
        if let lockDescriptor { fileSystem.close(lockDescriptor) }
        journalDescriptor = nil
        lockDescriptor = nil
    }

    /// Folds the journal into the document if it has entries, then releases the lock.
    ///
    /// - Parameters:
    ///   - sections: Every model's records, in the order of the database's models.
    ///   - version: The database's version.
    /// - Throws: `StoreError` when the document cannot be written; the lock is released all
    ///   the same.
    mutating func close(_ sections: Handoff<[any SectionWrite]>, version: UInt64)
        throws(StoreError)
    {
        let sections = sections.take()
        defer { release() }
        guard failure == nil, journalIsCurrent, journalEntryBytes > 0, let sections else {
            return
        }
        try writeDocument(sections, version: version)
    }
}
