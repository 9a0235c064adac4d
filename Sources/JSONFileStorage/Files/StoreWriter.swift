import Foundation
import ModelStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of a writable store — the lock it holds, the journal it appends to, the
/// document it rewrites — and the durable writes themselves.
///
/// It blocks on the disk, so it runs off the store's actor: ``StoreFiles`` owns it behind its
/// mutex and runs each piece of work on a thread of its own. It is noncopyable, as it owns
/// its descriptors: they close when it goes.
struct StoreWriter<Model: StorableModel>: ~Copyable {
    let paths: StorePaths
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

    init(
        paths: StorePaths, fileSystem: FileSystem, compactionThreshold: Int, sortsKeys: Bool,
        lock: Int32
    ) {
        self.paths = paths
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

    /// Reads the store, then makes the files ready for writing: cuts a torn journal line,
    /// removes a half-written document left by a crash, and saves migrated records at once.
    mutating func open() throws(StoreError) -> StoreLoader.Loaded<Model> {
        let loaded = try StoreLoader.load(paths, as: Model.self, fileSystem: fileSystem)
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
        if loaded.migratedFrom != nil {
            try writeDocument(loaded.state.table, version: loaded.state.version)
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

    /// Makes a commit durable: one journal line and one sync, or, once the journal has
    /// outgrown its threshold, a new document holding every record.
    ///
    /// - Parameters:
    ///   - changes: The commit's changes.
    ///   - records: The encoded records of its upserts, in order.
    ///   - version: The store's version after the commit.
    ///   - table: The records before the commit, taken only to write a document.
    /// - Throws: `StoreError`, with the files as they were.
    mutating func commit(
        _ changes: [RecordChange<Model>], encoded records: [Data], version: UInt64,
        over table: Handoff<RecordTable<Model>>
    ) throws(StoreError) {
        let base = table.take()
        if let failure { throw failure }
        let encoder = RecordCoding.makeEncoder(sortingKeys: sortsKeys)
        var deleted: [Model.ID] = []
        var upserted: [Model] = []
        for change in changes {
            switch change {
            case .delete(let id): deleted.append(id)
            case .upsert(let model): upserted.append(model)
            }
        }
        var records = records
        if records.count != upserted.count {
            // Not encoded by the caller: encode them here.
            records = []
            for model in upserted {
                do {
                    records.append(try encoder.encode(model))
                } catch {
                    throw .encodingFailed(
                        id: String(describing: model.id), reason: RecordCoding.reason(error))
                }
            }
        }
        // A commit that would take the journal past its limit rewrites the document
        // instead, reusing the records just encoded; the line is only built otherwise.
        let lineLength = records.reduce(64 + deleted.count * 8) { $0 + $1.count + 1 }
        let limit = Swift.max(compactionThreshold, documentLength / 2)
        guard journalEntryBytes + lineLength > limit, let base else {
            return try append(
                StoreJournal.entry(version: version, deleting: deleted, putting: records))
        }
        let data = try StoreDocument.encode(
            base, after: changes, encoded: records, generation: generation + 1,
            version: version, encoder: encoder)
        try writeDocument(data)
    }

    /// Appends a line to the journal and syncs it; on failure, cuts the journal back.
    private mutating func append(_ line: Data) throws(StoreError) {
        var bytes = line
        var length = journalLength
        if !journalIsCurrent {
            bytes = StoreJournal.header(schemaVersion: Model.schemaVersion, generation: generation)
            bytes.append(line)
            length = 0
        }
        guard length + bytes.count <= fileSystem.maximumFileSize else {
            throw .fileTooLarge(
                path: paths.journal, size: length + bytes.count,
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
                    path: paths.document,
                    reason: "a failed journal write could not be cut back (\(error))")
            }
            throw error
        }
        journalLength += bytes.count
        journalEntryBytes += line.count
        journalIsCurrent = true
    }

    /// Writes a document holding every record of a table.
    private mutating func writeDocument(_ table: RecordTable<Model>, version: UInt64)
        throws(StoreError)
    {
        try writeDocument(
            StoreDocument.encode(
                table.records, count: table.count, writeVersions: table.recordWriteVersions,
                generation: generation + 1, version: version,
                encoder: RecordCoding.makeEncoder(sortingKeys: sortsKeys)))
    }

    /// Writes a new document durably: write a temporary file, sync it, keep the current
    /// document as the backup, rename the new one over it, sync the directory.
    private mutating func writeDocument(_ data: Data) throws(StoreError) {
        guard data.count <= fileSystem.maximumFileSize else {
            throw .fileTooLarge(
                path: paths.document, size: data.count, limit: fileSystem.maximumFileSize)
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
                path: paths.document,
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

    /// Folds the journal into the document if it has entries, then releases the lock.
    mutating func close(_ table: Handoff<RecordTable<Model>>, version: UInt64) throws(StoreError) {
        let records = table.take()
        defer {
            if let journalDescriptor { fileSystem.close(journalDescriptor) }
            if let lockDescriptor { fileSystem.close(lockDescriptor) }
            journalDescriptor = nil
            lockDescriptor = nil
        }
        guard failure == nil, journalIsCurrent, journalEntryBytes > 0, let records else {
            return
        }
        try writeDocument(records, version: version)
    }
}
