import KeyPathQuery
import ModelStorage

/// A small model for the store's own tests: text, a number, a flag, an optional and an index.
struct Note: StorableModel, Hashable {
    var id: Int
    var title: String
    var stars: Int
    var pinned: Bool
    var tag: String?

    static let queryAttributes: AttributeMap<Note> = [
        \.id: "id", \.title: "title", \.stars: "stars", \.pinned: "pinned", \.tag: "tag",
    ]

    static var indexedAttributes: [IndexedAttribute<Note>] { [IndexedAttribute(\.stars)] }
}

/// `Note` at schema version 2, in the same table: `stars` became `rating`, and version 3 is
/// unknown to it.
struct NoteV2: StorableModel, Hashable {
    var id: Int
    var title: String
    var rating: Int
    var pinned: Bool
    var tag: String?

    static let queryAttributes: AttributeMap<NoteV2> = [
        \.id: "id", \.title: "title", \.rating: "rating", \.pinned: "pinned", \.tag: "tag",
    ]

    static var storageName: String { "note" }
    static var schemaVersion: Int { 2 }
    static var migrations: [SchemaMigration] {
        [
            SchemaMigration(from: 1) { record in
                record["rating"] = record["stars"]
                record["stars"] = nil
            }
        ]
    }
}

/// A model with the table name of `Note` and other attributes, at its schema version.
struct NotNote: StorableModel, Hashable {
    var id: Int
    var body: String

    static let queryAttributes: AttributeMap<NotNote> = [\.id: "id", \.body: "body"]
    static var storageName: String { "note" }
}

/// `Note`'s table at a schema version newer than any model here knows.
struct NoteFromTheFuture: StorableModel, Hashable {
    var id: Int
    var title: String
    var stars: Int
    var pinned: Bool
    var tag: String?

    static let queryAttributes: AttributeMap<NoteFromTheFuture> = [
        \.id: "id", \.title: "title", \.stars: "stars", \.pinned: "pinned", \.tag: "tag",
    ]
    static var storageName: String { "note" }
    static var schemaVersion: Int { 9 }
}

/// A model whose table and index names pass PostgreSQL's 63-byte limit for identifiers once
/// the store's prefixes and suffixes are added.
struct LongNamedRecord: StorableModel, Hashable {
    var id: Int
    var aRatherLongAttributeNameForAnIndex: Int

    static let queryAttributes: AttributeMap<LongNamedRecord> = [
        \.id: "id",
        \.aRatherLongAttributeNameForAnIndex: "a_rather_long_attribute_name_for_an_index",
    ]
    static var storageName: String { "a_table_name_that_is_rather_long_for_postgresql_x" }
    static var indexedAttributes: [IndexedAttribute<LongNamedRecord>] {
        [IndexedAttribute(\.aRatherLongAttributeNameForAnIndex)]
    }
}
