import Foundation
import KeyPathQuery
import ModelStorage
import SQLStorage
import Testing

/// The model's table as every SQL backend shares it: names checked, ids as keys, rows decoded
/// and migrated with errors that say where.
@Suite("ModelTable")
struct ModelTableTests {
    @Test("the table and its columns: the store's own first, then the attributes")
    func names() throws {
        let table = try ModelTable<Note>(storeColumns: ["_order", "_key", "_record"])
        #expect(table.name == "note")
        #expect(table.table == "\"note\"")
        #expect(table.columnNames == ["_order", "_key", "_record", "id", "text"])
    }

    @Test("an attribute named as a store column is refused, naming it")
    func clashingColumn() {
        #expect {
            _ = try ModelTable<Note>(storeColumns: ["_order", "text"])
        } throws: { error in
            guard let error = error as? StoreError, error.code == .invalidQuery else {
                return false
            }
            return "\(error)".contains("text")
        }
    }

    @Test("a name longer than the database keeps is refused")
    func tooLong() throws {
        let error = #expect(throws: StoreError.self) {
            _ = try ModelTable<Note>(storeColumns: ["_key"], maximumIdentifierLength: 3)
        }
        #expect(error?.code == .invalidQuery)
        _ = try ModelTable<Note>(storeColumns: ["_key"], maximumIdentifierLength: 63)
    }

    @Test("ids are keys as their JSON, and a row's JSON decodes")
    func keysAndRows() throws {
        let table = try ModelTable<Note>(storeColumns: ["_key"])
        #expect(try table.jsonKey(of: 25) == "25")
        let note = try table.record(
            fromJSON: Data(#"{"id":7,"text":"a/b"}"#.utf8), store: .file("x.db"), row: "_order 1")
        #expect(note == Note(id: 7, text: "a/b"))
    }

    @Test("a row that does not decode is a corrupt store, naming the store, table and row")
    func corruptRow() throws {
        let table = try ModelTable<Note>(storeColumns: ["_key"])
        #expect {
            _ = try table.record(
                fromJSON: Data(#"{"id":"x"}"#.utf8), store: .file("x.db"), row: "_order 9")
        } throws: { error in
            guard let error = error as? StoreError, error.code == .corruptFile else { return false }
            let text = "\(error)"
            return text.contains("x.db") && text.contains("_order 9") && text.contains("\"note\"")
        }
    }

    @Test("an older row is migrated through the model's steps; a missing step says which")
    func migration() throws {
        let table = try ModelTable<RenamedNote>(storeColumns: ["_key"])
        let migrated = try table.migratedRecord(
            fromJSON: Data(#"{"id":1,"body":"hi"}"#.utf8), schemaVersion: 1, store: .file("x.db"),
            index: 0)
        #expect(migrated == RenamedNote(id: 1, text: "hi"))
        #expect {
            _ = try table.migratedRecord(
                fromJSON: Data(#"{"id":1}"#.utf8), schemaVersion: 0, store: .file("x.db"), index: 4)
        } throws: { error in
            guard let error = error as? StoreError, error.code == .migrationFailed else {
                return false
            }
            return "\(error)".contains("no migration from version 0")
        }
    }

    @Test("quoting doubles inner quotes; bounded names hash what is too long")
    func identifiers() {
        #expect(SQLIdentifier.quoted(#"my "table""#) == #""my ""table""""#)
        #expect(SQLIdentifier.bounded("modelstorage_", "pokemon") == "modelstorage_pokemon")
        let long = SQLIdentifier.bounded("p_", String(repeating: "x", count: 100))
        #expect(long.utf8.count <= 63 && long.hasPrefix("p_"))
        #expect(long == SQLIdentifier.bounded("p_", String(repeating: "x", count: 100)))
        #expect(long != SQLIdentifier.bounded("p_", String(repeating: "y", count: 100)))
    }
}

/// A note at schema version 2: version 1 called `text` `body`.
struct RenamedNote: StorableModel, Hashable {
    var id: Int
    var text: String

    static let queryAttributes: AttributeMap<RenamedNote> = [\.id: "id", \.text: "text"]
    static var schemaVersion: Int { 2 }
    static var migrations: [SchemaMigration] {
        [
            SchemaMigration(from: 1) { record in
                record["text"] = record["body"]
                record["body"] = nil
            }
        ]
    }
}
