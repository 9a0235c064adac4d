import Foundation
import KeyPathQuery
import ModelStorage
import PokedexKit
import SQLiteStorage
import TestSupport
import Testing

/// `SQLiteStoreOptions.createsDirectories`: opening for writing makes the database's missing
/// directories, as `JSONFileStoreOptions.createsDirectories` does for a JSON store.
@Suite("SQLiteStore making its directories")
struct SQLiteDirectoryCreationTests {
    @Test("opening for writing makes every missing directory, and the store works there")
    func makesMissingDirectories() async throws {
        try await withTemporaryDirectory { root in
            let url = root.appending(path: "a/b/c/dex.sqlite")
            let store = try await SQLiteStore<Pokemon>.open(
                at: url, options: SQLiteStoreOptions(createsDirectories: true))
            try await store.upsert(contentsOf: SQLiteFileTests.dex)
            try await store.close()

            var isDirectory: ObjCBool = false
            let directory = root.appending(path: "a/b/c").path(percentEncoded: false)
            #expect(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory))
            #expect(isDirectory.boolValue)
            let reopened = try await SQLiteStore<Pokemon>.open(at: url, options: .readOnly)
            #expect(try await reopened.count(where: .true) == SQLiteFileTests.dex.count)
            try await reopened.close()
        }
    }

    @Test("without it, or read-only, a missing directory fails the open and none is made")
    func missingDirectoryWithoutTheOption() async throws {
        try await withTemporaryDirectory { root in
            let url = root.appending(path: "a/b/dex.sqlite")
            let directory = root.appending(path: "a").path(percentEncoded: false)
            for options in [
                SQLiteStoreOptions(), SQLiteStoreOptions(mode: .readOnly, createsDirectories: true),
            ] {
                do {
                    let store = try await SQLiteStore<Pokemon>.open(at: url, options: options)
                    try await store.close()
                    Issue.record("opened with a missing directory (\(options.mode))")
                } catch let error as StoreError {
                    #expect(error.code == .io)
                    #expect(error.errorNumber == ENOENT)
                }
                #expect(!FileManager.default.fileExists(atPath: directory))
            }
        }
    }

    @Test("a directory that cannot be made fails the open with an error naming it")
    func directoryThatCannotBeMade() async throws {
        try await withTemporaryDirectory { root in
            // A file where a directory should be.
            let blocker = root.appending(path: "a")
            try Data("not a directory".utf8).write(to: blocker)
            let url = root.appending(path: "a/b/dex.sqlite")
            do {
                let store = try await SQLiteStore<Pokemon>.open(
                    at: url, options: SQLiteStoreOptions(createsDirectories: true))
                try await store.close()
                Issue.record("opened under a file")
            } catch let error as StoreError {
                #expect(error.code == .io)
                #expect(error.storeLocation?.description.hasSuffix("/a/b") == true, "\(error)")
            }
        }
    }
}
