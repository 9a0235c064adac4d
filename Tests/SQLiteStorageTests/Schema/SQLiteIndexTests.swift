import Foundation
import KeyPathQuery
import ModelStorage
import PokedexKit
import SQLiteStorage
import TestSupport
import Testing

/// A shelf with indexes on its label and stock.
private struct Shelf: StorableModel, Hashable {
    var id: Int
    var label: String
    var stock: Int

    static let queryAttributes: AttributeMap<Shelf> = [
        \.id: "id", \.label: "label", \.stock: "stock",
    ]
    static var storageName: String { "shelf" }
    static var indexedAttributes: [IndexedAttribute<Shelf>] {
        [IndexedAttribute(\.label), IndexedAttribute(\.stock)]
    }
}

/// The same table, in a later version of the app that no longer indexes the stock.
private struct LabelOnlyShelf: StorableModel, Hashable {
    var id: Int
    var label: String
    var stock: Int

    static let queryAttributes: AttributeMap<LabelOnlyShelf> = [
        \.id: "id", \.label: "label", \.stock: "stock",
    ]
    static var storageName: String { "shelf" }
    static var indexedAttributes: [IndexedAttribute<LabelOnlyShelf>] {
        [IndexedAttribute(\.label)]
    }
}

/// A model that indexes an attribute its map leaves out.
private struct BadlyIndexedShelf: StorableModel, Hashable {
    var id: Int
    var secret: String

    static let queryAttributes: AttributeMap<BadlyIndexedShelf> = [\.id: "id"]
    static var indexedAttributes: [IndexedAttribute<BadlyIndexedShelf>] {
        [IndexedAttribute(\.secret)]
    }
}

/// SQLiteStore makes an SQLite index for each indexed attribute, named
/// `<table>_<column>_index`, drops those the model no longer declares, and leaves the rest.
@Suite("SQLiteStore's indexes")
struct SQLiteIndexTests {
    private static let indexNames =
        "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' "
        + "AND name NOT LIKE '%records_holding_nul' AND tbl_name NOT LIKE '%\\_\\_search' "
        + "ESCAPE '\\' ORDER BY name"

    @Test("Pokémon's name, attack and favorite are indexed, and name == uses the index")
    func pokemonIndexes() async throws {
        try await withStore(seededWith: SQLiteFileTests.dex) { store, url in
            #expect(
                try await store.fetch(RecordQuery(where: \.name == "pikachu")).map(\.id) == [25])
            let database = try RawDatabase(url)
            #expect(
                try database.strings(Self.indexNames) == [
                    "pokemon_attack_index", "pokemon_favorite_index", "pokemon_name_index",
                ])
            // As the store renders it: text compared through its collation, which the index
            // must use too.
            let condition: Condition<Pokemon> = \.name == "pikachu"
            let fragment = try condition.sqlExpression(
                options: SQLOptions(
                    dateStorage: .secondsSinceReferenceDate, textFunctions: SQLTextFunctions()))
            #expect(fragment.sql.contains("COLLATE"), "\(fragment.sql)")
            let plan = try database.strings(
                "EXPLAIN QUERY PLAN SELECT \"_order\", \"_record\" FROM pokemon WHERE "
                    + fragment.sql + " ORDER BY \"_order\"",
                column: 3)
            #expect(plan.contains { $0.contains("USING INDEX pokemon_name_index") }, "\(plan)")
        }
    }

    @Test("indexes the model stops declaring are dropped; those made by hand stay")
    func droppedAndKept() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "shelves.sqlite")
            do {
                let store = try await SQLiteStore<Shelf>.open(at: url)
                try await store.insert(Shelf(id: 1, label: "a", stock: 3))
                try await store.close()
            }
            do {
                let database = try RawDatabase(url)
                #expect(
                    try database.strings(Self.indexNames) == [
                        "shelf_label_index", "shelf_stock_index",
                    ])
                try database.execute("CREATE INDEX mine ON shelf (stock, label)")
            }
            // A read-only store changes no index, even where the model differs.
            do {
                let store = try await SQLiteStore<LabelOnlyShelf>.open(at: url, options: .readOnly)
                #expect(try await store.count(where: \.stock == 3) == 1)
                try await store.close()
                #expect(
                    try RawDatabase(url).strings(Self.indexNames) == [
                        "mine", "shelf_label_index", "shelf_stock_index",
                    ])
            }
            do {
                let store = try await SQLiteStore<LabelOnlyShelf>.open(at: url)
                #expect(try await store.count(where: \.stock == 3) == 1)
                try await store.close()
            }
            #expect(try RawDatabase(url).strings(Self.indexNames) == ["mine", "shelf_label_index"])
            // Declared again, it is made again.
            do {
                let store = try await SQLiteStore<Shelf>.open(at: url)
                try await store.close()
            }
            #expect(
                try RawDatabase(url).strings(Self.indexNames) == [
                    "mine", "shelf_label_index", "shelf_stock_index",
                ])
        }
    }

    @Test("a text column's index compares with the store's collation; one made otherwise is remade")
    func textIndexCollation() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "shelves.sqlite")
            let definitions =
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'shelf' AND sql IS NOT NULL "
                + "AND name NOT LIKE '%records_holding_nul' ORDER BY name"
            do {
                let store = try await SQLiteStore<Shelf>.open(at: url)
                try await store.insert(Shelf(id: 1, label: "e\u{301}", stock: 3))
                try await store.close()
            }
            let made = [
                "CREATE INDEX \"shelf_label_index\" ON \"shelf\" (\"label\" COLLATE "
                    + "keypathquery_text_order)",
                "CREATE INDEX \"shelf_stock_index\" ON \"shelf\" (\"stock\")",
            ]
            #expect(try RawDatabase(url).strings(definitions) == made)
            // An index under the store's name in SQLite's default order, as another version
            // might have made it, is replaced by the store's own at the next open.
            do {
                let database = try RawDatabase(url)
                try database.execute(
                    "DROP INDEX shelf_label_index; CREATE INDEX shelf_label_index ON shelf (label)")
            }
            do {
                let store = try await SQLiteStore<Shelf>.open(at: url)
                #expect(try await store.fetch(RecordQuery(where: \.label == "\u{E9}")).count == 1)
                try await store.close()
            }
            #expect(try RawDatabase(url).strings(definitions) == made)
        }
    }

    @Test("an index on a key path the model does not map is refused, the file untouched")
    func unmappedIndex() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "bad.sqlite")
            let error = await #expect(throws: StoreError.self) {
                try await SQLiteStore<BadlyIndexedShelf>.open(at: url)
            }
            #expect(error?.code == .invalidQuery)
            #expect(error?.description.contains("BadlyIndexedShelf") == true)
            #expect(error?.description.contains("secret") == true)
            #expect(!FileManager.default.fileExists(atPath: url.path))
        }
    }
}
