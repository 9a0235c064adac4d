import Foundation
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport

/// A database file the process cannot write: made read-only with `chmod` for an ordinary
/// user, or on a tmpfs remounted read-only for root (who writes through permissions).
enum ReadOnlyMount {
    /// Whether this process may mount a tmpfs: root, in a sandbox that allows it.
    static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        let directory = FileManager.default.temporaryDirectory
            .appending(path: "sqlite-mount-probe-\(UUID().uuidString)")
        guard
            (try? FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)) != nil
        else { return false }
        defer { try? FileManager.default.removeItem(at: directory) }
        guard run("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", directory.path) else {
            return false
        }
        return run("umount", directory.path)
    }()

    /// Runs a body with a database of three records that the process cannot write.
    static func withReadOnlyFile(_ body: (URL) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            let mounted = getuid() == 0
            if mounted {
                guard run("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", directory.path) else {
                    throw RawDatabase.Failure(description: "cannot mount a tmpfs")
                }
            }
            defer { if mounted { _ = run("umount", directory.path) } }
            let url = directory.appending(path: "store.sqlite")
            let store = try await SQLiteStore<ConformanceRecord>.open(at: url)
            try await store.upsert(contentsOf: (1...3).map(ConformanceRecord.sample))
            await store.close()
            if mounted {
                guard run("mount", "-o", "remount,ro", directory.path) else {
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

    private static func run(_ arguments: String...) -> Bool {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
