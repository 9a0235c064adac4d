import FileSystemSupport
import Foundation
import KeyPathQuery
import ModelStorageTesting
import TestSupport
import Testing

@testable import JSONFileStorage
@testable import ModelStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store opened with `createsDirectories` makes its missing directories, durably.
///
/// It makes each durable before it returns: made one level at a time, the directory each is
/// made in synced right after it, and the store's own directory synced by the first save. A
/// power loss cannot be staged in a test, so these tests read the order of the calls
/// themselves.
@Suite("Making the store's directories")
struct DirectoryCreationTests {
    /// A directory's path as the store names it: standardized, with no trailing slash.
    private func path(of url: URL) -> String {
        var path = url.standardizedFileURL.path(percentEncoded: false)
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    private func options(_ faults: FaultSwitch, mode: StoreAccessMode = .readWrite)
        -> JSONFileStoreOptions
    {
        var options = faults.options()
        options.mode = mode
        options.createsDirectories = true
        return options
    }

    /// The calls that make or sync one of `directories`, in order.
    private func directoryCalls(
        _ calls: some Sequence<(call: FileSystem.Call, path: String)>, on directories: [String]
    ) -> [String] {
        calls.filter { [.makeDirectory, .sync].contains($0.call) && directories.contains($0.path) }
            .map { "\($0.call.rawValue) \($0.path)" }
    }

    @Test("each new directory is made, then its parent synced, before the open returns")
    func newDirectoriesAreDurable() async throws {
        try await withTemporaryDirectory { root in
            let tmp = path(of: root)
            let (a, b) = (tmp + "/a", tmp + "/a/b")
            let faults = FaultSwitch()
            let store = try await JSONFileStore<Record>.open(
                at: root.appending(path: "a/b/store.json"), options: options(faults))
            let atOpen = faults.calls
            #expect(
                directoryCalls(atOpen, on: [tmp, a, b]) == [
                    "makeDirectory \(a)", "sync \(tmp)", "makeDirectory \(b)", "sync \(a)",
                ])
            #expect(FileManager.default.fileExists(atPath: b + "/store.json.lock"))

            // The first save syncs the new directory itself, which now holds the journal.
            try await store.insert(.sample(1))
            let bySave = faults.calls.dropFirst(atOpen.count)
            #expect(directoryCalls(bySave, on: [tmp, a, b]) == ["sync \(b)"])
            try await store.close()

            let reopened = try await JSONFileStore<Record>.open(
                at: root.appending(path: "a/b/store.json"), options: .readOnly)
            #expect(try await reopened.fetch(.everyRecord) == [.sample(1)])
        }
    }

    @Test("directories that exist are neither made nor synced")
    func existingDirectories() async throws {
        try await withTemporaryDirectory { root in
            let tmp = path(of: root)
            let faults = FaultSwitch()
            let store = try await JSONFileStore<Record>.open(
                at: root.appending(path: "store.json"), options: options(faults))
            let calls = faults.calls
            #expect(!calls.isEmpty, "the store's calls are recorded")
            #expect(!calls.contains { $0.call == .makeDirectory })
            #expect(directoryCalls(calls, on: [FileSystem.parent(of: tmp)]).isEmpty)
            try await store.close()
        }
    }

    @Test("a directory that cannot be made: a typed error naming it, nothing left behind")
    func directoryCannotBeMade() async throws {
        try await withTemporaryDirectory { root in
            let tmp = path(of: root)
            let faults = FaultSwitch()
            faults.fail(.makeDirectory, on: "/a/b", with: EACCES)
            let error = try await #require(throws: StoreError.self) {
                try await JSONFileStore<Record>.open(
                    at: root.appending(path: "a/b/store.json"), options: options(faults))
            }
            expectIOError(
                error, code: EACCES, path: tmp + "/a/b", operation: "create the directory")
            #expect(error.description.contains(tmp + "/a/b"))
            // `a` was made before `b` failed, and is gone again.
            #expect(faults.calls.contains { $0.call == .makeDirectory && $0.path == tmp + "/a" })
            #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
        }
    }

    @Test("a file where a directory goes: the typed error of the system, the file untouched")
    func fileInTheWay() async throws {
        try await withTemporaryDirectory { root in
            let tmp = path(of: root)
            let file = root.appending(path: "a")
            try Data("not a directory".utf8).write(to: file)
            let error = try await #require(throws: StoreError.self) {
                try await JSONFileStore<Record>.open(
                    at: file.appending(path: "b/store.json"), options: options(FaultSwitch()))
            }
            expectIOError(error, code: ENOTDIR, path: tmp + "/a/b")
            #expect(try Data(contentsOf: file) == Data("not a directory".utf8))
        }
    }

    @Test("a parent that cannot be synced fails the open, and the new directory goes")
    func parentCannotBeSynced() async throws {
        try await withTemporaryDirectory { root in
            let tmp = path(of: root)
            let faults = FaultSwitch()
            faults.fail(.sync, on: tmp, with: EIO)
            let error = try await #require(throws: StoreError.self) {
                try await JSONFileStore<Record>.open(
                    at: root.appending(path: "a/store.json"), options: options(faults))
            }
            expectIOError(error, code: EIO, path: tmp, operation: "sync")
            #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
        }
    }

    @Test(
        "without the option, or read-only, a missing directory is an error and none is made",
        arguments: [false, true])
    func notMade(readOnlyWithOption: Bool) async throws {
        try await withTemporaryDirectory { root in
            let tmp = path(of: root)
            let faults = FaultSwitch()
            let options =
                readOnlyWithOption ? self.options(faults, mode: .readOnly) : faults.options()
            let error = try await #require(throws: StoreError.self) {
                try await JSONFileStore<Record>.open(
                    at: root.appending(path: "a/store.json"), options: options)
            }
            expectIOError(error, code: ENOENT, path: tmp + "/a")
            #expect(!faults.calls.contains { $0.call == .makeDirectory })
            #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
        }
    }

    @Test(
        "a path's parent directory",
        arguments: [
            ("/a/b/c", "/a/b"), ("/a", "/"), ("/", "/"), ("a/b", "a"), ("a", "."),
        ])
    func parent(path: String, parent: String) {
        #expect(FileSystem.parent(of: path) == parent)
    }
}
