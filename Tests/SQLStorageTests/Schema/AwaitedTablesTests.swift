import Foundation
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
}
