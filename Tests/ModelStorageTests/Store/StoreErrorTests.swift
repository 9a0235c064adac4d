import KeyPathQuery
import ModelStorage
import Testing

@Suite("StoreError")
struct StoreErrorTests {
    @Test(
        arguments: [
            (StoreError.duplicateID("7"), "A record with id 7 already exists."),
            (.notFound("7"), "No record has id 7."),
            (.locked(at: .file("/s.json"), pid: 42), "/s.json is locked by process 42"),
            (.locked(at: .file("/s.json"), pid: nil), "locked by another process"),
            (.readOnly(at: .file("/s.json")), "open read-only"),
            (.closed(at: .file("/s.json")), "is closed"),
            (
                .fileTooLarge(at: .file("/s.json"), size: 300, limit: 256),
                "/s.json would be 300 bytes, more than the 256 a store reads or writes"
            ),
            (
                .io(
                    at: .file("/d/s.json.journal"), operation: "write", code: 28,
                    message: "No space left"),
                "Could not write /d/s.json.journal: No space left (errno 28)"
            ),
            (
                .corruptFile(
                    at: .file("/s.json"), problem: "a record does not decode: missing key \"name\"",
                    location: .init(
                        line: 19, byteOffset: 1_200, recordIndex: 17,
                        codingPath: "records[17].name")),
                "/s.json cannot be read: a record does not decode: missing key \"name\" at record 17 "
                    + "(line 19 (byte 1200)), at records[17].name. The file was left as it is."
            ),
            (
                .unsupportedVersion(at: .file("/s.json"), kind: .schema, found: 3, supported: 2),
                "schema version 3, newer than this code supports (2)"
            ),
            (
                .conflict(
                    StoreConflict(
                        id: "1", changedBySave: ["favorite"], changedInStore: ["attack", "name"],
                        deletedInStore: false)),
                "Record 1 changed since it was read: this save changed favorite; the store changed "
                    + "attack, name."
            ),
            (
                .conflict(
                    StoreConflict(
                        id: "1", changedBySave: ["favorite"], changedInStore: [],
                        deletedInStore: false)),
                "Record 1 was written since it was read, though its values are those read; this "
                    + "save changed favorite."
            ),
            (.invalidQuery(.invalidPagination(limit: -1, offset: 0)), "cannot be negative"),
            (
                .connectionFailed(
                    at: .database("postgresql://dex@db.local:5432/dex"),
                    operation: "connect to the server", message: "connection refused"),
                "Could not connect to the server on the database "
                    + "postgresql://dex@db.local:5432/dex: the connection failed (connection "
                    + "refused)."
            ),
            (
                .statementFailed(
                    at: .database("postgresql://dex@db.local:5432/dex"), operation: "read a record",
                    message: "permission denied for table pokemon (SQLSTATE 42501)"),
                "The database postgresql://dex@db.local:5432/dex refused to read a record: "
                    + "permission denied for table pokemon (SQLSTATE 42501). Nothing was changed."
            ),
            // A database's URL is named as a database, not as a store file.
            (
                .corruptFile(
                    at: .database("postgresql://dex@db.local:5432/dex"),
                    problem: "the row with _order 7 of table \"pokemon\" does not decode",
                    location: .wholeFile),
                "The database postgresql://dex@db.local:5432/dex cannot be read: the row with "
                    + "_order 7 of table \"pokemon\" does not decode. The database was left as "
                    + "it is."
            ),
            (
                .unsupportedVersion(
                    at: .database("postgresql://dex@/run/.s.PGSQL.5432/dex"), kind: .schema,
                    found: 9,
                    supported: 1),
                "The database postgresql://dex@/run/.s.PGSQL.5432/dex was written with schema "
                    + "version 9, newer than this code supports (1). The database was left as it is."
            ),
            (
                .tableMismatch(
                    at: .database("postgresql://dex@db.local:5432/dex"), table: "note",
                    model: "Note", missingColumns: ["body"], unexpectedColumns: ["stars", "title"]),
                "The database postgresql://dex@db.local:5432/dex has a table note that does not "
                    + "match Note: it has no column body and a column stars, title it does not "
                    + "map; raise Note.schemaVersion with a migration, or name another table "
                    + "with storageName. The database was left as it is."
            ),
            (
                .tableMismatch(
                    at: .file("/d/dex.sqlite"), table: "note", model: "Note",
                    missingColumns: [], unexpectedColumns: ["power"]),
                "The store file /d/dex.sqlite has a table note that does not match Note: it has "
                    + "a column power it does not map;"
            ),
            (
                .migrationFailed(
                    at: .file("/d/s.json"), sourceVersion: 1, location: .wholeFile,
                    reason: "no step"),
                "The store file /d/s.json could not be migrated from schema version 1: no step. "
                    + "The file was left as it is."
            ),
        ] as [(StoreError, String)])
    func descriptionsSayWhatAndWhere(_ error: StoreError, _ expected: String) {
        #expect(error.description.contains(expected), "\(error.description)")
    }
}
