import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `SQLiteStore` on a real, small file system that fills up in the middle of a save.
@Suite("A full disk under SQLite", .serialized)
struct SQLiteDiskFullTests {
    @Test(
        "the save throws ENOSPC naming the file, what was stored stays, and space back, it works",
        .enabled(if: SmallFileSystem.canMount, "needs root, to mount a tmpfs"))
    func fullMidSave() async throws {
        try await SmallFileSystem.with(megabytes: 4) { directory in
            let url = directory.appending(path: "store.sqlite")
            let store = try await SQLiteStore<ConformanceRecord>.open(at: url)
            for id in 1...20 { try await store.insert(.sample(id)) }
            let records = try await store.fetch(.everyRecord)
            let database = try Data(contentsOf: url)
            let wal = try Data(contentsOf: URL(filePath: url.path + "-wal"))

            // Fill the disk to its last page: the commit's first WAL frame fits, the rest do not.
            let free = try SmallFileSystem.fill(directory, leaving: 4_096)
            let batch = (21...120).map {
                ConformanceRecord(
                    id: $0, name: String(repeating: "x", count: 90), attack: $0, favorite: false)
            }
            let error = await #expect(throws: StoreError.self) {
                try await store.upsert(contentsOf: batch)
            }
            #expect(error?.code == .io, "\(String(describing: error))")
            #expect(error?.errorNumber == ENOSPC)
            #expect(error?.path == url.path)
            #expect(error?.message?.contains("SQLite result code 13") == true)
            #expect(try await store.fetch(.everyRecord) == records, "the store's records")
            #expect(try Data(contentsOf: url) == database, "the database's bytes (\(free) free)")
            // What the WAL held is as it was; frames of the failed commit may follow it, with
            // no commit frame, which SQLite ignores and writes over.
            let walAfter = try Data(contentsOf: URL(filePath: url.path + "-wal"))
            #expect(walAfter.prefix(wal.count) == wal, "the WAL's committed frames")

            // Space is back: the same save goes through, and a reopened store sees it.
            try FileManager.default.removeItem(
                at: directory.appending(path: SmallFileSystem.fillerName))
            try await store.upsert(contentsOf: batch)
            await store.close()
            let reopened = try await SQLiteStore<ConformanceRecord>.open(
                at: url, options: .readOnly)
            #expect(try await reopened.fetch(.everyRecord) == records + batch)
            await reopened.close()
        }
    }
}
