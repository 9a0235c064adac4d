import Foundation
import KeyPathQuery
import ModelStorage
import ModelSync
import PostgresNIO
import PostgresStorage
import PostgresTestServer
import SQLiteStorage

/// A user's favorite as a synced model keeps it: a UUID for an id, the owning user's name,
/// a change history, and an index on the owner, by which a server selects one user's
/// records.
struct SyncFavorite: StorableModel, Hashable {
    var id: String
    var userID: String
    var pokemonID: Int
    var note: String

    static var storageName: String { "sync_favorite" }
    static let queryAttributes: AttributeMap<SyncFavorite> = [
        \.id: "id", \.userID: "userID", \.pokemonID: "pokemonID", \.note: "note",
    ]
    static var changeHistory: ChangeHistory? { ChangeHistory() }
    static var indexedAttributes: [IndexedAttribute<SyncFavorite>] {
        [IndexedAttribute(\.userID)]
    }

    /// A new favorite of a user, with a fresh UUID.
    static func made(by user: String, _ index: Int) -> SyncFavorite {
        SyncFavorite(
            id: UUID().uuidString, userID: user, pokemonID: index % 1_025 + 1,
            note: "Seen on route \(index % 30), level \(index % 100)")
    }
}

extension PostgresBenchmarks {
    /// ModelSync's operations, as `--only` names them.
    static let syncOperations = ["sync"]

    /// The group the sync rows are listed under.
    static let syncGroup = "ModelSync: Replica and SyncServer on PostgreSQL"

    /// The user whose replica syncs in the rows over ``ModelSync/InProcessTransport``.
    static let syncUser = "ash"

    /// The sync rows: a first sync and a push over ``ModelSync/InProcessTransport`` to a
    /// ``ModelSync/SyncServer`` on PostgreSQL, then, through two `pokedex-service` instances
    /// on one database, the latency of a favorite from one replica to another's live query
    /// and a crowd of replicas syncing at once (``runServiceSync(_:on:executable:)``).
    static func runSync(
        _ bench: Bench, only: Set<String>, on server: PostgresTestServer
    ) async throws -> [Result] {
        guard only.isEmpty || !only.isDisjoint(with: syncOperations) else { return [] }
        // Looked for first, so that a missing build stops the group before its setup.
        let executable = try ServiceProcess.executable()
        var results = [try await firstSync(bench, on: server)]
        results += try await runServiceSync(bench, on: server, executable: executable)
        return results
    }

    /// A new SQLite file in a new temporary directory, for a replica or the baseline's copy,
    /// removed by `body`'s end.
    static func withLocalDatabase<Value>(
        for models: [any StorableModel.Type],
        _ body: (SQLiteModelDatabase) async throws -> Value
    ) async throws -> Value {
        let directory = FileManager.default.temporaryDirectory.appending(
            path: "pokedex-sync-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await SQLiteModelDatabase.open(
            at: directory.appending(path: "local.sqlite"), for: models)
        do {
            let value = try await body(database)
            try await database.close()
            return value
        } catch {
            try? await database.close()
            throw error
        }
    }

    // MARK: First sync

    /// The first-sync row's sizes: the user's records, and everyone else's.
    static func firstSyncSizes(quick: Bool) -> (user: Int, others: Int) {
        quick ? (1_000, 10_000) : (10_000, 100_000)
    }

    /// A replica's first sync of a user's records from a shared PostgreSQL database that
    /// holds ten times as many of other users', into a new SQLite file, against the same rows
    /// selected by owner with postgres-nio and inserted into a new SQLite file in one batch.
    static func firstSync(_ bench: Bench, on server: PostgresTestServer) async throws -> Result {
        let (user, others) = firstSyncSizes(quick: bench.quick)
        let source = try await SyncSource.make(
            user: syncUser, userRecords: user, otherRecords: others, on: server)
        defer { Task { await source.close() } }
        let replicaModels = [SyncFavorite.self] + Replica.bookkeepingModels
        let syncServer = source.syncServer
        func replicated(_ check: Bool) async throws -> Double {
            try await withLocalDatabase(for: replicaModels) { local in
                let replica = try Replica(
                    database: local,
                    transport: InProcessTransport(server: syncServer, user: syncUser),
                    models: [try ReplicaModel(SyncFavorite.self)])
                var pulled = 0
                let seconds = try await Bench.time { pulled = try await replica.pull() }
                guard pulled == user else {
                    throw BenchmarkError.disagreement("the first sync pulled \(pulled) of \(user)")
                }
                if check { try await source.check(local) }
                return seconds
            }
        }
        func copied(_ check: Bool) async throws -> Double {
            try await withLocalDatabase(for: [SyncFavorite.self]) { local in
                let store = try local.store(for: SyncFavorite.self)
                let seconds = try await Bench.time {
                    try await store.upsert(contentsOf: try await source.handWrittenRecords())
                }
                if check { try await source.check(local) }
                return seconds
            }
        }
        // Both sides leave the same records in their copy.
        _ = try await replicated(true)
        _ = try await copied(true)
        return try await bench.compareMeasured(
            group: syncGroup,
            name: "first sync, \(user.formatted()) of \((user + others).formatted()) records",
            target: .atMost(1.5),
            candidate: ("replica.pull(), InProcessTransport", { try await replicated(false) }),
            baseline: (
                "SELECT … WHERE \"userID\" = $1 + SQLite upsert(contentsOf:)",
                { try await copied(false) }
            ),
            note: "a new SQLite file each run; the candidate pulls through SyncServer.pull, in "
                + "pages of the replica's default 10,000: a copy read by a query on the owner, "
                + "paged by id, then the feed from the copy's version; each page is one local "
                + "commit with its cursor, records new to the replica need no shadow, and "
                + "records and ids travel as JSON text; the baseline reads the user's rows "
                + "through the index on userID with a prepared statement, decodes them and "
                + "stores them in one transaction",
            repetitions: bench.repetitions)
    }
}

/// The shared database of the first-sync row: a user's favorites among other users', spread
/// through the table's history, behind a ``ModelSync/SyncServer`` and a postgres-nio client.
struct SyncSource: Sendable {
    let user: String
    let database: PostgresModelDatabase
    let syncServer: SyncServer
    let client: RunningClient
    /// The user's records, by id.
    let expected: [SyncFavorite]

    /// Fills a new database: of every `(otherRecords / userRecords + 1)` records, one is the
    /// user's, the others belong to 97 other users; 100 records a commit, so that the history
    /// is one of many small commits, as users' writes make it (a page of the change feed
    /// ends at a commit, and a commit of 10,000 would be a page of its own).
    static func make(
        user: String, userRecords: Int, otherRecords: Int, on server: PostgresTestServer
    ) async throws -> SyncSource {
        let configuration = try await server.makeDatabase()
        guard let socket = configuration.unixSocketPath, let name = configuration.database else {
            throw BenchmarkError.setup("the server's database is not on a Unix socket")
        }
        let database = try await PostgresModelDatabase.open(
            configuration, for: [SyncFavorite.self] + SyncServer.bookkeepingModels)
        let client = RunningClient(socket: socket, username: configuration.username, database: name)
        do {
            let total = userRecords + otherRecords
            let spacing = max(1, total / max(1, userRecords))
            var expected: [SyncFavorite] = []
            let store = try database.store(for: SyncFavorite.self)
            var start = 0
            while start < total {
                let end = min(total, start + 100)
                let batch = (start..<end).map { index in
                    let mine = index.isMultiple(of: spacing) && index / spacing < userRecords
                    return SyncFavorite.made(by: mine ? user : "trainer-\(index % 97)", index)
                }
                expected += batch.filter { $0.userID == user }
                try await store.upsert(contentsOf: batch)
                start = end
            }
            guard expected.count == userRecords else {
                throw BenchmarkError.setup(
                    "\(expected.count) records of \(user), not \(userRecords)")
            }
            let columns = try await client.client.texts(
                "SELECT column_name::text FROM information_schema.columns "
                    + "WHERE table_name = 'sync_favorite'")
            guard columns.contains("userID") else {
                throw BenchmarkError.setup("sync_favorite has the columns \(columns), no userID")
            }
            try await client.client.execute(#"VACUUM ANALYZE "sync_favorite""#)
            let syncServer = try SyncServer(
                database: database, models: [.model(SyncFavorite.self, owner: \.userID)])
            return SyncSource(
                user: user, database: database, syncServer: syncServer, client: client,
                expected: expected.sorted { $0.id < $1.id })
        } catch {
            await client.close()
            try? await database.close()
            throw error
        }
    }

    /// The user's records, selected by owner through the index on `userID` with a prepared
    /// statement, each row's `_record` decoded.
    func handWrittenRecords() async throws -> [SyncFavorite] {
        let decoder = JSONDecoder()
        var records: [SyncFavorite] = []
        for try await json in try await client.client.execute(RecordsOwned(value: user)) {
            records.append(try decoder.decode(SyncFavorite.self, from: Data(json.utf8)))
        }
        return records
    }

    /// Checks that a local database holds exactly the user's records.
    func check(_ local: SQLiteModelDatabase) async throws {
        let held = try await local.store(for: SyncFavorite.self).fetch(
            RecordQuery(sortedBy: [.ascending(\.id)]))
        guard held == expected else {
            throw BenchmarkError.disagreement(
                "a copy of \(user)'s records (\(held.count) held, \(expected.count) expected)")
        }
    }

    func close() async {
        await client.close()
        try? await database.close()
    }

    /// The JSON of one user's records: the index on `userID`.
    struct RecordsOwned: Lookup {
        static let sql = #"SELECT "_record" FROM "sync_favorite" WHERE "userID" = $1"#
        var value: String
    }
}
