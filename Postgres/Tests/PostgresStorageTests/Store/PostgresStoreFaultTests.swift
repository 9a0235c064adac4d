import Dispatch
import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
import PostgresStorage
import PostgresTestServer
import Testing

/// Connections lost under a store: in the middle of a transaction, and all at once, as a
/// server restart loses them.
@Suite("PostgresStore faults")
struct PostgresStoreFaultTests {
    @Test("a connection dropped in the middle of a transaction writes nothing of it")
    func droppedMidTransaction() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let store = try await stores.open(Note.self, on: database)
            try await store.upsert(contentsOf: PostgresStoreTests.notes)
            let versionBefore = try #require(try await store.fetchVersioned(id: 1)).version
            let started = ContinuousClock.now
            do {
                try await store.transaction { transaction in
                    try transaction.update(id: 1) { $0.title = "half" }
                    transaction.upsert(Note(id: 50, title: "new", stars: 1, pinned: false))
                    // Every other connection to the database goes: the writer's included.
                    Self.blocking { try await Self.terminateConnections(to: database) }
                    _ = transaction.count
                }
                Issue.record("the transaction committed over a lost connection")
            } catch let error as StoreError {
                FaultFigures.report(
                    "connection dropped mid-transaction",
                    "StoreError.\(error.code) after \(FaultFigures.since(started)) (the "
                        + "transaction's start to its error, ending the connections included)")
                #expect(error.code == .connectionFailed, "\(error)")
                #expect(error.storeLocation?.description.hasPrefix("postgresql://") == true)
            }
            // Nothing of it is stored. The reader's connection went too: the first read on it
            // may fail before the store notices, and the next one connects again.
            let failed = ContinuousClock.now
            var stored: [Note]?
            var failedReads = 0
            for _ in 0..<3 where stored == nil {
                do {
                    stored = try await store.fetch(.everyRecord)
                } catch {
                    failedReads += 1
                }
            }
            let read = FaultFigures.since(failed)
            #expect(stored == PostgresStoreTests.notes)
            #expect(failedReads <= 1)
            #expect(try await store.fetchVersioned(id: 1)?.version == versionBefore)
            let writing = ContinuousClock.now
            try await store.update(id: 2) { $0.title = "after" }
            FaultFigures.report(
                "connection dropped mid-transaction",
                "\(stored?.count ?? 0) of \(PostgresStoreTests.notes.count) records intact, none "
                    + "of the transaction's; read again in \(read) (\(failedReads) failed read "
                    + "first), the next write committed in \(FaultFigures.since(writing))")
            #expect(try await store.fetch(id: 2)?.title == "after")
        }
    }

    @Test("the store recovers when every connection is lost, as in a server restart")
    func recoversFromLostConnections() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let store = try await stores.open(Note.self, on: database)
            let other = try await stores.open(Note.self, on: database)
            try await store.upsert(contentsOf: PostgresStoreTests.notes)
            var results = try await store.observe(RecordQuery(where: \.pinned == true))
                .makeAsyncIterator()
            _ = try #require(await results.next())
            try await Self.terminateConnections(to: database)
            let terminated = ContinuousClock.now
            // The first operation on a lost connection may fail; the next one reconnects.
            var recovered = false
            var failures = 0
            for _ in 0..<3 where !recovered {
                recovered = (try? await store.update(id: 1) { $0.pinned = true }) != nil
                if !recovered { failures += 1 }
            }
            let recovery = FaultFigures.since(terminated)
            #expect(recovered)
            var expected = PostgresStoreTests.notes
            expected[0].pinned = true
            // Each reader's connection was lost too, and its first read may fail the same way
            // (`connectionFailed`) when the server's close has not reached it yet.
            var read: [Note]?
            for _ in 0..<3 where read == nil { read = try? await store.fetch(.everyRecord) }
            let stored = try #require(read, "no read succeeded after the connections were lost")
            #expect(stored == expected)
            // The listener reconnects too: another store's commit reaches the live query.
            var seen: [Int] = []
            let deadline = ContinuousClock.now + .seconds(60)
            var attempt = 0
            while seen != [1, 2, 3, 4, 6], ContinuousClock.now < deadline {
                attempt += 1
                _ = try? await other.update(id: 3) { $0.pinned = true }
                if let next = await results.next() { seen = next.records.map(\.id) }
            }
            #expect(seen == [1, 2, 3, 4, 6])
            FaultFigures.report(
                "every connection killed",
                "a write committed \(recovery) after, \(failures) failed first; another "
                    + "store's commit reached the live query \(FaultFigures.since(terminated)) "
                    + "after, in \(attempt) attempt(s); \(stored.count) of \(expected.count) "
                    + "records intact")
        }
    }

    @Test("the store recovers from a restart of the server, losing nothing stored")
    func recoversFromRestart() async throws {
        // A server of its own: restarting the shared one would disturb the other tests.
        try await PostgresTestServer.withServer { server in
            var database = server.configuration
            database.database = "postgres"
            let store = try await PostgresStore<Note>.open(
                database, options: PostgresStoreOptions(readerCount: 1))
            do {
                // Beside the six notes, 10,000 more (none pinned), each checked after.
                let many = (1_001...11_000).map {
                    Note(id: $0, title: "bulk \($0)", stars: $0 % 5, pinned: false, tag: "t\($0)")
                }
                try await store.upsert(contentsOf: PostgresStoreTests.notes + many)
                var results = try await store.observe(RecordQuery(where: \.pinned == true))
                    .makeAsyncIterator()
                _ = try #require(await results.next())
                let started = ContinuousClock.now
                try await server.restart()
                let restarted = ContinuousClock.now
                // The first operation on each lost connection may fail; the next reconnects.
                var recovered = false
                var failures = 0
                for _ in 0..<3 where !recovered {
                    do {
                        try await store.update(id: 1) { $0.pinned = true }
                        recovered = true
                    } catch {
                        failures += 1
                    }
                }
                let recovery = FaultFigures.since(restarted)
                #expect(recovered)
                #expect(failures <= 1)
                var expected = PostgresStoreTests.notes + many
                expected[0].pinned = true
                let stored = try await store.fetch(.everyRecord)
                #expect(stored == expected)
                // The live query goes on: the commit after the restart reaches it.
                var seen: [Int] = []
                let deadline = ContinuousClock.now + .seconds(60)
                while seen != [1, 2, 4, 6], ContinuousClock.now < deadline {
                    if let next = await results.next() { seen = next.records.map(\.id) }
                }
                #expect(seen == [1, 2, 4, 6])
                FaultFigures.report(
                    "server restart",
                    "restarted in \(FaultFigures.milliseconds(restarted - started)); a write "
                        + "committed \(recovery) after, \(failures) failed first; the live query "
                        + "saw it \(FaultFigures.since(restarted)) after; \(stored.count) of "
                        + "\(expected.count) records intact")
                try await store.close()
            } catch {
                try? await store.close()
                throw error
            }
        }
    }

    /// Terminates every connection to a database but the caller's, as a restarted server
    /// or a network fault would end them.
    static func terminateConnections(to database: PostgresConnection.Configuration) async throws {
        let server = try await PostgresTestServer.shared()
        let connection = try await server.connect()
        defer { Task { try? await connection.close() } }
        try await connection.query(
            PostgresQuery(
                // With a timeout, it waits until each backend has exited.
                unsafeSQL: "SELECT pg_terminate_backend(pid, 30000) FROM pg_stat_activity "
                    + "WHERE datname = $1 AND pid <> pg_backend_pid()",
                binds: {
                    var binds = PostgresBindings()
                    binds.append(database.database ?? "")
                    return binds
                }()), logger: server.logger)
    }

    /// Runs async work from synchronous code (a transaction body, on the store's writer
    /// thread, which may block), waiting for it.
    static func blocking(_ work: @escaping @Sendable () async throws -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                try await work()
            } catch {
                Issue.record("the work failed: \(String(reflecting: error))")
            }
            done.signal()
        }
        done.wait()
    }
}
