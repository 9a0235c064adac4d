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
