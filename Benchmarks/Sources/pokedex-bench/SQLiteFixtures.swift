import Foundation
import PokedexKit
import SQLiteStorage

/// The records and databases the SQLite benchmarks compare on: the same records in a
/// `SQLiteStore` database, in GRDB's table and in the C API baseline's (a column per
/// attribute), each with indexes on `name`, `attack` and `favorite` — the attributes `Pokemon`
/// declares in `indexedAttributes`, which `SQLiteStore` indexes itself.
enum SQLiteFixtures {
    /// The model's table in every database: `Pokemon.storageName`, as `SQLiteStore` names it.
    static let table = "pokemon"

    /// The attributes indexed in every database: those `Pokemon.indexedAttributes` declares.
    static let indexedColumns = ["name", "attack", "favorite"]

    /// The name of the index on a column, as `SQLiteStore` names its own.
    static func indexName(_ column: String) -> String {
        "\(table)_\(column)_index"
    }

    /// Opens a `SQLiteStore`, creating the database (empty) when it does not exist; the store
    /// creates the indexes `Pokemon` declares (``checkIndexes(at:except:)`` checks it did).
    static func openStore(at url: URL) async throws -> SQLiteStore<Pokemon> {
        try await SQLiteStore<Pokemon>.open(at: url)
    }

    /// Checks that a database still has the indexes on ``indexedColumns``.
    ///
    /// - Throws: ``BenchmarkError/disagreement(_:)`` when one is missing.
    static func checkIndexes(at url: URL, except dropped: [String] = []) throws {
        let connection = try SQLiteCBaseline(at: url)
        defer { connection.close() }
        let indexes = Set(
            try connection.texts(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = '\(table)'"))
        let expected = indexedColumns.filter { !dropped.contains($0) }.map(indexName)
        guard Set(expected).isSubset(of: indexes) else {
            throw BenchmarkError.disagreement(
                "the indexes of \(url.lastPathComponent): \(indexes.sorted()) lacks some of "
                    + "\(expected)")
        }
    }

    /// One size's databases, made once and only read by the reading benchmarks.
    struct Databases {
        let records: [Pokemon]
        /// A `SQLiteStore` database with the indexes.
        let store: URL
        /// A copy of ``store`` without the index on `name`: open it read-only, or the store
        /// makes the index again.
        let unindexedStore: URL
        /// GRDB's table.
        let table: URL
        /// The same table, written and read by the C API baseline.
        let cTable: URL
        /// The seconds each one's batch insert took while the databases were made (one run
        /// each, in turn): the store's, GRDB's and the C API's.
        let insertSeconds: (store: Double, grdb: Double, c: Double)

        /// Makes the databases of the records in a folder of their own.
        init(_ records: [Pokemon], in directory: URL) async throws {
            self.records = records
            let folder = directory.appending(path: "databases-\(records.count)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            store = folder.appending(path: "store.sqlite")
            unindexedStore = folder.appending(path: "store-unindexed.sqlite")
            table = folder.appending(path: "grdb.sqlite")
            cTable = folder.appending(path: "c.sqlite")

            let opened = try await openStore(at: store)
            let storeSeconds = try await Bench.time { try await opened.upsert(contentsOf: records) }
            try await opened.close()
            try checkIndexes(at: store)
            try FileManager.default.copyItem(at: store, to: unindexedStore)
            let connection = try SQLiteCBaseline(at: unindexedStore)
            try connection.execute("DROP INDEX \(indexName("name"))")
            connection.close()
            try checkIndexes(at: unindexedStore, except: ["name"])

            let pool = try GRDBBaseline.open(at: table)
            try GRDBBaseline.createTable(in: pool)
            let grdbSeconds = try await Bench.time { try GRDBBaseline.insert(records, into: pool) }
            try pool.close()

            let written = try SQLiteCBaseline(at: cTable)
            try written.createTable()
            let cSeconds = try await Bench.time { try written.insert(records) }
            written.close()
            insertSeconds = (storeSeconds, grdbSeconds, cSeconds)
        }

        var size: String {
            "\(records.count.formatted()) records"
        }

        /// File sizes, for notes: the store's database and GRDB's.
        var fileSizes: String {
            func megabytes(_ url: URL) -> String {
                let bytes =
                    (try? FileManager.default.attributesOfItem(
                        atPath: url.path(percentEncoded: false))[.size] as? Int) ?? 0
                return ResidentMemory.megabytes(bytes)
            }
            return "store database \(megabytes(store)), GRDB's \(megabytes(table)), "
                + "the C API's \(megabytes(cTable))"
        }
    }
}
