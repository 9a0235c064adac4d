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

/// Store paths as users make them: spaces, non-ASCII names, symbolic links, a directory where
/// a file belongs, a directory the process cannot write.
///
/// Each works, or gives its typed error and leaves every file as it was.
@Suite("Store paths")
struct PathTests {
    /// Writes a store of `count` records at a URL, and closes it.
    func makeStore(_ url: URL, count: Int) async throws {
        let store = try await JSONFileStore<Record>.open(
            at: url, options: JSONFileStoreOptions(compactionThreshold: 256))
        try await store.upsert(contentsOf: (1...count).map(Record.sample))
        try await store.close()
    }

    @Test("spaces and non-ASCII names, in the directory and the file")
    func spacesAndUnicode() async throws {
        try await withTemporaryDirectory { root in
            let directory = root.appending(path: "my stores/Pokédex ✨ 日本語 \u{200F}")
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
            let url = directory.appending(path: "équipe 🔥 #1 (copie).json")
            try await makeStore(url, count: 30)
            let store = try await JSONFileStore<Record>.open(at: url)
            #expect(try await store.count() == 30)
            try await store.insert(.sample(31))
            try await store.close()
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(names.contains("équipe 🔥 #1 (copie).json"))
            #expect(names.allSatisfy { $0.hasPrefix("équipe 🔥 #1 (copie).json") })
            let reader = try await JSONFileStore<Record>.open(at: url, options: .readOnly)
            #expect(try await reader.count() == 31)
        }
    }

    @Test("a link to a store writes through to its target; the link stays a link")
    func linkToAStore() async throws {
        try await withTemporaryDirectory { root in
            let real = root.appending(path: "data/real.json")
            try FileManager.default.createDirectory(
                at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
            try await makeStore(real, count: 10)
            let link = root.appending(path: "link.json")
            try FileManager.default.createSymbolicLink(
                atPath: link.path, withDestinationPath: "data/real.json")

            let store = try await JSONFileStore<Record>.open(
                at: link, options: JSONFileStoreOptions(compactionThreshold: 256))
            // One lock, whatever the name: the target's name is refused while the link's is
            // open.
            await #expect(throws: StoreError.self) {
                try await JSONFileStore<Record>.open(at: real)
            }
            try await store.upsert(contentsOf: (11...40).map(Record.sample))  // a rewrite
            try await store.close()

            #expect(
                try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
                    == "data/real.json")
            let besideLink = try FileManager.default.contentsOfDirectory(atPath: root.path)
            #expect(besideLink.sorted() == ["data", "link.json"])
            let reader = try await JSONFileStore<Record>.open(at: real, options: .readOnly)
            #expect(try await reader.count() == 40)
        }
    }

    @Test("a link in the directory path")
    func linkedDirectory() async throws {
        try await withTemporaryDirectory { root in
            let real = root.appending(path: "real")
            try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
            let linked = root.appending(path: "linked")
            try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: real)
            try await makeStore(linked.appending(path: "store.json"), count: 12)
            let reader = try await JSONFileStore<Record>.open(
                at: real.appending(path: "store.json"), options: .readOnly)
            #expect(try await reader.count() == 12)
        }
    }

    @Test("a dangling link: the store is made at its target")
    func danglingLink() async throws {
        try await withTemporaryDirectory { root in
            let link = root.appending(path: "store.json")
            try FileManager.default.createSymbolicLink(
                atPath: link.path, withDestinationPath: "target.json")
            let empty = try await JSONFileStore<Record>.open(at: link, options: .readOnly)
            #expect(try await empty.count() == 0)
            try await makeStore(link, count: 5)
            #expect(
                try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
                    == "target.json")
            let reader = try await JSONFileStore<Record>.open(
                at: root.appending(path: "target.json"), options: .readOnly)
            #expect(try await reader.count() == 5)
        }
    }

    @Test("links that go round in a circle: ELOOP, nothing changed")
    func linkLoop() async throws {
        try await withTemporaryDirectory { root in
            try FileManager.default.createSymbolicLink(
                atPath: root.appending(path: "a.json").path, withDestinationPath: "b.json")
            try FileManager.default.createSymbolicLink(
                atPath: root.appending(path: "b.json").path, withDestinationPath: "a.json")
            let before = try FileManager.default.contentsOfDirectory(atPath: root.path)
            for mode in [StoreAccessMode.readWrite, .readOnly] {
                let error = await #expect(throws: StoreError.self) {
                    try await JSONFileStore<Record>.open(
                        at: root.appending(path: "a.json"),
                        options: JSONFileStoreOptions(mode: mode))
                }
                guard error?.code == .io, error?.errorNumber == ELOOP else {
                    Issue.record("expected ELOOP, got \(String(describing: error))")
                    return
                }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == before)
        }
    }

    @Test(
        "a directory where a store file belongs: its typed error, nothing changed",
        arguments: [
            "store.json", "link to a directory", "store.json.journal", "store.json.lock",
            "store.json.tmp",
        ])
    func directoryInTheWay(_ name: String) async throws {
        try await withTemporaryDirectory { root in
            let url = root.appending(path: "store.json")
            if name != "store.json" && name != "link to a directory" {
                try await makeStore(url, count: 3)
            }
            if name == "link to a directory" {
                try FileManager.default.createDirectory(
                    at: root.appending(path: "elsewhere"), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    atPath: url.path, withDestinationPath: "elsewhere")
            } else {
                try? FileManager.default.removeItem(at: root.appending(path: name))  // the lock
                try FileManager.default.createDirectory(
                    at: root.appending(path: name), withIntermediateDirectories: true)
            }
            let before = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
            let document = try? Data(contentsOf: url)
            let error = await #expect(throws: StoreError.self) {
                try await JSONFileStore<Record>.open(at: url)
            }
            guard let error, error.code == .io, case .file(let path)? = error.storeLocation,
                let code = error.errorNumber
            else {
                Issue.record("expected an I/O error, got \(String(describing: error))")
                return
            }
            #expect(code == EISDIR, "\(String(describing: error))")
            #expect(path.hasSuffix(name == "link to a directory" ? "elsewhere" : name))
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == before)
            #expect((try? Data(contentsOf: url)) == document)
        }
    }

    @Test("a directory where the backup goes: the save fails, nothing changed, memory too")
    func directoryWhereTheBackupGoes() async throws {
        try await withTemporaryDirectory { root in
            let url = root.appending(path: "store.json")
            try await makeStore(url, count: 3)
            try FileManager.default.createDirectory(
                at: root.appending(path: "store.json.backup"), withIntermediateDirectories: true)
            let store = try await JSONFileStore<Record>.open(
                at: url, options: JSONFileStoreOptions(compactionThreshold: 256))
            let before = try filesSnapshotSkippingDirectories(root)
            await #expect(throws: StoreError.self) {
                try await store.upsert(contentsOf: (4...40).map(Record.sample))  // a rewrite
            }
            #expect(try await store.count() == 3)
            #expect(try filesSnapshotSkippingDirectories(root) == before)
        }
    }

    @Test(
        "a directory this user cannot write: writing is refused, reading works, nothing changed",
        .requires(.anotherUser))
    func readOnlyDirectoryForAnotherUser() async throws {
        try await withTemporaryDirectory { root in
            // The child runs as nobody, who may read but not write the directory.
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: root.path)
            let url = root.appending(path: "store.json")
            try await makeStore(url, count: 4)
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o555], ofItemAtPath: root.path)
            defer {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: root.path)
            }
            let before = try filesSnapshotSkippingDirectories(root)
            let child = try ChildProcess(["probe", url.path, "0", "0"], user: (65_534, 65_534))
            try await child.waitForExit()
            #expect(child.lines == ["refused \(EACCES) \(url.path).lock", "read 4"])
            #expect(try filesSnapshotSkippingDirectories(root) == before)
        }
    }
}

/// Every regular file of a directory with its bytes, the lock file included.
func filesSnapshotSkippingDirectories(_ directory: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
        let url = directory.appending(path: name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
            !isDirectory.boolValue
        else { continue }
        files[name] = try Data(contentsOf: url)
    }
    return files
}
