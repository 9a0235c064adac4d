import FileSystemSupport
import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import TestSupport
import Testing

@Suite("JSONFileStore")
struct JSONFileStoreTests {
    /// Opens a store, waiting a little for the lock in case an earlier store of the same
    /// file is still being released by this process.
    func open(
        _ url: URL, _ options: JSONFileStoreOptions = JSONFileStoreOptions(lockTimeout: .seconds(5))
    ) async throws -> JSONFileStore<Record> {
        try await JSONFileStore<Record>.open(at: url, options: options)
    }

    @Test func reopenSeesEveryAcknowledgedWrite() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            var expected: [Record] = []
            var version: UInt64 = 0
            do {
                let store = try await open(url)
                try await store.upsert(contentsOf: (1...20).map(Record.sample))
                try await store.insert(.sample(21))
                try await store.update(id: 3) { $0.name = "three" }
                try await store.delete(id: 4)
                try await store.delete(where: \.attack > 90)
                try await store.transaction { transaction in
                    try transaction.insert(.sample(22))
                    transaction.delete(id: 1)
                }
                expected = try await store.fetch(.everyRecord)
                version = try await store.fetchVersioned(id: 3)?.version ?? 0
                // Not closed: the journal alone must hold every acknowledged write.
            }
            let reopened = try await open(url)
            #expect(try await reopened.fetch(.everyRecord) == expected)
            #expect(try await reopened.fetchVersioned(id: 3)?.version == version)
            #expect(reopened.recovery == nil)
        }
    }

    @Test func closeFoldsTheJournalIntoTheDocument() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let store = try await open(url)
            try await store.upsert(contentsOf: (1...5).map(Record.sample))
            try await store.close()
            let first = try #require(contents(of: url))
            let reopened = try await open(url)
            try await reopened.update(id: 2) { $0.favorite = true }
            try await reopened.close()
            // The previous document is the backup, byte for byte.
            #expect(contents(of: url.appendingPathExtension("backup")) == first)
            let document = lines(of: url)
            // The database layout: a header line, the model's section, its records one a
            // line, its write versions, the end.
            #expect(document.count == 10)
            #expect(document.first?.hasPrefix("{\"format\":2,\"generation\":2,") == true)
            #expect(document[1] == "\"\(Record.storageName)\":{\"schemaVersion\":1,\"records\":[")
            #expect(document[7] == "],")
            // Each record's write version: the update of record 2 was the second commit.
            #expect(document[8] == #""writeVersions":[1,2,1,1,1]}"#)
            #expect(document.last == "}}")
            let second = try JSONDecoder().decode(
                Record.self, from: Data(document[3].dropLast().utf8))
            #expect(
                second
                    == Record(
                        id: 2, name: "creature-2", attack: 74, favorite: true,
                        tags: ["red", "green"]))
            #expect(document[4].hasSuffix("},"))
            // A closed store refuses further calls.
            await #expect(throws: StoreError.closed(at: .file(url.path))) {
                try await reopened.fetch(id: 1)
            }
            let again = try await open(url)
            #expect(try await again.fetch(id: 2)?.favorite == true)
            #expect(try await again.count() == 5)
        }
    }

    @Test func sortedKeysWriteTheSameBytesForTheSameRecords() async throws {
        try await withTemporaryDirectory { directory in
            var documents: [Data] = []
            for name in ["a.json", "b.json"] {
                let url = directory.appending(path: name)
                let store = try await open(
                    url, JSONFileStoreOptions(compactionThreshold: 0, sortsKeys: true))
                try await store.upsert(contentsOf: (1...3).map(Record.sample))
                try await store.close()
                documents.append(try #require(contents(of: url)))
            }
            #expect(documents[0] == documents[1])
            let lines = String(decoding: documents[0], as: UTF8.self).split(separator: "\n")
            #expect(
                lines[2]
                    == "{\"attack\":37,\"favorite\":false,\"id\":1,\"name\":\"creature-1\","
                    + "\"tags\":[\"red\"]},")
        }
    }

    @Test func aSmallSaveAppendsOneJournalLineAndLeavesTheDocument() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let filler = try await open(url)
            try await filler.upsert(contentsOf: (1...2_000).map(Record.sample))
            try await filler.close()
            let store = try await open(url)
            let document = try #require(contents(of: url))
            let journal = url.appendingPathExtension("journal")
            try await store.update(id: 1_000) { $0.favorite.toggle() }
            #expect(contents(of: url) == document)
            // The journal starts over after the close folded it: a header and one short line.
            #expect(lines(of: journal).count == 2)
            #expect((contents(of: journal)?.count ?? 0) < 300)
            try await store.update(id: 1_001) { $0.favorite.toggle() }
            #expect(contents(of: url) == document)
            #expect(lines(of: journal).count == 3)
        }
    }

    @Test func theJournalIsCompactedPastItsThreshold() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let store = try await open(
                url, JSONFileStoreOptions(lockTimeout: .seconds(5), compactionThreshold: 1_024))
            for id in 1...100 { try await store.insert(.sample(id)) }
            // The journal stays under the larger of the threshold and half the document.
            let journal = contents(of: url.appendingPathExtension("journal"))?.count ?? 0
            let document = contents(of: url)?.count ?? 0
            #expect(document > 0)
            #expect(journal <= max(1_024, document / 2))
            #expect(FileManager.default.fileExists(atPath: url.path + ".backup"))
            let header = try #require(lines(of: url).first)
            #expect(!header.contains("\"generation\":0,"))
            let expected = try await store.fetch(.everyRecord)
            let reopened = try await JSONFileStore<Record>.open(
                at: url, options: JSONFileStoreOptions(mode: .readOnly))
            #expect(try await reopened.fetch(.everyRecord) == expected)
        }
    }

    @Test func concurrentSavesAreGroupedIntoFewerSyncs() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let faults = FaultSwitch()
            let store = try await open(url, faults.options())
            let tasks = (1...300).map { id in
                Task.detached { try await store.insert(.sample(id)) }
            }
            for task in tasks { try await task.value }
            // Each save is a commit, with a line and a version of its own; the lines of
            // saves made together are appended at once, with one sync.
            let entries = lines(of: url.appendingPathExtension("journal")).count - 1
            #expect(entries == 300)
            #expect(try await store.fetchResult(.everyRecord).version == 300)
            let syncs = faults.calls.filter { $0.call == .sync && $0.path.hasSuffix(".journal") }
            #expect(syncs.count < 300, "300 saves took \(syncs.count) syncs")
            #expect(try await store.count() == 300)
        }
    }

    @Test func aRecordThatDoesNotEncodeFailsOnlyItsOwnWrite() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let store = try await JSONFileStore<Reading>.open(at: url)
            let tasks = (1...50).map { id in
                Task.detached {
                    try await store.insert(Reading(id: id, value: id == 25 ? .nan : Double(id)))
                }
            }
            for (index, task) in tasks.enumerated() {
                let result = await task.result
                if index == 24 {
                    #expect(throws: StoreError.self) { try result.get() }
                } else {
                    #expect(throws: Never.self) { try result.get() }
                }
            }
            #expect(try await store.count() == 49)
            #expect(try await store.fetch(id: 25) == nil)
            let reopened = try await JSONFileStore<Reading>.open(at: url, options: .readOnly)
            #expect(try await reopened.count() == 49)
        }
    }

    /// A batch large enough to encode on several threads stores its records in order, and a
    /// record that does not encode — in any of the threads' runs — fails the whole batch,
    /// naming the first such record, with nothing stored.
    @Test(arguments: [nil, 1, 2_999, 4_000, 5_998])
    func aLargeBatchEncodesInOrderOrNotAtAll(badIndex: Int?) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let store = try await JSONFileStore<Reading>.open(at: url)
            try await store.insert(Reading(id: -1, value: -1))
            var batch = (0..<6_000).map { Reading(id: $0, value: Double($0) / 2) }
            if let badIndex {
                batch[badIndex].value = .nan
                batch[5_999].value = .infinity  // a later bad record is not the one named
                let before = try filesSnapshot(of: directory)
                let error = await #expect(throws: StoreError.self) {
                    try await store.upsert(contentsOf: batch)
                }
                guard let error, error.code == .encodingFailed, let id = error.recordID else {
                    Issue.record("expected encodingFailed, got \(String(describing: error))")
                    return
                }
                #expect(id == String(badIndex))
                try expectUnchanged(directory, since: before)
                #expect(try await store.count() == 1)
            } else {
                try await store.upsert(contentsOf: batch)
                try await store.close()
                let reopened = try await JSONFileStore<Reading>.open(at: url, options: .readOnly)
                #expect(
                    try await reopened.fetch(.everyRecord) == [Reading(id: -1, value: -1)] + batch)
            }
        }
    }

    /// Every record in a file has its keys in one order: the record's, or sorted.
    ///
    /// A save writes each record's keys in the order the record encodes them, or sorted when
    /// the store sorts keys, on one thread (a single record) and on several (a batch), and
    /// the records read back the same. So does a document written again from memory, where
    /// the records read from the file have no encoded copy.
    @Test(arguments: [false, true])
    func aSaveWritesKeysInTheRecordsOrderOrSorted(sortsKeys: Bool) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let journal = directory.appending(path: "store.json.journal")
            // Compacted once the journal outgrows half the document.
            let options = JSONFileStoreOptions(compactionThreshold: 0, sortsKeys: sortsKeys)
            func storedText() throws -> String {
                let text = try String(contentsOf: url, encoding: .utf8)
                guard FileManager.default.fileExists(atPath: journal.path) else { return text }
                return text + (try String(contentsOf: journal, encoding: .utf8))
            }
            func expectKeysInOrder(of ids: [Int], in text: String) {
                for id in ids {
                    let record = Record.sample(id)
                    let tags = record.tags.map { "\"\($0)\"" }.joined(separator: ",")
                    let fields = [
                        ("id", "\(id)"), ("name", "\"\(record.name)\""),
                        ("attack", "\(record.attack)"), ("favorite", "\(record.favorite)"),
                        ("tags", "[\(tags)]"),
                    ]
                    let ordered = sortsKeys ? fields.sorted { $0.0 < $1.0 } : fields
                    let json =
                        "{" + ordered.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
                    #expect(text.contains(json), "record \(id): \(json)")
                }
            }
            let store = try await JSONFileStore<Record>.open(at: url, options: options)
            let batch = (1...600).map(Record.sample)
            try await store.upsert(contentsOf: batch)
            try await store.upsert(.sample(601))
            try await store.close()
            expectKeysInOrder(of: [1, 2, 3, 600, 601], in: try storedText())

            // A batch past half the document rewrites it: the 601 records read back from the
            // file are encoded again, beside the batch's own.
            let reopened = try await JSONFileStore<Record>.open(at: url, options: options)
            let more = (602...1_000).map(Record.sample)
            try await reopened.upsert(contentsOf: more)
            try await reopened.close()
            // The document alone holds every record, each once, so it was written again.
            let document = try String(contentsOf: url, encoding: .utf8)
            #expect(document.components(separatedBy: "\"name\":").count == 1_001)
            expectKeysInOrder(of: [1, 2, 3, 300, 600, 601, 602, 1_000], in: document)

            let reader = try await JSONFileStore<Record>.open(at: url, options: .readOnly)
            #expect(try await reader.fetch(.everyRecord) == batch + [.sample(601)] + more)
        }
    }

    @Test func aReadOnlyStoreReadsAndRefusesWrites() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let missing = try await JSONFileStore<Record>.open(at: url, options: .readOnly)
            #expect(try await missing.count() == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
            let writer = try await open(url)
            try await writer.upsert(contentsOf: (1...3).map(Record.sample))
            let reader = try await JSONFileStore<Record>.open(at: url, options: .readOnly)
            #expect(reader.isReadOnly)
            #expect(try await reader.fetch(.everyRecord).map(\.id) == [1, 2, 3])
            await #expect(throws: StoreError.readOnly(at: .file(url.path))) {
                try await reader.insert(.sample(4))
            }
            await #expect(throws: StoreError.readOnly(at: .file(url.path))) {
                try await reader.update(id: 1) { $0.attack = 0 }
            }
        }
    }

    @Test func closingEndsLiveQueries() async throws {
        try await withTemporaryDirectory { directory in
            let store = try await open(directory.appending(path: "store.json"))
            try await store.insert(.sample(1))
            let results = try await store.observe(.everyRecord)
            let consumer = Task {
                var count = 0
                for await _ in results { count += 1 }
                return count
            }
            try await store.close()
            #expect(await consumer.value >= 1)
            await #expect(throws: StoreError.self) { try await store.observe(.everyRecord) }
        }
    }

    /// A transaction that throws — from its own body, or from a write inside it — leaves every
    /// file of the store exactly as it was, whether it would have appended to the journal or
    /// outgrown it and rewritten the document.
    @Test(arguments: [3, 5_000])
    func aThrowingTransactionLeavesTheFilesAsTheyWere(writes: Int) async throws {
        struct Abandoned: Error {}
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            let store = try await open(url)
            try await store.upsert(contentsOf: (1...10).map(Record.sample))
            try await store.update(id: 2) { $0.favorite = true }
            let records = try await store.fetch(.everyRecord)
            let before = try filesSnapshot(of: directory)

            await #expect(throws: Abandoned.self) {
                try await store.transaction { transaction in
                    transaction.upsert(contentsOf: (100..<100 + writes).map(Record.sample))
                    transaction.delete(id: 1)
                    try transaction.update(id: 3) { $0.name = "changed" }
                    throw Abandoned()
                }
            }
            await #expect(throws: StoreError.self) {
                try await store.transaction { transaction in
                    transaction.upsert(contentsOf: (100..<100 + writes).map(Record.sample))
                    try transaction.insert(.sample(4))  // already stored
                }
            }
            try expectUnchanged(directory, since: before)
            #expect(try await store.fetch(.everyRecord) == records)

            // The store goes on working, and a reopened one sees what the memory holds.
            try await store.update(id: 5) { $0.attack = 1 }
            try await store.close()
            let reopened = try await open(url)
            #expect(try await reopened.count() == 10)
            #expect(try await reopened.fetch(id: 5)?.attack == 1)
            #expect(try await reopened.fetch(id: 3)?.name == records[2].name)
        }
    }

    @Test func staleTemporaryFilesFromACrashAreRemoved() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            try Data(storeDocument(records: [recordJSON(1)]).utf8).write(to: url)
            try Data("half a document".utf8).write(to: url.appendingPathExtension("tmp"))
            let store = try await open(url)
            #expect(try await store.fetch(.everyRecord).map(\.id) == [1])
            #expect(!FileManager.default.fileExists(atPath: url.path + ".tmp"))
        }
    }
}
