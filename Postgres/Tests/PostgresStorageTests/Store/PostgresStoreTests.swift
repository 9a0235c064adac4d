import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
import PostgresStorage
import PostgresTestServer
import Testing

/// Opening, reading and writing a `PostgresStore`, and the errors it opens with.
@Suite("PostgresStore")
struct PostgresStoreTests {
    static let notes = (1...6).map {
        Note(id: $0, title: "note \($0)", stars: $0 % 4, pinned: $0.isMultiple(of: 2))
    }

    @Test("opens, writes, reads, counts, deletes and transacts")
    func basics() async throws {
        try await TestStores.with { stores in
            let store = try await stores.open(Note.self)
            try await store.upsert(contentsOf: Self.notes)
            #expect(try await store.count() == 6)
            #expect(try await store.fetch(id: 3)?.title == "note 3")
            #expect(try await store.fetch(id: 99) == nil)
            let starred = try await store.fetch(
                RecordQuery(where: \.stars >= 2, sortedBy: [.descending(\.stars)]))
            #expect(starred.map(\.id) == [3, 2, 6])
            #expect(try await store.count(where: \.pinned == true) == 3)
            #expect(try await store.delete(id: 2))
            #expect(try await store.delete(where: \.stars == 0) == 1)
            let moved = try await store.transaction { transaction in
                try transaction.update(id: 1) { $0.title = "first" }
                transaction.upsert(Note(id: 7, title: "new", stars: 3, pinned: false))
                return transaction.count
            }
            #expect(moved == 5)
            #expect(try await store.fetch(.everyRecord).map(\.id) == [1, 3, 5, 6, 7])
            await #expect(throws: StoreError.self) { try await store.insert(Self.notes[0]) }
            let result = try await store.fetchResult(RecordQuery(where: \.title == "first"))
            #expect(result.records.map(\.id) == [1])
            #expect(result.totalCount == 5)
        }
    }

    @Test("upserts many records in place, a later duplicate winning in the first one's place")
    func upsertsMany() async throws {
        try await TestStores.with { stores in
            let store = try await stores.open(Note.self)
            try await store.upsert(contentsOf: Self.notes)
            let before = try #require(try await store.fetchVersioned(id: 1)).version
            try await store.upsert(contentsOf: [
                Note(id: 9, title: "nine", stars: 1, pinned: false),
                Note(id: 2, title: "two", stars: 1, pinned: false),
                Note(id: 8, title: "eight", stars: 1, pinned: false),
                Note(id: 9, title: "nine again", stars: 2, pinned: true),
            ])
            let all = try await store.fetch(.everyRecord)
            #expect(all.map(\.id) == [1, 2, 3, 4, 5, 6, 9, 8])
            #expect(all.first { $0.id == 9 }?.title == "nine again")
            #expect(all.first { $0.id == 2 }?.title == "two")
            let after = try #require(try await store.fetchVersioned(id: 1)).version
            #expect(after == before + 1)
            // Many rows in several statements: more than one batch of 1,000.
            let many = (100..<2_600).map {
                Note(id: $0, title: "n\($0)", stars: $0 % 5, pinned: false)
            }
            try await store.upsert(contentsOf: many)
            #expect(try await store.count() == 8 + 2_500)
            #expect(try await store.fetch(RecordQuery(offset: 8)).map(\.id) == Array(100..<2_600))
        }
    }

    @Test("keeps its records and version across reopening, and makes the declared index")
    func reopens() async throws {
        let database = try await TestStores.freshDatabase()
        let version = try await TestStores.with { stores in
            let store = try await stores.open(Note.self, on: database)
            try await store.upsert(contentsOf: Self.notes)
            try await store.update(id: 4) { $0.stars = 9 }
            return try #require(try await store.fetchVersioned(id: 4)).version
        }
        try await TestStores.with { stores in
            let store = try await stores.open(Note.self, on: database)
            let read = try #require(try await store.fetchVersioned(id: 4))
            #expect(read.version == version)
            #expect(read.value.stars == 9)
            #expect(try await store.fetch(.everyRecord).map(\.id) == [1, 2, 3, 4, 5, 6])
        }
        let indexes = try await Self.strings(
            "SELECT indexname::text FROM pg_indexes WHERE tablename = 'note'", on: database)
        #expect(indexes.contains("note_stars_index"))
    }

    @Test("makes each declared index NULLS FIRST, so that a page sorted either way reads it")
    func indexOrder() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let store = try await stores.open(Note.self, on: database)
            try await store.upsert(
                contentsOf: (1...2_000).map {
                    Note(id: $0, title: "n\($0)", stars: $0 % 50, pinned: false)
                })
        }
        // An index as PostgreSQL orders one by default (an earlier store's) is made again.
        try await Self.run("DROP INDEX note_stars_index", on: database)
        try await Self.run("CREATE INDEX note_stars_index ON note (stars)", on: database)
        try await TestStores.with { stores in
            let store = try await stores.open(Note.self, on: database)
            let top = try await store.fetch(
                RecordQuery(sortedBy: [.descending(\.stars), .ascending(\.id)], limit: 3))
            #expect(top.map(\.id) == [49, 99, 149])
        }
        let definition = try await Self.strings(
            "SELECT indexdef FROM pg_indexes WHERE indexname = 'note_stars_index'", on: database)
        #expect(definition.first?.hasSuffix("(stars NULLS FIRST)") == true, "\(definition)")
        // The dialect's ascending and descending orders both walk the index, sorting nothing.
        try await Self.run("ANALYZE note", on: database)
        for order in ["ASC NULLS FIRST", "DESC NULLS LAST"] {
            let plan = try await Self.strings(
                "EXPLAIN SELECT \"_record\" FROM note ORDER BY stars \(order) LIMIT 3",
                on: database)
            #expect(
                plan.contains { $0.contains("Index Scan") && $0.contains("note_stars_index") }
                    && !plan.contains { $0.contains("Sort") }, "\(plan)")
        }
    }

    @Test("opens again a table whose index and channel names pass the 63-byte limit")
    func longNames() async throws {
        let database = try await TestStores.freshDatabase()
        for round in 0..<2 {
            try await TestStores.with { stores in
                let store = try await stores.open(LongNamedRecord.self, on: database)
                try await store.upsert(
                    LongNamedRecord(id: round, aRatherLongAttributeNameForAnIndex: round))
                var results = try await store.observe(.everyRecord).makeAsyncIterator()
                #expect(try #require(await results.next()).totalCount == round + 1)
            }
        }
    }

    @Test("refuses an unreachable server, naming the database")
    func unreachable() async throws {
        let configuration = PostgresConnection.Configuration(
            unixSocketPath: "/tmp/no-such-server/.s.PGSQL.5432", username: "postgres",
            password: nil, database: "dex")
        let started = ContinuousClock.now
        do {
            _ = try await PostgresStore<Note>.open(configuration)
            Issue.record("opened without a server")
        } catch let error as StoreError {
            FaultFigures.report(
                "unreachable at open",
                "StoreError.\(error.code) after \(FaultFigures.since(started))")
            #expect(error.code == .connectionFailed)
            #expect(
                error.storeLocation
                    == .database("postgresql://postgres@/tmp/no-such-server/.s.PGSQL.5432/dex"))
            #expect(error.operation == "connect to the server")
            #expect("\(error)".contains("check that the server runs"), "\(error)")
        }
    }

    @Test("a refused TCP connection is connectionFailed, naming the database and the reason")
    func refusedConnection() async throws {
        // Nothing listens on port 1 of the loopback address: the kernel refuses at once.
        let configuration = PostgresConnection.Configuration(
            host: "127.0.0.1", port: 1, username: "postgres", password: "secret", database: "dex",
            tls: .disable)
        do {
            let store = try await PostgresStore<Note>.open(configuration)
            try await store.close()
            Issue.record("opened without a server")
        } catch let error as StoreError {
            #expect(error.code == .connectionFailed, "\(error)")
            #expect(error.storeLocation == .database("postgresql://postgres@127.0.0.1:1/dex"))
            #expect(error.storeLocation?.description.contains("secret") == false)
            #expect(error.operation == "connect to the server")
            let message = try #require(error.message)
            #expect(message.localizedCaseInsensitiveContains("refused"), "\(message)")
            #expect(
                "\(error)".hasPrefix(
                    "Could not connect to the server on the database "
                        + "postgresql://postgres@127.0.0.1:1/dex: the connection failed ("),
                "\(error)")
        }
    }

    @Test("refuses a table that does not match the model, and a newer schema version")
    func mismatches() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let store = try await stores.open(Note.self, on: database)
            try await store.upsert(contentsOf: Self.notes)
        }
        try await TestStores.with { stores in
            let started = ContinuousClock.now
            do {
                _ = try await stores.open(NotNote.self, on: database)
                Issue.record("opened a table that does not match")
            } catch let error as StoreError {
                FaultFigures.report(
                    "mismatched table",
                    "StoreError.\(error.code) after \(FaultFigures.since(started))")
                // A table of another shape is not a damaged one: the error names the table
                // and the columns that differ.
                #expect(error.code == .tableMismatch)
                #expect(
                    error.storeLocation?.description.hasSuffix("/\(database.database ?? "")")
                        == true)
                #expect(error.tableName == "note" && error.modelName == "NotNote")
                #expect(error.missingColumns == ["body"])
                #expect(error.unexpectedColumns == ["pinned", "stars", "tag", "title"])
                #expect("\(error)".contains("has a table note"), "\(error)")
                #expect("\(error)".contains("no column body"), "\(error)")
            }
        }
        try await Self.run(
            "UPDATE modelstorage_version SET schema_version = 9 WHERE table_name = 'note'",
            on: database)
        try await TestStores.with { stores in
            let started = ContinuousClock.now
            do {
                _ = try await stores.open(Note.self, on: database)
                Issue.record("opened a newer schema version")
            } catch let error as StoreError {
                FaultFigures.report(
                    "newer schema version",
                    "StoreError.\(error.code) after \(FaultFigures.since(started))")
                #expect(error.code == .unsupportedVersion)
                #expect(error.foundVersion == 9)
            }
        }
        // Nothing stored was lost: every record as it was written.
        try await TestStores.with { stores in
            let store = try await stores.open(NoteFromTheFuture.self, on: database)
            let stored = try await store.fetch(.everyRecord).map {
                Note(id: $0.id, title: $0.title, stars: $0.stars, pinned: $0.pinned, tag: $0.tag)
            }
            #expect(stored == Self.notes)
            FaultFigures.report(
                "mismatched table and newer schema version",
                "\(stored.count) of \(Self.notes.count) records intact after both refusals")
        }
    }

    @Test("migrates an older table in place, keeping the order and the write versions")
    func migrates() async throws {
        let database = try await TestStores.freshDatabase()
        let before = try await TestStores.with { stores in
            let store = try await stores.open(Note.self, on: database)
            try await store.upsert(contentsOf: Self.notes)
            try await store.update(id: 2) { $0.stars = 8 }
            return try #require(try await store.fetchVersioned(id: 2)).version
        }
        try await TestStores.with { stores in
            let store = try await stores.open(NoteV2.self, on: database)
            #expect(store.migratedFromSchemaVersion == 1)
            #expect(try await store.fetch(.everyRecord).map(\.id) == [1, 2, 3, 4, 5, 6])
            #expect(try await store.fetch(RecordQuery(where: \.rating == 8)).map(\.id) == [2])
            var stale = try #require(try await store.fetchVersioned(id: 2))
            #expect(stale.version == before)
            stale.pinned = false
            try await store.save(stale)
        }
    }

    @Test("two stores on separate connections resolve edits of one record by merge policy")
    func twoStoresMerge() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let app = try await stores.open(Note.self, on: database)
            let service = try await stores.open(Note.self, on: database)
            try await app.upsert(contentsOf: Self.notes)
            var edit = try #require(try await app.fetchVersioned(id: 3))
            edit.pinned = true
            try await service.update(id: 3) { $0.title = "renamed by the service" }
            await #expect(throws: StoreError.self) { try await app.save(edit) }
            let merged = try await app.save(edit, mergePolicy: .mergeByPropertyObjectTrump)
            #expect(merged.title == "renamed by the service")
            #expect(merged.pinned)
            #expect(try await service.fetch(id: 3) == merged)
        }
    }

    @Test("a commit through one store reaches the live queries of another")
    func liveQueriesAcrossStores() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let reader = try await stores.open(Note.self, on: database)
            let writer = try await stores.open(Note.self, on: database)
            try await writer.upsert(contentsOf: Self.notes)
            var results = try await reader.observe(RecordQuery(where: \.pinned == true))
                .makeAsyncIterator()
            let first = try #require(await results.next())
            #expect(first.records.map(\.id) == [2, 4, 6])
            try await writer.update(id: 1) { $0.pinned = true }
            let deadline = ContinuousClock.now + .seconds(60)
            var seen = first
            while seen.records.map(\.id) != [1, 2, 4, 6], ContinuousClock.now < deadline {
                seen = try #require(await results.next())
            }
            #expect(seen.records.map(\.id) == [1, 2, 4, 6])
            #expect(seen.totalCount == 6)
        }
    }

    // MARK: SQL beside the store

    static func run(_ sql: String, on database: PostgresConnection.Configuration) async throws {
        _ = try await strings(sql, on: database)
    }

    static func strings(_ sql: String, on database: PostgresConnection.Configuration)
        async throws -> [String]
    {
        let server = try await PostgresTestServer.shared()
        let connection = try await PostgresConnection.connect(
            configuration: database, id: 1, logger: server.logger)
        defer { Task { try? await connection.close() } }
        var values: [String] = []
        let rows = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: server.logger)
        for try await row in rows {
            if let value = try? row.decode(String.self) { values.append(value) }
        }
        return values
    }
}
