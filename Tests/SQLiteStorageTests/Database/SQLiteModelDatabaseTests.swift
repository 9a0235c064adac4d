import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import SQLiteStorage
import TestSupport
import Testing

/// A note whose encoding fails for the text "refuse": a write that cannot be stored.
struct FragileNote: StorableModel, Hashable {
    struct Refused: Error {}
    var id: Int
    var text: String
    static let queryAttributes: AttributeMap<FragileNote> = [\.id: "id", \.text: "text"]

    init(id: Int, text: String) {
        self.id = id
        self.text = text
    }

    enum CodingKeys: String, CodingKey { case id, text }

    func encode(to encoder: any Encoder) throws {
        guard text != "refuse" else { throw Refused() }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(text, forKey: .text)
    }
}

/// The same table name as ``ConformanceNote``'s, but another model.
struct ShoutingNote: StorableModel {
    var id: Int
    static let queryAttributes: AttributeMap<ShoutingNote> = [\.id: "id"]
    static var storageName: String { "CONFORMANCE_NOTE" }
}

/// SQLiteModelDatabase: several models in one file, one version, transactions across them.
@Suite("SQLiteModelDatabase")
struct SQLiteModelDatabaseTests {
    static let models: [any StorableModel.Type] = [ConformanceRecord.self, ConformanceNote.self]

    @Test("both models live in one file, each table beside the other, with one version")
    func oneFile() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            let database = try await SQLiteModelDatabase.open(at: url, for: Self.models)
            try await database.transaction { transaction in
                transaction[ConformanceRecord.self].upsert(.sample(1))
                transaction[ConformanceNote.self].upsert(
                    ConformanceNote(id: 7, recordID: 1, text: "hi"))
            }
            try await database.store(for: ConformanceNote.self).upsert(
                ConformanceNote(id: 8, text: "later"))
            try await database.close()
            let raw = try RawDatabase(url, registeringTextFunctions: false)
            #expect(
                try raw.versionRows() == ["conformance_note 2 1", "conformance_record 1 1"])
            #expect(
                try raw.strings("SELECT text FROM conformance_note ORDER BY id") == ["hi", "later"])
            #expect(
                try raw.strings("SELECT _version FROM conformance_note ORDER BY id") == ["1", "2"])
            let reopened = try await SQLiteModelDatabase.open(at: url, for: Self.models)
            let notes = try reopened.store(for: ConformanceNote.self)
            #expect(try await notes.fetchResult(RecordQuery()).version == 2)
            #expect(try await reopened.store(for: ConformanceRecord.self).count(where: .true) == 1)
            try await reopened.close()
        }
    }

    @Test("a model whose changes cannot be stored undoes the other model's in the same transaction")
    func failureInSecondModelUndoesFirst() async throws {
        try await withTemporaryDirectory { directory in
            let database = try await SQLiteModelDatabase.open(
                at: directory.appending(path: "dex.sqlite"),
                for: [ConformanceRecord.self, FragileNote.self])
            let records = try database.store(for: ConformanceRecord.self)
            try await records.upsert(.sample(1))
            let error = await #expect(throws: StoreError.self) {
                try await database.transaction { transaction in
                    transaction[ConformanceRecord.self].upsert(.sample(2))
                    _ = transaction[ConformanceRecord.self].delete(id: 1)
                    transaction[FragileNote.self].upsert(FragileNote(id: 1, text: "refuse"))
                }
            }
            #expect(error?.code == .encodingFailed)
            #expect(try await records.fetch(RecordQuery()).map(\.id) == [1])
            #expect(try await records.fetchResult(RecordQuery()).version == 1)
            // Grouped with other writes, it fails alone and they commit.
            async let refused: Void = database.transaction { transaction in
                transaction[ConformanceRecord.self].upsert(.sample(3))
                transaction[FragileNote.self].upsert(FragileNote(id: 2, text: "refuse"))
            }
            async let kept: Void = database.store(for: FragileNote.self).upsert(
                FragileNote(id: 3, text: "fine"))
            _ = try? await refused
            try await kept
            #expect(try await records.fetch(id: 3) == nil)
            #expect(try await database.store(for: FragileNote.self).fetch(id: 3)?.text == "fine")
            try await database.close()
        }
    }

    @Test("the models are checked: none, one twice, or two with the same table name")
    func invalidModels() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            for (models, reason) in [
                ([], "no model was given"),
                ([ConformanceNote.self, ConformanceNote.self], "ConformanceNote is listed twice"),
                (
                    [ConformanceNote.self, ShoutingNote.self],
                    "ConformanceNote and ShoutingNote have the same storageName"
                ),
            ] as [([any StorableModel.Type], String)] {
                let error = await #expect(throws: StoreError.self) {
                    try await SQLiteModelDatabase.open(at: url, for: models)
                }
                #expect(error?.code == .invalidModels)
                #expect(error?.reason?.hasPrefix(reason) == true, "\(error?.reason ?? "")")
            }
            #expect(!FileManager.default.fileExists(atPath: url.path))
        }
    }

    @Test("a model the database was not opened with is refused, naming the models it holds")
    func unknownModel() async throws {
        try await withTemporaryDirectory { directory in
            let database = try await SQLiteModelDatabase.open(
                at: directory.appending(path: "dex.sqlite"), for: Self.models)
            let error = #expect(throws: StoreError.self) {
                try database.store(for: FragileNote.self)
            }
            #expect(error?.code == .unknownModel)
            #expect(error?.databaseModels == ["ConformanceRecord", "ConformanceNote"])
            #expect(error?.description.contains("holds no model FragileNote") == true)
            try await database.close()
        }
    }

    @Test("a model added to an existing database gets its table; the others keep theirs")
    func addingAModel() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            let first = try await SQLiteStore<ConformanceRecord>.open(at: url)
            try await first.upsert(contentsOf: (1...3).map(ConformanceRecord.sample))
            try await first.close()
            let database = try await SQLiteModelDatabase.open(at: url, for: Self.models)
            let notes = try database.store(for: ConformanceNote.self)
            #expect(try await notes.fetchResult(RecordQuery()).version == 1)
            try await notes.upsert(ConformanceNote(id: 1, recordID: 2, text: "two"))
            #expect(try await database.store(for: ConformanceRecord.self).count(where: .true) == 3)
            try await database.close()
            // The store of one model opens the file again, and the other table stays.
            let again = try await SQLiteStore<ConformanceRecord>.open(at: url)
            #expect(try await again.fetchResult(RecordQuery()).version == 2)
            try await again.close()
            let raw = try RawDatabase(url, registeringTextFunctions: false)
            #expect(try raw.strings("SELECT text FROM conformance_note") == ["two"])
        }
    }

    @Test("a read-only database reads a model with no table yet as empty")
    func readOnlyWithoutATable() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            let first = try await SQLiteStore<ConformanceRecord>.open(at: url)
            try await first.upsert(.sample(1))
            try await first.close()
            let viewer = try await SQLiteModelDatabase.open(
                at: url, for: Self.models, options: SQLiteStoreOptions(mode: .readOnly))
            #expect(try await viewer.store(for: ConformanceNote.self).count(where: .true) == 0)
            #expect(try await viewer.store(for: ConformanceRecord.self).count(where: .true) == 1)
            try await viewer.close()
        }
    }

    @Test("a read-only database follows a reference into a model with no table yet as empty")
    func readOnlyReferenceIntoAMissingTable() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            let first = try await SQLiteStore<ConformanceRecord>.open(at: url)
            try await first.upsert(contentsOf: [.sample(1), .sample(3)])
            try await first.close()
            // The notes have no table: a condition over them reads them as none.
            let viewer = try await SQLiteModelDatabase.open(
                at: url, for: Self.models, options: SQLiteStoreOptions(mode: .readOnly))
            let records = try viewer.store(for: ConformanceRecord.self)
            let noted: Condition<ConformanceRecord> = .anyReferrer(
                ConformanceNote.self, through: \.recordID, where: .true)
            #expect(try await records.fetch(RecordQuery(where: noted)).isEmpty)
            #expect(try await records.count(where: noted) == 0)
            #expect(try await records.fetch(RecordQuery(where: !noted)).map(\.id) == [1, 3])
            try await viewer.close()
        }
    }

    @Test("a read-only database reads several models at one moment, and related records")
    func readOnlyReads() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            let first = try await SQLiteStore<ConformanceRecord>.open(at: url)
            try await first.upsert(contentsOf: [.sample(1), .sample(3)])
            try await first.close()
            let options = SQLiteStoreOptions(mode: .readOnly)
            // The notes have no table yet: they read as none.
            let viewer = try await SQLiteModelDatabase.open(
                at: url, for: Self.models, options: options)
            let counts = try await viewer.read {
                [$0[ConformanceRecord.self].count, $0[ConformanceNote.self].count]
            }
            #expect(counts == [2, 0])
            try await viewer.close()

            let writer = try await SQLiteModelDatabase.open(at: url, for: Self.models)
            try await writer.store(for: ConformanceNote.self).upsert(
                ConformanceNote(id: 10, recordID: 3, text: "three"))
            try await writer.close()
            let reader = try await SQLiteModelDatabase.open(
                at: url, for: Self.models, options: options)
            let notes = try await reader.fetch(
                RecordQuery<ConformanceNote>(), including: \.recordID, from: ConformanceRecord.self)
            #expect(notes.map(\.related?.id) == [3])
            let version = try await reader.read { $0.version }
            #expect(version == 2)
            try await reader.close()
        }
    }

    @Test("a read-only database answers a reference condition SQL cannot, through read(_:)")
    func readOnlyReferenceThroughRead() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            let writer = try await SQLiteModelDatabase.open(at: url, for: Self.models)
            try await writer.transaction { transaction in
                // A tag holding NUL: SQLite's JSON functions would cut it short, so a
                // condition on the tags of the records a note refers to is answered in memory.
                transaction[ConformanceRecord.self].upsert(
                    ConformanceRecord(id: 1, name: "one", attack: 1, tags: ["red\u{0}"]))
                transaction[ConformanceRecord.self].upsert(
                    ConformanceRecord(id: 2, name: "two", attack: 2, tags: ["red"]))
                for id in 1...2 {
                    transaction[ConformanceNote.self].upsert(
                        ConformanceNote(id: 10 + id, recordID: id, text: "\(id)"))
                }
            }
            try await writer.close()
            let viewer = try await SQLiteModelDatabase.open(
                at: url, for: Self.models, options: SQLiteStoreOptions(mode: .readOnly))
            let notes = try viewer.store(for: ConformanceNote.self)
            let condition: Condition<ConformanceNote> = .reference(
                \.recordID, to: ConformanceRecord.self, where: .contains(\.tags, "red"))
            #expect(try await notes.fetch(RecordQuery(where: condition)).map(\.id) == [12])
            #expect(try await notes.count(where: condition) == 1)
            #expect(try await notes.fetchResult(RecordQuery(where: condition)).totalCount == 2)
            try await viewer.close()
        }
    }

    @Test("a live query of one model sees another connection's transaction across models")
    func otherConnectionsTransaction() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "dex.sqlite")
            let database = try await SQLiteModelDatabase.open(at: url, for: Self.models)
            let results = try await database.store(for: ConformanceNote.self).observe(
                RecordQuery(where: \.recordID == 5))
            let other = try await SQLiteModelDatabase.open(at: url, for: Self.models)
            try await other.transaction { transaction in
                transaction[ConformanceRecord.self].upsert(.sample(5))
                transaction[ConformanceNote.self].upsert(
                    ConformanceNote(id: 1, recordID: 5, text: "five"))
            }
            try await other.close()
            let seen = await firstElement(of: results, timeout: hangGuard) {
                !$0.records.isEmpty
            }
            #expect(seen?.records.map(\.text) == ["five"])
            #expect(seen?.version == 1)
            try await database.close()
        }
    }

    @Test("1,000 notes with the records they refer to come in two queries")
    func includingTakesTwoQueries() async throws {
        try await withTemporaryDirectory { directory in
            let database = try await SQLiteModelDatabase.open(
                at: directory.appending(path: "dex.sqlite"), for: Self.models)
            let records = try database.store(for: ConformanceRecord.self)
            try await records.upsert(contentsOf: (1...100).map(ConformanceRecord.sample))
            try await database.store(for: ConformanceNote.self).upsert(
                contentsOf: (1...1_000).map {
                    ConformanceNote(id: $0, recordID: $0 % 100 + 1, text: "n\($0)")
                })
            let before = records.queryEvaluationCounts
            let entries = try await database.fetch(
                RecordQuery<ConformanceNote>(), including: \.recordID,
                from: ConformanceRecord.self)
            let after = records.queryEvaluationCounts
            #expect(entries.count == 1_000)
            #expect(entries.allSatisfy { $0.related?.id == $0.record.recordID })
            #expect(after.total - before.total == 2)
            try await database.close()
        }
    }
}
