import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import PostgresNIO
import PostgresStorage
import Testing

/// A `PostgresModelDatabase` of two models: one version, transactions that commit both
/// models or neither, stores handed out per model, and the errors of a model list or a
/// model it does not hold.
@Suite("PostgresModelDatabase")
struct PostgresModelDatabaseTests {
    static let models: [any StorableModel.Type] = [Note.self, ConformanceRecord.self]
    static let notes = PostgresStoreTests.notes
    static let records = (1...4).map(ConformanceRecord.sample)
    /// Two models, one of which refers to the other.
    static let relatedModels: [any StorableModel.Type] = [
        ConformanceRecord.self, ConformanceNote.self,
    ]

    @Test("a transaction across models commits both, as one commit of one version")
    func commitsBoth() async throws {
        try await TestStores.with { stores in
            let (dex, notes, records) = try await Self.openWithNotes(stores)
            let before = try await notes.fetchResult(.everyRecord).version
            let counted = try await dex.transaction { transaction in
                try transaction[Note.self].update(id: 1) { $0.title = "both" }
                transaction[ConformanceRecord.self].upsert(contentsOf: Self.records)
                return transaction[Note.self].count + transaction[ConformanceRecord.self].count
            }
            #expect(counted == 6 + 4)
            #expect(try await notes.fetch(id: 1)?.title == "both")
            #expect(try await records.fetch(.everyRecord) == Self.records)
            let noteVersion = try #require(try await notes.fetchVersioned(id: 1)).version
            let recordVersion = try #require(try await records.fetchVersioned(id: 2)).version
            #expect(noteVersion == before + 1)
            #expect(recordVersion == before + 1)
        }
    }

    @Test("a read-only database reads several models at one moment, and related records")
    func readOnlyReads() async throws {
        try await TestStores.with { stores in
            let database = try await Self.writtenDatabase(stores)
            let viewer = try await stores.openDatabase(
                Self.relatedModels, on: database, mode: .readOnly)
            let counts = try await viewer.read {
                [$0[ConformanceRecord.self].count, $0[ConformanceNote.self].count]
            }
            #expect(counts == [2, 1])
            let notes = try await viewer.fetch(
                RecordQuery<ConformanceNote>(), including: \.recordID, from: ConformanceRecord.self)
            #expect(notes.map(\.related?.id) == [3])
            let version = try await viewer.read { $0.version }
            #expect(version == 2)
        }
    }

    @Test("a read-only database reads a model with no table yet as empty")
    func readOnlyWithoutATable() async throws {
        try await TestStores.with { stores in
            let database = try await Self.writtenDatabase(stores)
            // `Note` has no table: its store reads as empty.
            let viewer = try await stores.openDatabase(
                Self.relatedModels + [Note.self], on: database, mode: .readOnly)
            let notes = try viewer.store(for: Note.self)
            #expect(try await notes.count(where: .true) == 0)
            #expect(try await notes.fetch(.everyRecord).isEmpty)
            #expect(try await notes.fetch(id: 1) == nil)
            #expect(try await viewer.store(for: ConformanceRecord.self).count(where: .true) == 2)
            // A condition that follows a reference, while a table of the database is missing.
            let condition: Condition<ConformanceNote> = .reference(
                \.recordID, to: ConformanceRecord.self, where: \.favorite == true)
            let related = try viewer.store(for: ConformanceNote.self)
            #expect(try await related.fetch(RecordQuery(where: condition)).map(\.id) == [10])
            #expect(try await related.count(where: condition) == 1)
            let counts = try await viewer.read {
                [
                    $0[ConformanceRecord.self].count, $0[ConformanceNote.self].count,
                    $0[Note.self].count,
                ]
            }
            #expect(counts == [2, 1, 0])
        }
    }

    @Test("a read-only database over a fresh schema reads empty, then what a writer commits")
    func readOnlyFindsTablesMadeLater() async throws {
        try await TestStores.with { stores in
            let database = try await TestStores.freshDatabase()
            let models = Self.relatedModels
            let viewer = try await stores.openDatabase(models, on: database, mode: .readOnly)
            let records = try viewer.store(for: ConformanceRecord.self)
            let notes = try viewer.store(for: ConformanceNote.self)
            #expect(try await records.count(where: .true) == 0)
            #expect(try await records.fetch(.everyRecord).isEmpty)
            #expect(try await records.fetch(id: 1) == nil)
            #expect(try await records.fetchResult(.everyRecord).version == 0)
            #expect(try await notes.count(where: \.recordID == 3) == 0)
            let empty = try await viewer.read {
                ($0.version, [$0[ConformanceRecord.self].count, $0[ConformanceNote.self].count])
            }
            #expect(empty.0 == 0)
            #expect(empty.1 == [0, 0])

            let writer = try await stores.openDatabase(models, on: database)
            // Made, and nothing written yet.
            #expect(try await notes.count(where: .true) == 0)
            #expect(try await viewer.read { $0.version } == 0)
            try await Self.storeRecordsAndNote(through: writer)
            // The same read-only database, still open, reads them.
            #expect(try await records.count(where: .true) == 2)
            #expect(try await notes.fetch(id: 10)?.text == "three")
            let counts = try await viewer.read {
                ($0.version, [$0[ConformanceRecord.self].count, $0[ConformanceNote.self].count])
            }
            #expect(counts.0 == 2)
            #expect(counts.1 == [2, 1])
            let related = try await viewer.fetch(
                RecordQuery<ConformanceNote>(), including: \.recordID, from: ConformanceRecord.self)
            #expect(related.map(\.related?.id) == [3])
        }
    }

    @Test(
        "a read-only database's live query of a model with no table starts empty and sees it made",
        .timeLimit(.minutes(2)))
    func readOnlyLiveQueryFindsTableMadeLater() async throws {
        try await TestStores.with { stores in
            let database = try await TestStores.freshDatabase()
            let models = Self.relatedModels
            let viewer = try await stores.openDatabase(models, on: database, mode: .readOnly)
            var favorites = try await viewer.store(for: ConformanceRecord.self)
                .observe(RecordQuery(where: \.favorite == true)).makeAsyncIterator()
            let first = try #require(await favorites.next())
            #expect(first.records.isEmpty)
            #expect(first.totalCount == 0)

            let writer = try await stores.openDatabase(models, on: database)
            try await writer.store(for: ConformanceRecord.self).upsert(
                contentsOf: [.sample(1), .sample(3)])
            let seen = try await DatabasesOnOneSchemaTests.next(
                &favorites, where: { $0.records.map(\.id) == [3] })
            #expect(seen.version == 1)
            #expect(seen.totalCount == 2)
        }
    }

    @Test("a read-only database answers a reference condition SQL cannot, through read(_:)")
    func readOnlyReferenceThroughRead() async throws {
        try await TestStores.with { stores in
            let database = try await TestStores.freshDatabase()
            let models = Self.relatedModels
            let writer = try await stores.openDatabase(models, on: database)
            try await writer.transaction { transaction in
                // A tag holding NUL makes its row inexact: conditions that follow references
                // into the table are answered in memory.
                transaction[ConformanceRecord.self].upsert(
                    ConformanceRecord(id: 1, name: "one", attack: 1, tags: ["red\u{0}"]))
                transaction[ConformanceRecord.self].upsert(
                    ConformanceRecord(id: 2, name: "two", attack: 2, tags: ["red"]))
                for id in 1...2 {
                    transaction[ConformanceNote.self].upsert(
                        ConformanceNote(id: 10 + id, recordID: id, text: "\(id)"))
                }
            }
            let viewer = try await stores.openDatabase(models, on: database, mode: .readOnly)
            let notes = try viewer.store(for: ConformanceNote.self)
            let condition: Condition<ConformanceNote> = .reference(
                \.recordID, to: ConformanceRecord.self, where: .contains(\.tags, "red"))
            #expect(try await notes.fetch(RecordQuery(where: condition)).map(\.id) == [12])
            #expect(try await notes.count(where: condition) == 1)
            #expect(try await notes.fetchResult(RecordQuery(where: condition)).totalCount == 2)
        }
    }

    @Test("a transaction whose body throws commits neither model")
    func throwingBodyCommitsNeither() async throws {
        struct Refused: Error {}
        try await TestStores.with { stores in
            let (dex, notes, records) = try await Self.openWithNotes(stores)
            let before = try await records.fetchResult(.everyRecord).version
            await #expect(throws: Refused.self) {
                try await dex.transaction { transaction in
                    transaction[ConformanceRecord.self].upsert(contentsOf: Self.records)
                    transaction[Note.self].delete(id: 2)
                    throw Refused()
                }
            }
            #expect(try await records.count() == 0)
            #expect(try await notes.fetch(.everyRecord) == Self.notes)
            #expect(try await notes.fetchResult(.everyRecord).version == before)
        }
    }

    /// The server refuses the second model's rows (a trigger raises an error for one key)
    /// after the first model's are stored: the first model's rows go too.
    @Test("a transaction whose second model's statement fails commits neither model")
    func failingStatementCommitsNeither() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let (dex, notes, records) = try await Self.openWithNotes(stores, on: database)
            try await Self.refuseKey("3", in: ConformanceRecord.storageName, on: database)
            let before = try await notes.fetchResult(.everyRecord).version
            do {
                try await dex.transaction { transaction in
                    try transaction[Note.self].update(id: 1) { $0.title = "lost" }
                    transaction[Note.self].upsert(
                        Note(id: 7, title: "lost", stars: 1, pinned: false))
                    transaction[ConformanceRecord.self].upsert(contentsOf: Self.records)
                }
                Issue.record("the refused record was committed")
            } catch let error as StoreError {
                #expect(error.code == .statementFailed, "\(error)")
                #expect("\(error)".contains("refused by the test"), "\(error)")
            }
            #expect(try await notes.fetch(.everyRecord) == Self.notes)
            #expect(try await records.count() == 0)
            #expect(try await notes.fetchResult(.everyRecord).version == before)
            // The database goes on: the same transaction without the refused record commits.
            try await dex.transaction { transaction in
                try transaction[Note.self].update(id: 1) { $0.title = "kept" }
                transaction[ConformanceRecord.self].upsert(Self.records[0])
            }
            #expect(try await notes.fetch(id: 1)?.title == "kept")
            #expect(try await records.fetch(.everyRecord) == [Self.records[0]])
            #expect(try await records.fetchResult(.everyRecord).version == before + 1)
        }
    }

    @Test("counts one version across models, and writes it to the rows of the changed tables")
    func oneVersion() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let (_, notes, records) = try await Self.openWithNotes(stores, on: database)
            try await records.upsert(contentsOf: Self.records)
            try await notes.update(id: 2) { $0.stars = 3 }
            #expect(try await notes.fetchResult(.everyRecord).version == 3)
            #expect(try await records.fetchResult(.everyRecord).version == 3)
            #expect(try #require(try await records.fetchVersioned(id: 1)).version == 3)
            let rows = try await PostgresStoreTests.strings(
                "SELECT table_name || '=' || version FROM modelstorage_version "
                    + "ORDER BY table_name", on: database)
            #expect(rows == ["\(ConformanceRecord.storageName)=2", "note=3"])
            // A record's write version is its own commit's: another model's commit after the
            // read does not make a save of this one conflict.
            var edit = try #require(try await records.fetchVersioned(id: 1))
            edit.favorite = true
            try await notes.update(id: 3) { $0.stars = 0 }
            try await records.save(edit)
            #expect(try await records.fetch(id: 1)?.favorite == true)
        }
    }

    @Test("hands out a store per model, and refuses a model it does not hold")
    func unknownModel() async throws {
        try await TestStores.with { stores in
            let dex = try await stores.openDatabase([Note.self])
            #expect(dex.models.map { String(describing: $0) } == ["Note"])
            #expect(
                throws: StoreError.unknownModel(
                    "ConformanceRecord", at: dex.location, models: ["Note"])
            ) {
                _ = try dex.store(for: ConformanceRecord.self)
            }
            let notes = try dex.store(for: Note.self)
            try await notes.upsert(contentsOf: Self.notes)
            await #expect(
                throws: StoreError.unknownModel(
                    "ConformanceRecord", at: dex.location, models: ["Note"])
            ) {
                try await dex.transaction { transaction in
                    transaction[Note.self].delete(id: 1)
                    transaction[ConformanceRecord.self].upsert(Self.records[0])
                }
            }
            #expect(try await notes.fetch(.everyRecord) == Self.notes)
        }
    }

    @Test(
        "refuses an empty model list, a model listed twice, and two models of one table",
        arguments: [
            ([], "no model was given"),
            ([Note.self, Note.self], "Note is listed twice"),
            ([Note.self, NotNote.self], "Note and NotNote have the same storageName"),
        ] as [([any StorableModel.Type], String)])
    func invalidModels(_ models: [any StorableModel.Type], reason: String) async throws {
        let database = try await TestStores.freshDatabase()
        do {
            let dex = try await PostgresModelDatabase.open(database, for: models)
            try await dex.close()
            Issue.record("opened with \(models)")
        } catch let error as StoreError {
            #expect(error.code == .invalidModels, "\(error)")
            #expect("\(error)".contains(reason), "\(error)")
        }
        // Refused before anything was written.
        let tables = try await PostgresStoreTests.strings(
            "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public'", on: database)
        #expect(tables.isEmpty, "\(tables)")
    }

    @Test("closing a store closes the database and every store of it")
    func closingAStoreClosesTheDatabase() async throws {
        try await TestStores.with { stores in
            let dex = try await stores.openDatabase(Self.models)
            let notes = try dex.store(for: Note.self)
            let records = try dex.store(for: ConformanceRecord.self)
            var results = try await records.observe(.everyRecord).makeAsyncIterator()
            _ = await results.next()
            try await notes.close()
            #expect(await results.next() == nil)
            await #expect(throws: StoreError.closed(at: dex.location)) {
                try await records.count()
            }
            await #expect(throws: StoreError.closed(at: dex.location)) {
                try await dex.transaction { _ in }
            }
        }
    }

    /// Opens a database of `Note` and `ConformanceRecord` (on a new database by default) and
    /// stores ``notes`` in it.
    static func openWithNotes(
        _ stores: TestStores, on database: PostgresConnection.Configuration? = nil
    ) async throws -> (
        PostgresModelDatabase, PostgresStore<Note>, PostgresStore<ConformanceRecord>
    ) {
        let dex = try await stores.openDatabase(models, on: database)
        let notes = try dex.store(for: Note.self)
        try await notes.upsert(contentsOf: Self.notes)
        return (dex, notes, try dex.store(for: ConformanceRecord.self))
    }

    /// A new database in which a database of ``relatedModels`` stored the records 1 and 3
    /// and the note 10 (see ``storeRecordsAndNote(through:)``).
    static func writtenDatabase(_ stores: TestStores) async throws
        -> PostgresConnection.Configuration
    {
        let database = try await TestStores.freshDatabase()
        try await storeRecordsAndNote(
            through: stores.openDatabase(relatedModels, on: database))
        return database
    }

    /// Stores the records 1 and 3, then the note 10 about record 3: two commits.
    static func storeRecordsAndNote(through writer: PostgresModelDatabase) async throws {
        try await writer.store(for: ConformanceRecord.self).upsert(
            contentsOf: [.sample(1), .sample(3)])
        try await writer.store(for: ConformanceNote.self).upsert(
            ConformanceNote(id: 10, recordID: 3, text: "three"))
    }

    /// Adds a trigger that refuses any row of a table whose `_key` is `key`.
    static func refuseKey(
        _ key: String, in table: String, on database: PostgresConnection.Configuration
    ) async throws {
        try await PostgresStoreTests.run(
            """
            CREATE FUNCTION refuse_row() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'refused by the test'; END $$
            """, on: database)
        try await PostgresStoreTests.run(
            "CREATE TRIGGER refuse BEFORE INSERT OR UPDATE ON \"\(table)\" FOR EACH ROW "
                + "WHEN (NEW._key = '\(key)') EXECUTE FUNCTION refuse_row()", on: database)
    }
}
