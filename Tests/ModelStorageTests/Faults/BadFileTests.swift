import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

/// A store file the store cannot read, and the error it must open with.
struct BadFile: Sendable, CustomStringConvertible {
    let description: String
    let document: String?
    let journal: String?
    /// Checks the error, given the document's and the journal's paths.
    let matches: @Sendable (StoreError, _ document: String, _ journal: String) -> Bool

    static let header = "{\"journal\":1,\"schemaVersion\":1,\"generation\":1}\n"
    static let three = storeDocument(records: [recordJSON(1), recordJSON(2), recordJSON(3)])

    static let all: [BadFile] = [
        BadFile(
            description: "write versions that do not count the records",
            document: three.dropLast(3) + "],\n\"writeVersions\":[1,2]}\n", journal: nil
        ) { error, path, _ in
            error
                == .corruptFile(
                    at: .file(path), problem: "2 write versions for 3 records",
                    location: .init(codingPath: "writeVersions"))
        },
        BadFile(
            description: "a write version above the document's version",
            document: three.dropLast(3) + "],\n\"writeVersions\":[1,9,3]}\n", journal: nil
        ) { error, path, _ in
            error
                == .corruptFile(
                    at: .file(path),
                    problem: "the write version 9 of record 1 is above the document's version 3",
                    location: .init(codingPath: "writeVersions"))
        },
        BadFile(
            description: "truncated document", document: String(three.prefix(150)), journal: nil
        ) { error, path, _ in
            guard error.code == .corruptFile, error.storeLocation == .file(path),
                let problem = error.problem,
                let location = error.location
            else { return false }
            return problem.contains("ends too early") && location.byteOffset == 150
                && location.line == 3
        },
        BadFile(description: "not JSON", document: "hello, world", journal: nil) { error, path, _ in
            error
                == .corruptFile(
                    at: .file(path), problem: "not valid JSON: unexpected 'h', expected a value",
                    location: .init(line: 1, column: 1, byteOffset: 0))
        },
        BadFile(
            description: "a missing comma",
            document: three.replacingOccurrences(of: "\"r2\",", with: "\"r2\" "), journal: nil
        ) { error, path, _ in
            guard error.code == .corruptFile, error.storeLocation == .file(path),
                let problem = error.problem,
                let location = error.location
            else { return false }
            return problem.contains("not valid JSON") && location.line == 3
                && location.column == 49
        },
        BadFile(
            description: "a record that does not decode",
            document: three.replacingOccurrences(of: "\"attack\":2,", with: "\"attack\":\"high\","),
            journal: nil
        ) { error, path, _ in
            guard error.code == .corruptFile, error.storeLocation == .file(path),
                let problem = error.problem,
                let location = error.location
            else { return false }
            return problem.hasPrefix("a record does not decode") && location.recordIndex == 1
                && location.line == 3 && location.codingPath == "records[1].attack"
        },
        BadFile(
            description: "a repeated id",
            document: storeDocument(records: [recordJSON(1), recordJSON(2), recordJSON(1)]),
            journal: nil
        ) { error, path, _ in
            guard error.code == .corruptFile, error.storeLocation == .file(path),
                let problem = error.problem,
                let location = error.location
            else { return false }
            return problem.contains("repeats the id 1") && location.recordIndex == 2
                && location.line == 4
        },
        BadFile(description: "not a store document", document: "[1, 2, 3]", journal: nil) {
            error, path, _ in
            guard error.code == .corruptFile, error.storeLocation == .file(path),
                let problem = error.problem
            else { return false }
            return problem.hasPrefix("not a store document")
        },
        BadFile(description: "an empty document", document: "", journal: nil) { error, path, _ in
            error
                == .corruptFile(at: .file(path), problem: "the file is empty", location: .wholeFile)
        },
        BadFile(
            description: "a newer format", document: storeDocument(format: 3, records: []),
            journal: nil
        ) { error, path, _ in
            error == .unsupportedVersion(at: .file(path), kind: .format, found: 3, supported: 2)
        },
        BadFile(
            description: "a newer schema", document: storeDocument(schemaVersion: 5, records: []),
            journal: nil
        ) { error, path, _ in
            error == .unsupportedVersion(at: .file(path), kind: .schema, found: 5, supported: 1)
        },
        BadFile(
            description: "a garbled journal line", document: three,
            journal: header + "garbage\n"
                + "{\"version\":4,\"delete\":[1],\"put\":[]}\n"
        ) { error, _, path in
            error
                == .corruptFile(
                    at: .file(path),
                    problem: "line 2 is not valid JSON: unexpected 'g', expected a value",
                    location: .init(line: 2, column: 1, byteOffset: header.utf8.count))
        },
        BadFile(
            description: "a journal record that does not decode", document: three,
            journal: header + "{\"version\":4,\"delete\":[],\"put\":[{\"id\":9}]}\n"
        ) { error, _, path in
            guard error.code == .corruptFile, error.storeLocation == .file(path),
                let problem = error.problem,
                let location = error.location
            else { return false }
            return problem.hasPrefix("line 2 does not decode") && location.line == 2
                && location.codingPath?.hasPrefix("put[0].") == true
        },
        BadFile(
            description: "a journal ahead of its document", document: three,
            journal: "{\"journal\":1,\"schemaVersion\":1,\"generation\":5}\n"
        ) { error, _, path in
            guard error.code == .corruptFile, error.storeLocation == .file(path),
                let problem = error.problem,
                let location = error.location
            else { return false }
            return problem.contains("generation 5") && location.line == 1
        },
        BadFile(
            description: "a journal without its document", document: nil, journal: header
        ) { error, _, path in
            guard error.code == .corruptFile, error.storeLocation == .file(path),
                let problem = error.problem
            else { return false }
            return problem.contains("document is at generation 0")
        },
        BadFile(
            description: "a newer journal format", document: three,
            journal: "{\"journal\":3,\"schemaVersion\":1,\"generation\":1}\n"
        ) { error, _, path in
            error == .unsupportedVersion(at: .file(path), kind: .format, found: 3, supported: 2)
        },
        BadFile(
            description: "a newer journal schema", document: three,
            journal: "{\"journal\":1,\"schemaVersion\":4,\"generation\":1}\n"
        ) { error, _, path in
            error == .unsupportedVersion(at: .file(path), kind: .schema, found: 4, supported: 1)
        },
    ]
}

@Suite("Bad files")
struct BadFileTests {
    @Test(arguments: BadFile.all, [StoreAccessMode.readWrite, .readOnly])
    func badFileOpensWithItsErrorAndStaysUntouched(
        _ bad: BadFile, mode: StoreAccessMode
    ) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            if let document = bad.document { try Data(document.utf8).write(to: url) }
            if let journal = bad.journal {
                try Data(journal.utf8).write(to: url.appendingPathExtension("journal"))
            }
            let before = try filesSnapshot(of: directory)
            let error = await #expect(throws: StoreError.self) {
                try await JSONFileStore<Record>.open(
                    at: url, options: JSONFileStoreOptions(mode: mode))
            }
            let thrown = try #require(error)
            #expect(
                bad.matches(thrown, url.path, url.path + ".journal"), "\(thrown)")
            #expect(thrown.description.contains(url.path))
            try expectUnchanged(directory, since: before)
        }
    }

    @Test func aTornFinalJournalLineIsDroppedAndReported() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let journalURL = url.appendingPathExtension("journal")
            let complete =
                BadFile.header
                + "{\"version\":4,\"delete\":[1],\"put\":[\(recordJSON(4))]}\n"
                + "{\"version\":5,\"delete\":[],\"put\":[\(recordJSON(5))]}\n"
            let torn = "{\"version\":6,\"delete\":[],\"put\":[{\"attack\":6,\"fav"
            try Data(BadFile.three.utf8).write(to: url)
            try Data((complete + torn).utf8).write(to: journalURL)
            let expected = StoreRecovery(
                path: journalURL.path, line: 4, byteOffset: complete.utf8.count,
                droppedByteCount: torn.utf8.count)

            // Read-only: recovered in memory, the bytes left as they are.
            let before = try filesSnapshot(of: directory)
            let reader = try await JSONFileStore<Record>.open(at: url, options: .readOnly)
            #expect(reader.recovery == expected)
            #expect(try await reader.fetch(.everyRecord).map(\.id) == [2, 3, 4, 5])
            #expect(try await reader.fetchVersioned(id: 2)?.version == 5)
            try expectUnchanged(directory, since: before)

            // Writable: the journal is cut back to its last complete line, and saves go on.
            let writer = try await JSONFileStore<Record>.open(at: url)
            #expect(writer.recovery == expected)
            #expect(writer.recovery?.description.contains("line 4") == true)
            #expect(contents(of: journalURL) == Data(complete.utf8))
            try await writer.insert(.sample(6))
            try await writer.close()
            let reopened = try await JSONFileStore<Record>.open(at: url, options: .readOnly)
            #expect(reopened.recovery == nil)
            #expect(try await reopened.fetch(.everyRecord).map(\.id) == [2, 3, 4, 5, 6])
        }
    }

    @Test func aTornHeaderIsDroppedToo() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            try Data(BadFile.three.utf8).write(to: url)
            try Data("{\"journal\":1,\"sche".utf8).write(to: url.appendingPathExtension("journal"))
            let store = try await JSONFileStore<Record>.open(at: url)
            #expect(store.recovery?.line == 1)
            #expect(try await store.count() == 3)
            try await store.insert(.sample(4))
            #expect(lines(of: url.appendingPathExtension("journal")).count == 2)
        }
    }

    @Test func aStaleJournalIsIgnored() async throws {
        try await withTemporaryDirectory { directory in
            // A crash after a compaction renamed the document but before the journal started
            // over: the journal continues generation 1, the document is generation 2.
            let url = directory.appending(path: "store.json")
            try Data(storeDocument(generation: 2, records: [recordJSON(1)]).utf8).write(to: url)
            try Data(
                (BadFile.header + "{\"version\":4,\"delete\":[1],\"put\":[]}\n").utf8
            ).write(to: url.appendingPathExtension("journal"))
            let store = try await JSONFileStore<Record>.open(at: url)
            #expect(try await store.fetch(.everyRecord).map(\.id) == [1])
            try await store.insert(.sample(2))
            let journal = lines(of: url.appendingPathExtension("journal"))
            // The new journal is of the database layout, and names the model's section.
            #expect(
                journal.first
                    == "{\"journal\":2,\"generation\":2,"
                    + "\"schemaVersions\":{\"\(Record.storageName)\":1}}")
            #expect(journal.count == 2)
        }
    }
}
