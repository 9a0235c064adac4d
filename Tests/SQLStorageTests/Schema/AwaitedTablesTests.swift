import Foundation
import KeyPathQuery
import ModelStorage
import SQLStorage
import Testing

/// The models a read-only database has not found a table of: each read looks again, a table
/// found is not looked for again, and one at an older version is refused, naming it.
@Suite("AwaitedTables")
struct AwaitedTablesTests {
    private let location = StoreLocation.file("/tmp/dex.sqlite")

    @Test("a model stays awaited while its table is absent, and not once it is found")
    func foundOnce() throws {
        var awaited = AwaitedTables()
        #expect(awaited.isEmpty)
        awaited.insert(Note.self)
        #expect(!awaited.isEmpty)
        #expect(awaited.awaits(Note.self))
        #expect(try awaited.note(.absent, of: Note.self, at: location))
        #expect(awaited.awaits(Note.self))
        #expect(try !awaited.note(.found, of: Note.self, at: location))
        #expect(!awaited.awaits(Note.self))
        #expect(awaited.isEmpty)
    }

    @Test("a table found at an older schema version is refused, naming the table and version")
    func olderRefused() {
        var awaited = AwaitedTables()
        awaited.insert(Note.self)
        #expect {
            _ = try awaited.note(.older(schemaVersion: 1), of: Note.self, at: location)
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.code == .migrationFailed && error.foundVersion == 1
                && error.description.contains("the table \"note\"")
        }
        #expect(awaited.awaits(Note.self))
    }

    @Test("opening: a writer migrates an older table, a reader awaits an absent one")
    func opening() throws {
        let layouts = try ModelTables([Note.self, Tag.self], at: location) {
            (model) throws(StoreError) in
            try Self.layout(of: model)
        }
        var written = layouts
        let none = try AwaitedTables.opening(
            &written, found: [.older(schemaVersion: 1), .absent], writable: true)
        #expect(none.isEmpty)
        #expect(written.migratedFromSchemaVersion(of: Note.self) == 1)
        #expect(written.migratedFromSchemaVersion(of: Tag.self) == nil)

        var read = layouts
        let awaited = try AwaitedTables.opening(
            &read, found: [.found, .absent], writable: false)
        #expect(!awaited.awaits(Note.self))
        #expect(awaited.awaits(Tag.self))
        #expect(read.migratedFromSchemaVersion(of: Note.self) == nil)
    }

    @Test("opening read-only: an older table is refused, naming it")
    func openingReadOnlyRefusesOlder() throws {
        var layouts = try ModelTables([Note.self, Tag.self], at: location) {
            (model) throws(StoreError) in
            try Self.layout(of: model)
        }
        #expect {
            _ = try AwaitedTables.opening(
                &layouts, found: [.found, .older(schemaVersion: 2)], writable: false)
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.code == .migrationFailed && error.foundVersion == 2
                && error.description.contains("the table \"tag\"")
        }
    }

    /// A second model beside `Note`.
    private struct Tag: StorableModel, Hashable {
        var id: Int
        var name: String

        static let queryAttributes: AttributeMap<Tag> = [\.id: "id", \.name: "name"]
    }

    /// The least layout of a model's table.
    private struct Layout<Model: StorableModel>: SQLTableLayout {
        let model: ModelTable<Model>
        let options = SQLOptions()
    }

    private static func layout<Model: StorableModel>(
        of model: Model.Type
    ) throws(StoreError) -> any SQLTableLayout {
        Layout(model: try ModelTable<Model>(storeColumns: ["_order", "_key", "_record"]))
    }
}
