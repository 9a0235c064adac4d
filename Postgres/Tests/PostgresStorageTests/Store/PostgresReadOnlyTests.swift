import KeyPathQuery
import ModelStorage
import PostgresNIO
import PostgresStorage
import Testing

/// A `PostgresStore` opened with `StoreAccessMode.readOnly`: it reads, refuses every write,
/// creates or migrates nothing, and reads a model with no table yet as empty.
@Suite("PostgresStore read-only")
struct PostgresReadOnlyTests {
    @Test("a read-only store reads what a writer stored and refuses every write")
    func readsAndRefusesWrites() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let writer = try await stores.open(Note.self, on: database)
            try await writer.upsert(contentsOf: PostgresStoreTests.notes)
            let viewer = try await stores.open(Note.self, on: database, mode: .readOnly)
            #expect(viewer.isReadOnly)
            #expect(!writer.isReadOnly)
            #expect(try await viewer.fetch(.everyRecord) == PostgresStoreTests.notes)
            #expect(try await viewer.count(where: \.pinned == true) == 3)

            let note = Note(id: 99, title: "new", stars: 1, pinned: false)
            await #expect(throws: StoreError.readOnly(at: viewer.location)) {
                try await viewer.insert(note)
            }
            await #expect(throws: StoreError.readOnly(at: viewer.location)) {
                try await viewer.upsert(contentsOf: [note])
            }
            await #expect(throws: StoreError.readOnly(at: viewer.location)) {
                try await viewer.delete(id: 1)
            }
            #expect(try await writer.count(where: .true) == PostgresStoreTests.notes.count)

            // A read-only store sees the writer's later commits.
            try await writer.update(id: 1) { $0.stars = 7 }
            #expect(try await viewer.fetch(id: 1)?.stars == 7)
        }
    }

    @Test("a read-only store of a database with no table reads empty and creates nothing")
    func createsAndMigratesNothing() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let viewer = try await stores.open(Note.self, on: database, mode: .readOnly)
            #expect(try await viewer.fetch(.everyRecord).isEmpty)
            #expect(try await viewer.count(where: .true) == 0)
            #expect(try await viewer.count(where: \.pinned == true) == 0)
            #expect(try await viewer.fetch(id: 1) == nil)
            #expect(try await viewer.fetchResult(.everyRecord).version == 0)
        }
        let tables = try await PostgresStoreTests.strings(
            "SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema()",
            on: database)
        #expect(tables.isEmpty, "\(tables)")

        try await TestStores.with { stores in
            let store = try await stores.open(Note.self, on: database)
            try await store.upsert(contentsOf: PostgresStoreTests.notes)
        }
        try await TestStores.with { stores in
            do {
                _ = try await stores.open(NoteV2.self, on: database, mode: .readOnly)
                Issue.record("migrated a table read-only")
            } catch let error as StoreError {
                #expect(error.code == .migrationFailed)
                #expect(error.foundVersion == 1)
            }
        }
        let version = try await PostgresStoreTests.strings(
            "SELECT schema_version::text FROM modelstorage_version WHERE table_name = 'note'",
            on: database)
        #expect(version == ["1"])
    }

    @Test("a read-only store whose table a writer makes later at an older version refuses it")
    func refusesAnOlderTableMadeLater() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let viewer = try await stores.open(NoteV2.self, on: database, mode: .readOnly)
            #expect(try await viewer.count(where: .true) == 0)
            let writer = try await stores.open(Note.self, on: database)
            try await writer.upsert(contentsOf: PostgresStoreTests.notes)
            do {
                _ = try await viewer.count(where: .true)
                Issue.record("read a table of an older version read-only")
            } catch let error as StoreError {
                #expect(error.code == .migrationFailed, "\(error)")
                #expect(error.foundVersion == 1)
            }
        }
    }
}
