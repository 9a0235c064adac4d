import FileSystemSupport
import Foundation
import InternalSupport
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

/// Makes chosen file-system calls fail, as a full disk or a read-only directory would, and
/// records every call, in order.
final class FaultSwitch: Sendable {
    private struct State {
        var rule: (call: FileSystem.Call, suffix: String, code: Int32)?
        var calls: [(call: FileSystem.Call, path: String)] = []
    }

    private let state = Mutex(State())

    /// Fails every `call` on a path ending in `suffix` with `code`, until ``clear()``.
    func fail(_ call: FileSystem.Call, on suffix: String, with code: Int32) {
        state.withLock { $0.rule = (call, suffix, code) }
    }

    func clear() {
        state.withLock { $0.rule = nil }
    }

    /// Every call made so far, failed ones included, in order.
    var calls: [(call: FileSystem.Call, path: String)] {
        state.withLock { $0.calls }
    }

    func check(_ call: FileSystem.Call, _ path: String) -> Int32? {
        state.withLock { state in
            state.calls.append((call, path))
            guard let rule = state.rule, rule.call == call, path.hasSuffix(rule.suffix) else {
                return nil
            }
            return rule.code
        }
    }

    func options(compactionThreshold: Int = 1 << 20) -> JSONFileStoreOptions {
        var options = JSONFileStoreOptions(compactionThreshold: compactionThreshold)
        options.faults = { self.check($0, $1) }
        return options
    }
}

/// Checks that an error is ``StoreError/io(at:operation:code:message:)`` with a code, and
/// with a path and an operation when they are given.
func expectIOError(
    _ error: (any Error)?, code: Int32, path: String? = nil, operation: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error = error as? StoreError, error.code == .io,
        case .file(let failedPath)? = error.storeLocation, let failedOperation = error.operation,
        let failedCode = error.errorNumber, let message = error.message
    else {
        Issue.record(
            "expected an I/O error, got \(String(describing: error))",
            sourceLocation: sourceLocation)
        return
    }
    #expect(failedCode == code, sourceLocation: sourceLocation)
    #expect(!message.isEmpty, sourceLocation: sourceLocation)
    if let path { #expect(failedPath == path, sourceLocation: sourceLocation) }
    if let operation { #expect(failedOperation == operation, sourceLocation: sourceLocation) }
}

@Suite("File-system errors")
struct FileSystemErrorTests {
    @Test func aMissingDirectory() async throws {
        try await withTemporaryDirectory { directory in
            let missing = directory.appending(path: "nowhere")
            let error = await #expect(throws: StoreError.self) {
                try await JSONFileStore<Record>.open(at: missing.appending(path: "store.json"))
            }
            expectIOError(error, code: ENOENT, path: missing.path)
            #expect(error?.description.contains("No such file or directory") == true)
        }
    }

    @Test func aDirectoryWhereTheDocumentGoes() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            for options in [JSONFileStoreOptions.readWrite, .readOnly] {
                let error = await #expect(throws: StoreError.self) {
                    try await JSONFileStore<Record>.open(at: url, options: options)
                }
                expectIOError(error, code: EISDIR, path: url.path)
            }
        }
    }

    @Test(.requires(.nonRoot))
    func aReadOnlyDirectory() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            try Data(storeDocument(records: [recordJSON(1)]).utf8).write(to: url)
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o555], ofItemAtPath: directory.path)
            defer {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: directory.path)
            }
            let error = await #expect(throws: StoreError.self) {
                try await JSONFileStore<Record>.open(at: url)
            }
            expectIOError(error, code: EACCES)
            let reader = try await JSONFileStore<Record>.open(at: url, options: .readOnly)
            #expect(try await reader.count() == 1)
        }
    }

    @Test func permissionDeniedOnTheFirstWrite() async throws {
        try await withTemporaryDirectory { directory in
            let faults = FaultSwitch()
            let url = directory.appending(path: "store.json")
            let store = try await JSONFileStore<Record>.open(at: url, options: faults.options())
            faults.fail(.open, on: ".journal", with: EACCES)
            let error = await #expect(throws: StoreError.self) {
                try await store.insert(.sample(1))
            }
            expectIOError(error, code: EACCES, path: url.path + ".journal")
            #expect(try await store.count() == 0)
            faults.clear()
            try await store.insert(.sample(1))
            #expect(try await store.count() == 1)
        }
    }

    @Test(arguments: [FileSystem.Call.write, .sync])
    func aFullDiskDuringAnAppendChangesNothing(_ call: FileSystem.Call) async throws {
        try await withTemporaryDirectory { directory in
            let faults = FaultSwitch()
            let url = directory.appending(path: "store.json")
            let store = try await JSONFileStore<Record>.open(at: url, options: faults.options())
            try await store.upsert(contentsOf: (1...3).map(Record.sample))
            let before = try filesSnapshot(of: directory)
            let records = try await store.fetch(.everyRecord)

            faults.fail(call, on: ".journal", with: call == .write ? ENOSPC : EIO)
            let error = await #expect(throws: StoreError.self) {
                try await store.update(id: 2) { $0.name = "lost" }
            }
            expectIOError(error, code: call == .write ? ENOSPC : EIO)
            #expect(try await store.fetch(.everyRecord) == records)
            try expectUnchanged(directory, since: before)

            // Space is back: the store works again, and keeps exactly what it acknowledged.
            faults.clear()
            try await store.update(id: 3) { $0.name = "kept" }
            let expected = try await store.fetch(.everyRecord)
            let reopened = try await JSONFileStore<Record>.open(at: url, options: .readOnly)
            #expect(try await reopened.fetch(.everyRecord) == expected)
        }
    }

    @Test func aFullDiskDuringADocumentRewriteChangesNothing() async throws {
        try await withTemporaryDirectory { directory in
            let faults = FaultSwitch()
            let url = directory.appending(path: "store.json")
            let store = try await JSONFileStore<Record>.open(
                at: url, options: faults.options(compactionThreshold: 512))
            for id in 1...6 { try await store.insert(.sample(id)) }
            let before = try filesSnapshot(of: directory)
            let records = try await store.fetch(.everyRecord)

            // The next commit is due to rewrite the document; the disk fills mid-write.
            faults.fail(.write, on: ".tmp", with: ENOSPC)
            let error = await #expect(throws: StoreError.self) {
                try await store.upsert(contentsOf: (7...40).map(Record.sample))
            }
            expectIOError(error, code: ENOSPC, path: url.path + ".tmp")
            #expect(try await store.fetch(.everyRecord) == records)
            try expectUnchanged(directory, since: before)

            faults.clear()
            try await store.upsert(contentsOf: (7...40).map(Record.sample))
            #expect(try await store.count() == 40)
        }
    }

    @Test func aFailureAfterTheRenameMakesTheStoreAskToBeReopened() async throws {
        try await withTemporaryDirectory { directory in
            let faults = FaultSwitch()
            let url = directory.appending(path: "store.json")
            let store = try await JSONFileStore<Record>.open(
                at: url, options: faults.options(compactionThreshold: 256))
            try await store.insert(.sample(1))
            let name = directory.lastPathComponent
            faults.fail(.sync, on: name, with: EIO)
            await #expect(throws: StoreError.self) {
                try await store.upsert(contentsOf: (2...20).map(Record.sample))
            }
            faults.clear()
            let error = await #expect(throws: StoreError.self) {
                try await store.insert(.sample(99))
            }
            guard try #require(error).code == .unusable else {
                Issue.record("expected unusable, got \(String(describing: error))")
                return
            }
            // What is on disk opens cleanly: the rewrite either happened or not.
            let reopened = try await JSONFileStore<Record>.open(at: url, options: .readOnly)
            #expect([1, 20].contains(try await reopened.count()))
        }
    }
}
