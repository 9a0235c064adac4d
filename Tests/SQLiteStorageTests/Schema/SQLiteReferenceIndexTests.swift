import Foundation
import KeyPathQuery
import ModelStorage
import SQLiteStorage
import TestSupport
import Testing

/// A crate, which bottles refer to.
private struct Crate: StorableModel, Hashable {
    var id: Int
    static let queryAttributes: AttributeMap<Crate> = [\.id: "id"]
}

/// A bottle in a crate, or in none: a reference, with no index declared.
private struct Bottle: StorableModel, Hashable {
    var id: Int
    var crateID: Int?
    static let queryAttributes: AttributeMap<Bottle> = [\.id: "id", \.crateID: "crate_id"]
    static var storageName: String { "bottle" }
    static var references: [ModelReference<Bottle>] {
        [ModelReference(\.crateID, to: Crate.self, onDelete: .nullify)]
    }
}

/// The same table, in an earlier version of the app that did not declare the reference.
private struct UnreferencedBottle: StorableModel, Hashable {
    var id: Int
    var crateID: Int?
    static let queryAttributes: AttributeMap<UnreferencedBottle> = [
        \.id: "id", \.crateID: "crate_id",
    ]
    static var storageName: String { "bottle" }
}

/// SQLite indexes a reference's attribute as it does a declared indexed attribute.
@Suite("SQLite's indexes of references")
struct SQLiteReferenceIndexTests {
    private static let indexNames =
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'bottle' "
        + "AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%records_holding_nul' ORDER BY name"

    private static func open(
        _ bottle: any StorableModel.Type, at url: URL, options: SQLiteStoreOptions = .readWrite
    ) async throws -> SQLiteModelDatabase {
        try await SQLiteModelDatabase.open(at: url, for: [Crate.self, bottle], options: options)
    }

    @Test("a reference's attribute is indexed, and a query by it uses the index")
    func indexed() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "cellar.sqlite")
            let database = try await Self.open(Bottle.self, at: url)
            try await database.transaction { transaction in
                transaction[Crate.self].upsert(contentsOf: (1...3).map { Crate(id: $0) })
                transaction[Bottle.self].upsert(
                    contentsOf: (1...30).map {
                        Bottle(id: $0, crateID: $0 % 4 == 0 ? nil : $0 % 3 + 1)
                    })
            }
            let bottles = try database.store(for: Bottle.self)
            #expect(try await bottles.count(where: \.crateID == 2) == 7)
            #expect(try await database.store(for: Crate.self).delete(id: 2))
            #expect(try await bottles.count(where: \.crateID == 2) == 0)
            #expect(try await bottles.count(where: \.crateID == nil) == 14)
            try await database.close()

            let raw = try RawDatabase(url)
            #expect(try raw.strings(Self.indexNames) == ["bottle_crate_id_index"])
            let plan = try raw.strings(
                "EXPLAIN QUERY PLAN SELECT \"_order\", \"_record\" FROM bottle "
                    + "WHERE \"crate_id\" = ? ORDER BY \"_order\"",
                column: 3)
            #expect(plan.contains { $0.contains("USING INDEX bottle_crate_id_index") }, "\(plan)")
        }
    }

    @Test("a file made before the reference gains its index when it opens for writing")
    func gainedOnWritableOpen() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "cellar.sqlite")
            do {
                let database = try await Self.open(UnreferencedBottle.self, at: url)
                try await database.store(for: UnreferencedBottle.self).upsert(
                    UnreferencedBottle(id: 1, crateID: nil))
                try await database.close()
            }
            #expect(try RawDatabase(url).strings(Self.indexNames).isEmpty)
            // A read-only database changes no index.
            do {
                let database = try await Self.open(Bottle.self, at: url, options: .readOnly)
                #expect(try await database.store(for: Bottle.self).count(where: .true) == 1)
                try await database.close()
            }
            #expect(try RawDatabase(url).strings(Self.indexNames).isEmpty)
            do {
                let database = try await Self.open(Bottle.self, at: url)
                try await database.close()
            }
            #expect(try RawDatabase(url).strings(Self.indexNames) == ["bottle_crate_id_index"])
            // Opened again with the same models, it stays as it is.
            do {
                let database = try await Self.open(Bottle.self, at: url)
                try await database.close()
            }
            #expect(try RawDatabase(url).strings(Self.indexNames) == ["bottle_crate_id_index"])
        }
    }
}
