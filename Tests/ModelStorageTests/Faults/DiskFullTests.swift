import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store on a real, small file system that fills up in the middle of a save. (Where
/// mounting is not allowed, `FileSystemErrorTests` injects the same failures through the
/// store's file-system seam.)
@Suite("A full disk", .serialized)
struct DiskFullTests {
    /// Which write the disk fills up in.
    enum Write: String, CaseIterable, CustomTestStringConvertible {
        case journalAppend = "a journal append"
        case documentRewrite = "a document rewrite"

        var testDescription: String { rawValue }
    }

    @Test(
        "the save throws ENOSPC, memory and files are unchanged, and space back, it works",
        .requires(.tmpfs),
        arguments: Write.allCases)
    func fullMidSave(_ write: Write) async throws {
        try await SmallFileSystem.with(megabytes: 4) { directory in
            let url = directory.appending(path: "store.json")
            let options = JSONFileStoreOptions(
                compactionThreshold: write == .journalAppend ? 1 << 20 : 4_096)
            let store = try await JSONFileStore<Record>.open(at: url, options: options)
            for id in 1...20 { try await store.insert(.sample(id)) }
            let records = try await store.fetch(.everyRecord)
            let before = try filesSnapshot(of: directory)

            // Fill the disk to its last page: the next save's first bytes fit, the rest do not.
            let free = try SmallFileSystem.fill(directory, leaving: 4_096)
            let batch = (21...120).map {
                Record(id: $0, name: String(repeating: "x", count: 90), attack: $0, favorite: false)
            }
            let error = await #expect(throws: StoreError.self) {
                try await store.upsert(contentsOf: batch)
            }
            guard let error, error.code == .io, error.errorNumber == ENOSPC,
                case .file(let path)? = error.storeLocation
            else {
                Issue.record("expected ENOSPC, got \(String(describing: error))")
                return
            }
            #expect(path.hasSuffix(write == .journalAppend ? ".journal" : ".tmp"))
            #expect(try await store.fetch(.everyRecord) == records, "memory changed")
            var after = try filesSnapshot(of: directory)
            after[SmallFileSystem.fillerName] = nil
            #expect(after == before, "files changed (\(free) bytes were free)")

            // Space is back: the same save goes through, and a reopened store sees it.
            try FileManager.default.removeItem(
                at: directory.appending(path: SmallFileSystem.fillerName))
            try await store.upsert(contentsOf: batch)
            try await store.close()
            let reopened = try await JSONFileStore<Record>.open(at: url, options: .readOnly)
            #expect(try await reopened.count() == 120)
        }
    }
}

/// A tmpfs of a few megabytes, mounted for one test.
enum SmallFileSystem {
    /// The file that fills the file system up.
    static let fillerName = "filler"

    /// Runs a body with a fresh directory on a tmpfs of `megabytes`, unmounted afterwards.
    static func with<Result>(
        megabytes: Int, _ body: (URL) async throws -> Result
    ) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory
            .appending(path: "ModelStorageTests-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try #require(
            Tmpfs.run("mount", "-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", directory.path))
        defer { Tmpfs.run("umount", directory.path) }
        return try await body(directory)
    }

    /// Fills a file system until only about `leaving` bytes are free; returns the free bytes.
    static func fill(_ directory: URL, leaving: Int) throws -> Int {
        let spare = directory.appending(path: "spare")
        try Data(count: leaving).write(to: spare)
        let filler = directory.appending(path: fillerName)
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        let block = Data(count: 64 << 10)
        var chunk = block
        while !chunk.isEmpty {
            do {
                try handle.write(contentsOf: chunk)
            } catch {
                chunk = chunk.prefix(chunk.count / 2)
            }
        }
        try handle.close()
        try FileManager.default.removeItem(at: spare)
        var status = statvfs()
        guard statvfs(directory.path, &status) == 0 else { return -1 }
        return Int(status.f_bavail) * Int(status.f_bsize)
    }
}
