import FileSystemSupport
import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import RecordCoding
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A JSON-file database of two models: one version, commits across models that are one
/// journal line, and files that keep both.
@Suite("JSONFileModelDatabase")
struct JSONFileModelDatabaseTests {
    static let models: [any StorableModel.Type] = [Record.self, RecordTrainer.self]

    struct Refused: Error {}

    func open(
        _ url: URL, _ options: JSONFileStoreOptions = .readWrite
    ) async throws -> JSONFileModelDatabase {
        try await JSONFileModelDatabase.open(at: url, for: Self.models, options: options)
    }

    /// A fresh database of both models whose file-system calls go through a fault switch,
    /// and its stores.
    struct Opened {
        let url: URL
        let faults: FaultSwitch
        let database: JSONFileModelDatabase
        let records: JSONFileStore<Record>
        let trainers: JSONFileStore<RecordTrainer>
    }

    /// Runs a body with an ``Opened`` database in a temporary directory, which it is given
    /// too.
    func withFaultyDatabase(_ body: (Opened, URL) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            let faults = FaultSwitch()
            let database = try await JSONFileModelDatabase.open(
                at: url, for: Self.models, options: faults.options())
            let opened = Opened(
                url: url, faults: faults, database: database,
                records: try database.store(for: Record.self),
                trainers: try database.store(for: RecordTrainer.self))
            try await body(opened, directory)
            try await database.close()
        }
    }

    /// The journal's commit lines, decoded: each commit's version and the models it names.
    func journalCommits(_ url: URL) throws -> [(version: Int, models: [String])] {
        try lines(of: url.appendingPathExtension("journal")).dropFirst().map { line in
            let json = try JSONParser.parse(Array(line.utf8))
            let models = (json["changes"]?.arrayValue ?? []).compactMap {
                $0["model"]?.stringValue
            }
            return (json["version"]?.integerValue ?? -1, models)
        }
    }

    @Test func aTransactionAcrossTwoModelsCommitsBothOrNeither() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            let database = try await open(url)
            let records = try database.store(for: Record.self)
            let trainers = try database.store(for: RecordTrainer.self)

            // A body that writes both models and throws changes neither.
            await #expect(throws: Refused.self) {
                try await database.transaction { transaction in
                    transaction[Record.self].upsert(.sample(1))
                    transaction[RecordTrainer.self].upsert(
                        RecordTrainer(id: 1, name: "ash", recordIDs: [1]))
                    throw Refused()
                }
            }
            #expect(try await records.count() == 0)
            #expect(try await trainers.count() == 0)
            #expect(try journalCommits(url).isEmpty)

            // A body that returns commits both, as one journal line naming both.
            let written = try await database.transaction { transaction in
                transaction[Record.self].upsert(.sample(1))
                transaction[RecordTrainer.self].upsert(
                    RecordTrainer(id: 1, name: "ash", recordIDs: [1]))
                return transaction[Record.self].count + transaction[RecordTrainer.self].count
            }
            #expect(written == 2)
            #expect(try await records.fetch(id: 1) == .sample(1))
            #expect(try await trainers.fetch(id: 1)?.name == "ash")
            let commits = try journalCommits(url)
            #expect(commits.count == 1)
            #expect(commits.first?.version == 1)
            #expect(commits.first?.models == [Record.storageName, RecordTrainer.storageName])
            try await database.close()
        }
    }

    @Test func aFailedJournalWriteChangesNeitherModel() async throws {
        try await withFaultyDatabase { opened, directory in
            let (faults, database) = (opened.faults, opened.database)
            let (records, trainers) = (opened.records, opened.trainers)
            try await records.upsert(.sample(1))
            let before = try filesSnapshot(of: directory)

            // The disk fills up in the commit's journal append: neither model changes.
            faults.fail(.write, on: ".journal", with: ENOSPC)
            let error = await #expect(throws: StoreError.self) {
                try await database.transaction { transaction in
                    transaction[Record.self].upsert(.sample(2))
                    transaction[RecordTrainer.self].upsert(RecordTrainer(id: 1, name: "ash"))
                }
            }
            #expect(error?.errorNumber == ENOSPC)
            #expect(try await records.fetch(.everyRecord) == [.sample(1)])
            #expect(try await trainers.count() == 0)
            #expect(try await records.fetchResult(.everyRecord).version == 1)
            try expectUnchanged(directory, since: before)

            // Space is back: the same transaction commits both.
            faults.clear()
            try await database.transaction { transaction in
                transaction[Record.self].upsert(.sample(2))
                transaction[RecordTrainer.self].upsert(RecordTrainer(id: 1, name: "ash"))
            }
            #expect(try await records.count() == 2)
            #expect(try await trainers.count() == 1)
            try await database.close()
        }
    }

    @Test func oneVersionCountsTheCommitsOfEveryModel() async throws {
        try await withTemporaryDirectory { directory in
            let database = try await open(directory.appending(path: "dex.json"))
            let records = try database.store(for: Record.self)
            let trainers = try database.store(for: RecordTrainer.self)
            try await trainers.upsert(RecordTrainer(id: 1, name: "ash"))
            let read = try #require(try await trainers.fetchVersioned(id: 1))
            #expect(read.version == 1)

            // A commit of records raises the version the trainers' store reports.
            try await records.upsert(.sample(1))
            try await records.upsert(.sample(2))
            #expect(try await trainers.fetchResult(.everyRecord).version == 3)
            #expect(try await trainers.fetchVersioned(id: 1)?.version == 3)
            #expect(try await records.fetchResult(.everyRecord).version == 3)

            // The trainer was not written since the read: saving it is no conflict, and it is
            // written at the next version; an edit of the record read before is one.
            var edit = read
            edit.name = "red"
            try await trainers.save(edit)
            #expect(try await trainers.fetchVersioned(id: 1)?.version == 4)
            var stale = Versioned(Record.sample(2), version: 2)
            stale.attack = 1
            await #expect(throws: StoreError.self) { try await records.save(stale) }
            try await database.close()
        }
    }

    @Test func reopeningKeepsBothModelsAndTheVersion() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            let database = try await open(url)
            try await database.transaction { transaction in
                transaction[Record.self].upsert(contentsOf: (1...3).map(Record.sample))
                transaction[RecordTrainer.self].upsert(
                    RecordTrainer(id: 7, name: "misty", recordIDs: [2]))
            }
            try await database.store(for: Record.self).delete(id: 3)

            // Read-only while the writer is open: the journal is replayed.
            let replayed = try await open(url, .readOnly)
            #expect(try await replayed.store(for: Record.self).count() == 2)
            #expect(
                try await replayed.store(for: RecordTrainer.self).fetch(id: 7)?.recordIDs == [2])
            #expect(
                try await replayed.store(for: RecordTrainer.self).fetchResult(.everyRecord).version
                    == 2)
            try await database.close()

            // After the close, from the document.
            let document = String(decoding: try #require(contents(of: url)), as: UTF8.self)
            #expect(document.hasPrefix("{\"format\":2,"))
            let reopened = try await open(url)
            #expect(
                try await reopened.store(for: Record.self).fetch(.everyRecord).map(\.id) == [1, 2])
            #expect(try await reopened.store(for: RecordTrainer.self).fetch(id: 7)?.name == "misty")
            #expect(
                try await reopened.store(for: Record.self).fetchResult(.everyRecord).version == 2)
            try await reopened.close()
        }
    }

    @Test func aTornLastLineDropsTheWholeCommitAcrossModels() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            let database = try await open(url)
            try await database.transaction { transaction in
                transaction[Record.self].upsert(.sample(1))
                transaction[RecordTrainer.self].upsert(RecordTrainer(id: 1, name: "ash"))
            }
            try await database.transaction { transaction in
                transaction[Record.self].upsert(.sample(2))
                transaction[RecordTrainer.self].upsert(RecordTrainer(id: 2, name: "brock"))
            }
            // The files as a crash in the middle of the second commit's append leaves them:
            // its line lacks its last bytes, the line feed among them. (There is no document
            // yet: both commits are only in the journal.)
            let copy = directory.appending(path: "crashed")
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false)
            let copied = copy.appending(path: "dex.json")
            #expect(contents(of: url) == nil)
            let journal = try #require(contents(of: url.appendingPathExtension("journal")))
            try journal.dropLast(20).write(to: copied.appendingPathExtension("journal"))
            try await database.close()

            let recovered = try await open(copied)
            let recovery = try #require(recovered.recovery)
            #expect(recovery.line == 3)
            #expect(try await recovered.store(for: Record.self).fetch(.everyRecord) == [.sample(1)])
            #expect(
                try await recovered.store(for: RecordTrainer.self).fetch(.everyRecord).map(\.id)
                    == [1])
            #expect(
                try await recovered.store(for: RecordTrainer.self).fetchResult(.everyRecord).version
                    == 1)
            // The torn line is cut off; the next commit follows the first.
            try await recovered.store(for: RecordTrainer.self).upsert(
                RecordTrainer(id: 3, name: "gary"))
            #expect(try journalCommits(copied).map(\.version) == [1, 2])
            try await recovered.close()
        }
    }

    @Test func aModelTheDatabaseDoesNotHoldIsRefused() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            let database = try await JSONFileModelDatabase.open(at: url, for: [Record.self])
            #expect(
                throws: StoreError.unknownModel(
                    "RecordTrainer", at: .file(url.path), models: ["ConformanceRecord"])
            ) { try database.store(for: RecordTrainer.self) }
            // A transaction that reaches it commits nothing, not even its other writes.
            let error = await #expect(throws: StoreError.self) {
                try await database.transaction { transaction in
                    transaction[Record.self].upsert(.sample(1))
                    transaction[RecordTrainer.self].upsert(RecordTrainer(id: 1, name: "ash"))
                }
            }
            #expect(error?.code == .unknownModel)
            #expect(try await database.store(for: Record.self).count() == 0)
            try await database.close()
        }
    }

    @Test func aListOfModelsThatCannotShareADatabaseIsRefused() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            for models: [any StorableModel.Type] in [
                [Record.self, SameTableRecord.self],
                [Record.self, RecordTrainer.self, Record.self], [],
            ] {
                let error = await #expect(throws: StoreError.self) {
                    try await JSONFileModelDatabase.open(at: url, for: models)
                }
                #expect(error?.code == .invalidModels)
            }
            #expect(contents(of: url) == nil)
        }
    }

    @Test func aModelAddedToAnExistingFileStartsEmpty() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            let store = try await JSONFileStore<Record>.open(at: url)
            try await store.upsert(contentsOf: (1...3).map(Record.sample))
            try await store.close()

            let database = try await open(url)
            #expect(try await database.store(for: Record.self).count() == 3)
            #expect(try await database.store(for: RecordTrainer.self).count() == 0)
            try await database.store(for: RecordTrainer.self).upsert(
                RecordTrainer(id: 1, name: "ash"))
            // The first commit of the trainers is the database's second.
            #expect(
                try await database.store(for: RecordTrainer.self).fetchResult(.everyRecord).version
                    == 2)
            try await database.close()

            let reopened = try await open(url, .readOnly)
            #expect(try await reopened.store(for: Record.self).count() == 3)
            #expect(try await reopened.store(for: RecordTrainer.self).fetch(id: 1)?.name == "ash")
        }
    }

    @Test func theSectionOfAModelNotOpenedIsKept() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            let database = try await open(url)
            try await database.transaction { transaction in
                transaction[Record.self].upsert(.sample(1))
                transaction[RecordTrainer.self].upsert(
                    RecordTrainer(id: 1, name: "ash \"ketchum\"", recordIDs: [1]))
            }
            try await database.close()
            let section = try #require(lines(of: url).first { $0.hasPrefix("\"trainer\":") })

            // A store of the one model rewrites the document: the trainers' section stays.
            let records = try await JSONFileStore<Record>.open(at: url)
            try await records.upsert(.sample(2))
            try await records.close()
            #expect(lines(of: url).contains(section))
            #expect(lines(of: url.appendingPathExtension("journal")).isEmpty == false)

            let reopened = try await open(url)
            #expect(try await reopened.store(for: Record.self).count() == 2)
            #expect(
                try await reopened.store(for: RecordTrainer.self).fetch(id: 1)?.name
                    == "ash \"ketchum\"")
            try await reopened.close()
        }
    }

    @Test func aJournalWithCommitsOfAModelNotOpenedIsNotWrittenOver() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            let database = try await open(url)
            try await database.store(for: RecordTrainer.self).upsert(
                RecordTrainer(id: 1, name: "ash"))
            // The files as a writer of both models left them when it died: the commit is
            // only in the journal.
            let copy = directory.appending(path: "crashed")
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false)
            let copied = copy.appending(path: "dex.json")
            try FileManager.default.copyItem(
                at: url.appendingPathExtension("journal"),
                to: copied.appendingPathExtension("journal"))
            try await database.close()
            let before = try filesSnapshot(of: copy)

            let error = await #expect(throws: StoreError.self) {
                try await JSONFileStore<Record>.open(at: copied)
            }
            #expect(error?.code == .invalidModels)
            try expectUnchanged(copy, since: before)
            // Read-only, it opens; with both models, nothing is lost.
            #expect(
                try await JSONFileStore<Record>.open(at: copied, options: .readOnly).count() == 0)
            let both = try await open(copied)
            #expect(try await both.store(for: RecordTrainer.self).fetch(id: 1)?.name == "ash")
            try await both.close()
        }
    }

    @Test func writesOfEveryModelAreGroupedIntoOneSync() async throws {
        try await withFaultyDatabase { opened, _ in
            let (url, faults, database) = (opened.url, opened.faults, opened.database)
            let (records, trainers) = (opened.records, opened.trainers)
            let writes = 60
            try await withThrowingTaskGroup(of: Void.self) { group in
                for id in 1...writes {
                    group.addTask {
                        switch id % 3 {
                        case 0: try await records.upsert(.sample(id))
                        case 1: try await trainers.upsert(RecordTrainer(id: id, name: "t\(id)"))
                        default:
                            try await database.transaction { transaction in
                                transaction[Record.self].upsert(.sample(id))
                                transaction[RecordTrainer.self].upsert(
                                    RecordTrainer(id: id, name: "t\(id)"))
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await records.count() == 40)
            #expect(try await trainers.count() == 40)
            // Each write is a commit of its own, one line and one version, whichever store
            // it came through; the lines of concurrent writes share an append and a sync.
            let commits = try journalCommits(url)
            #expect(commits.map(\.version) == Array(1...writes))
            #expect(try await trainers.fetchResult(.everyRecord).version == UInt64(writes))
            #expect(commits.filter { $0.models.count == 2 }.count == 20)
            let syncs = faults.calls.filter { $0.call == .sync && $0.path.hasSuffix(".journal") }
            #expect(syncs.count < writes)
            try await database.close()
        }
    }

    @Test func closingAStoreClosesTheDatabase() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.json")
            let database = try await open(url)
            let records = try database.store(for: Record.self)
            let trainers = try database.store(for: RecordTrainer.self)
            try await trainers.upsert(RecordTrainer(id: 1, name: "ash"))
            try await records.close()
            await #expect(throws: StoreError.closed(at: .file(url.path))) {
                try await trainers.fetch(id: 1)
            }
            // The lock is released: the database opens again.
            let reopened = try await open(url)
            #expect(try await reopened.store(for: RecordTrainer.self).count() == 1)
            try await reopened.close()
        }
    }
}
