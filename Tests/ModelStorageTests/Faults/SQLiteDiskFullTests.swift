import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `SQLiteStore` on a real, small file system that fills up in the middle of a save.
@Suite("A full disk under SQLite", .serialized)
struct SQLiteDiskFullTests {
    /// Where the save meets the full disk.
    enum Write: String, CaseIterable, CustomTestStringConvertible {
        /// A batch small enough for SQLite's page cache: its commit writes the WAL.
        case commit = "at the commit"
        /// A batch larger than the page cache (2 MB): SQLite spills pages to the WAL in the
        /// middle of the transaction, and may roll the transaction back by itself.
        case spill = "when the page cache spills, mid-transaction"

        var testDescription: String { rawValue }

        /// The batch the save writes.
        var batch: [ConformanceRecord] {
            let (count, length) = self == .commit ? (100, 90) : (1_500, 2_000)
            return (21..<21 + count).map {
                ConformanceRecord(
                    id: $0, name: String(repeating: "x", count: length), attack: $0,
                    favorite: false)
            }
        }
    }

    @Test(
        "the save throws ENOSPC naming the file, what was stored stays, and space back, it works",
        .requires(.tmpfs),
        arguments: Write.allCases)
    func fullMidSave(_ write: Write) async throws {
        try await SmallFileSystem.with(megabytes: 64) { directory in
            let url = directory.appending(path: "store.sqlite")
            let store = try await SQLiteStore<ConformanceRecord>.open(at: url)
            for id in 1...20 { try await store.insert(.sample(id)) }
            let records = try await store.fetch(.everyRecord)
            let database = try Data(contentsOf: url)
            let wal = try Data(contentsOf: URL(filePath: url.path + "-wal"))

            // Fill the disk to its last page: the first WAL frames fit, the rest do not. A
            // single insert queued beside the batch may share its SQLite transaction.
            let free = try SmallFileSystem.fill(directory, leaving: 4_096)
            async let batchSaved: StoreError? = failure {
                try await store.upsert(contentsOf: write.batch)
            }
            async let singleSaved: StoreError? = failure { try await store.insert(.sample(999)) }
            let (error, singleError) = await (batchSaved, singleSaved)
            #expect(error?.code == .io, "\(String(describing: error))")
            #expect(error?.errorNumber == ENOSPC)
            #expect(error?.storeLocation == .file(url.path))
            #expect(error?.message?.contains("SQLite result code 13") == true)
            // What the store says it stored is what it holds: nothing of the batch, and the
            // single insert exactly when it returned.
            let expected = records + (singleError == nil ? [.sample(999)] : [])
            #expect(try await store.fetch(.everyRecord) == expected, "the store's records")
            #expect(try Data(contentsOf: url) == database, "the database's bytes (\(free) free)")
            // What the WAL held is as it was; frames of the failed commit may follow it, with
            // no commit frame, which SQLite ignores and writes over.
            let walAfter = try Data(contentsOf: URL(filePath: url.path + "-wal"))
            #expect(walAfter.prefix(wal.count) == wal, "the WAL's committed frames")

            // Space is back: the same save goes through, and a reopened store sees it.
            try FileManager.default.removeItem(
                at: directory.appending(path: SmallFileSystem.fillerName))
            try await store.upsert(contentsOf: write.batch)
            try await store.close()
            let reopened = try await SQLiteStore<ConformanceRecord>.open(
                at: url, options: .readOnly)
            #expect(try await reopened.fetch(.everyRecord) == expected + write.batch)
            try await reopened.close()
        }
    }

    /// The `StoreError` a save throws, or `nil` when it returns.
    private func failure(_ save: () async throws -> Void) async -> StoreError? {
        do {
            try await save()
            return nil
        } catch let error as StoreError {
            return error
        } catch {
            Issue.record("not a StoreError: \(error)")
            return nil
        }
    }
}
