import Foundation
import KeyPathQuery
import ModelStorage
import SQLiteStorage
import TestSupport
import Testing

/// A model of scalars, whose records its columns hold: an optional, a `Double`, a `Date`, a
/// Boolean and a string-backed enum among them, and one property (`memo`) that is not an
/// attribute.
private struct Sighting: StorableModel, Hashable {
    enum Weather: String, Hashable, Sendable, Codable, QueryTextConvertible { case sun, rain }
    var id: Int
    var place: String
    var count: Int?
    var weight: Double
    var seen: Date
    var weather: Weather
    var confirmed: Bool
    /// Not an attribute: a record holding it keeps its JSON.
    var memo: String?

    static let queryAttributes: AttributeMap<Sighting> = [
        \.id: "id", \.place: "place", \.count: "count", \.weight: "weight", \.seen: "seen",
        \.weather: "weather", \.confirmed: "confirmed",
    ]

    static func sample(_ id: Int) -> Sighting {
        Sighting(
            id: id, place: "Route \(id) — Ünova", count: id % 3 == 0 ? nil : id * 7,
            weight: Double(id) / 3,
            seen: Date(timeIntervalSinceReferenceDate: Double(id) * 86_400.5),
            weather: id.isMultiple(of: 2) ? .sun : .rain, confirmed: id.isMultiple(of: 5))
    }
}

/// A model with a list: its table keeps every record's JSON.
private struct Badge: StorableModel, Hashable {
    var id: Int
    var towns: [String]
    static let queryAttributes: AttributeMap<Badge> = [\.id: "id", \.towns: "towns"]
}

/// `Sighting` at schema version 2, which adds `rare`: 1 where the count is above 50, and 2
/// where the sighting is also confirmed, which only a Boolean `confirmed` gives.
private struct SightingV2: StorableModel, Hashable {
    var id: Int
    var place: String
    var count: Int?
    var weight: Double
    var seen: Date
    var weather: Sighting.Weather
    var confirmed: Bool
    var memo: String?
    var rare: Int

    static let queryAttributes: AttributeMap<SightingV2> = [
        \.id: "id", \.place: "place", \.count: "count", \.weight: "weight", \.seen: "seen",
        \.weather: "weather", \.confirmed: "confirmed", \.rare: "rare",
    ]
    static var storageName: String { Sighting.storageName }
    static var schemaVersion: Int { 2 }
    static var migrations: [SchemaMigration] {
        [
            SchemaMigration(from: 1) { record in
                let count: Int64 =
                    if case .integer(let count) = record["count"] { count } else { 0 }
                let confirmed = record["confirmed"] == .bool(true)
                record["rare"] = .integer(count > 50 ? (confirmed ? 2 : 1) : 0)
            }
        ]
    }
}

@Suite("SQLiteStore rows kept in their columns")
struct SQLiteColumnRowTests {
    private static func storedJSON(at url: URL, table: String) throws -> [String] {
        try RawDatabase(url).strings("SELECT _record FROM \(table) ORDER BY _order")
    }

    @Test("records their columns hold are stored there alone, and read back the same by every path")
    func storedInColumns() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "sightings.sqlite")
            let records = (1...40).map(Sighting.sample)
            let store = try await SQLiteStore<Sighting>.open(at: url)
            try await store.upsert(contentsOf: records)
            #expect(
                try Self.storedJSON(at: url, table: "sighting")
                    == Array(repeating: #"!["confirmed"]"#, count: 40))
            #expect(try await store.fetch(id: 9) == records[8])
            #expect(try await store.fetch(.everyRecord) == records)
            #expect(
                try await store.fetch(RecordQuery(where: \.place == "Route 12 — Ünova"))
                    == [records[11]])
            #expect(
                try await store.fetch(
                    RecordQuery(where: \.count == nil, sortedBy: [.descending(\.weight)]))
                    == records.filter { $0.count == nil }.reversed())
            #expect(try await store.count(where: \.weather == .sun) == 20)
            try await store.close()
            let reopened = try await SQLiteStore<Sighting>.open(at: url)
            #expect(try await reopened.fetch(.everyRecord) == records)
            try await reopened.close()
        }
    }

    @Test("a record its columns do not hold keeps its JSON, row by row, as it changes")
    func keepsJSONWhereColumnsDoNotHold() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "sightings.sqlite")
            let store = try await SQLiteStore<Sighting>.open(at: url)
            var first = Sighting.sample(1)
            var second = Sighting.sample(2)
            second.memo = "a shiny one"
            try await store.upsert(contentsOf: [first, second])
            var stored = try Self.storedJSON(at: url, table: "sighting")
            #expect(stored[0] == #"!["confirmed"]"#)
            #expect(stored[1].hasPrefix("{") && stored[1].contains("a shiny one"))
            // Each update writes the row as its new value needs it.
            first.memo = "now with a memo"
            second.memo = nil
            try await store.upsert(contentsOf: [first, second])
            stored = try Self.storedJSON(at: url, table: "sighting")
            #expect(stored[0].contains("now with a memo"))
            #expect(stored[1] == #"!["confirmed"]"#)
            #expect(try await store.fetch(.everyRecord) == [first, second])

            let badges = try await SQLiteStore<Badge>.open(
                at: directory.appending(path: "b.sqlite"))
            try await badges.upsert(Badge(id: 1, towns: ["Pewter"]))
            let badgeJSON = try Self.storedJSON(
                at: directory.appending(path: "b.sqlite"), table: "badge")
            #expect(badgeJSON.count == 1 && badgeJSON[0].contains(#""Pewter""#), "\(badgeJSON)")
            try await badges.close()
            try await store.close()
        }
    }

    @Test("a row whose columns do not decode is a corrupt file, naming the table and row")
    func corruptColumns() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "sightings.sqlite")
            let store = try await SQLiteStore<Sighting>.open(at: url)
            try await store.upsert(contentsOf: (1...3).map(Sighting.sample))
            try RawDatabase(url).execute("UPDATE sighting SET place = NULL WHERE id = 2")
            let error = await #expect(throws: StoreError.self) {
                try await store.fetch(.everyRecord)
            }
            #expect(error?.code == .corruptFile, "\(String(describing: error))")
            let problem = error?.problem ?? ""
            #expect(problem.contains("_order 2"), "\(problem)")
            #expect(problem.contains("\"sighting\""), "\(problem)")
            #expect(problem.contains("from its columns"), "\(problem)")
            #expect(try await store.fetch(id: 1) == Sighting.sample(1))
            try await store.close()
        }
    }

    @Test("a table of such rows migrates: each row's columns are its JSON, with their types")
    func migratesColumnRows() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "sightings.sqlite")
            let records = (1...12).map(Sighting.sample)
            let store = try await SQLiteStore<Sighting>.open(at: url)
            try await store.upsert(contentsOf: records)
            try await store.close()
            #expect(
                try Self.storedJSON(at: url, table: "sighting").allSatisfy { $0.hasPrefix("!") })

            let migrated = try await SQLiteStore<SightingV2>.open(at: url)
            let expected = records.map { record in
                SightingV2(
                    id: record.id, place: record.place, count: record.count,
                    weight: record.weight, seen: record.seen, weather: record.weather,
                    confirmed: record.confirmed,
                    rare: (record.count ?? 0) > 50 ? (record.confirmed ? 2 : 1) : 0)
            }
            #expect(try await migrated.fetch(.everyRecord) == expected)
            try await migrated.close()
        }
    }
}
