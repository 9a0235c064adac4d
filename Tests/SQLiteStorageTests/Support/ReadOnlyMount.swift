import Foundation
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport

/// A database file the process cannot write: made read-only with `chmod` for an ordinary
/// user, or on a tmpfs remounted read-only for root (who writes through permissions).
enum ReadOnlyMount {
    /// Runs a body with a database of three records that the process cannot write.
    static func withReadOnlyFile(_ body: (URL) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            let mounted = getuid() == 0
            if mounted {
                guard Tmpfs.run("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", directory.path)
                else {
                    throw RawDatabase.Failure(description: "cannot mount a tmpfs")
                }
            }
            defer { if mounted { Tmpfs.run("umount", directory.path) } }
            let url = directory.appending(path: "store.sqlite")
            let store = try await SQLiteStore<ConformanceRecord>.open(at: url)
            try await store.upsert(contentsOf: (1...3).map(ConformanceRecord.sample))
            try await store.close()
            if mounted {
                guard Tmpfs.run("mount", "-o", "remount,ro", directory.path) else {
                    throw RawDatabase.Failure(description: "cannot remount read-only")
                }
            } else {
                try FileManager.default.setAttributes(
                    [.posixPermissions: 0o444], ofItemAtPath: url.path)
                try FileManager.default.setAttributes(
                    [.posixPermissions: 0o555], ofItemAtPath: directory.path)
            }
            defer {
                if !mounted {
                    try? FileManager.default.setAttributes(
                        [.posixPermissions: 0o755], ofItemAtPath: directory.path)
                }
            }
            try await body(url)
        }
    }
}
