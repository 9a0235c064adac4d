import KeyPathQuery
import ModelStorage
import PostgresNIO
import PostgresStorage
import Testing

/// A `PostgresStore` opened with `StoreAccessMode.readOnly`: it reads, refuses every write,
/// and creates or migrates nothing.
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

    @Test("a read-only store creates no table and migrates none, naming the database")
    func createsAndMigratesNothing() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            do {
                _ = try await stores.open(Note.self, on: database, mode: .readOnly)
                Issue.record("opened a database with no table read-only")
            } catch let error as StoreError {
                #expect(error.code == .corruptFile)
                #expect(
                    error.storeLocation?.description.hasSuffix("/\(database.database ?? "")")
                        == true)
                #expect("\(error)".contains("no table"), "\(error)")
            }
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
}
