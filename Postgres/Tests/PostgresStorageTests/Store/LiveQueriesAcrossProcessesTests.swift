import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import PostgresNIO
import PostgresStorage
import PostgresTestServer
import Testing

/// A commit made by another process, through its own `PostgresStore`, reaches this
/// process's live queries (through `LISTEN`/`NOTIFY`).
@Suite("Live queries across processes")
struct LiveQueriesAcrossProcessesTests {
    @Test("another process's commit reaches an observer here")
    func otherProcess() async throws {
        let database = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let store = try await stores.open(ConformanceRecord.self, on: database)
            try await store.upsert(contentsOf: (1...6).map(ConformanceRecord.sample))
            var results = try await store.observe(RecordQuery(where: \.favorite == true))
                .makeAsyncIterator()
            let first = try #require(await results.next())
            #expect(first.records.map(\.id) == [3, 6])
            let output = try Self.runWriter(database: database, id: 4)
            #expect(output.hasPrefix("committed "), "\(output)")
            let committed = UInt64(output.dropFirst("committed ".count)) ?? 0
            var seen = first
            let deadline = ContinuousClock.now + .seconds(300)
            while seen.records.map(\.id) != [3, 4, 6], ContinuousClock.now < deadline {
                seen = try #require(await results.next())
            }
            #expect(seen.records.map(\.id) == [3, 4, 6])
            #expect(seen.version == committed)
        }
    }

    /// Runs `PostgresStoreWriter` on a database and returns what it printed.
    static func runWriter(database: PostgresConnection.Configuration, id: Int) throws -> String {
        let process = Process()
        process.executableURL = try builtExecutable(named: "PostgresStoreWriter")
        process.arguments = [
            database.unixSocketPath ?? "", database.database ?? "", String(id),
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let failed = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(
            process.terminationStatus == 0,
            "PostgresStoreWriter: \(String(decoding: failed, as: UTF8.self))")
        return String(decoding: printed, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
