import KeyPathQuery
import Testing

@testable import ModelStorage

@Suite("StoreError codes")
struct StoreErrorCodeTests {
    static let location = StoreError.Location(line: 3, column: 5, byteOffset: 40)
    static let conflict = StoreConflict(
        id: "7", changedBySave: ["name"], changedInStore: ["attack"], deletedInStore: false)
    static let queryError = QueryError.invalidPagination(limit: -1, offset: 0)

    /// One error of each code, made by its factory; a new code does not compile until it has one.
    static func sample(_ kind: StoreError.Code.Kind) -> StoreError {
        switch kind {
        case .duplicateID: .duplicateID("7")
        case .notFound: .notFound("7")
        case .identifierChanged: .identifierChanged(from: "7", to: "8")
        case .conflict: .conflict(conflict)
        case .invalidQuery: .invalidQuery(queryError)
        case .corruptFile: .corruptFile(at: .file("/s.json"), problem: "bad", location: location)
        case .unsupportedVersion:
            .unsupportedVersion(at: .file("/s.json"), kind: .schema, found: 3, supported: 2)
        case .migrationFailed:
            .migrationFailed(
                at: .file("/s.json"), sourceVersion: 1, location: location, reason: "bad")
        case .locked: .locked(at: .file("/s.json"), pid: 42)
        case .readOnly: .readOnly(at: .file("/s.json"))
        case .closed: .closed(at: .file("/s.json"))
        case .io: .io(at: .file("/s.json"), operation: "write", code: 28, message: "bad")
        case .fileTooLarge: .fileTooLarge(at: .file("/s.json"), size: 300, limit: 256)
        case .encodingFailed: .encodingFailed(id: "7", reason: "bad")
        case .unusable: .unusable(at: .file("/s.json"), reason: "bad")
        case .connectionFailed:
            .connectionFailed(
                at: .database("postgresql://u@h/d"), operation: "connect", message: "bad")
        case .statementFailed:
            .statementFailed(at: .database("postgresql://u@h/d"), operation: "read", message: "bad")
        case .unknownModel: .unknownModel("Note", at: .file("/d.sqlite"), models: ["Pokemon"])
        case .invalidModels: .invalidModels(at: .file("/d.sqlite"), reason: "bad")
        case .danglingReference:
            .danglingReference(
                "Note", id: "7", attribute: "pokemon_id", target: "Pokemon", targetID: "999")
        case .deleteDenied:
            .deleteDenied("Pokemon", id: "25", referencedBy: "Note", referringID: "7")
        case .tableMismatch:
            .tableMismatch(
                at: .database("postgresql://u@h/d"), table: "note", model: "Note",
                missingColumns: ["body"], unexpectedColumns: ["text"])
        case .changesExpired:
            .changesExpired(
                "Favorite", since: ChangeCursor(version: 3), horizon: 9, at: .file("/d.sqlite"))
        case .historyNotKept: .historyNotKept("Pokemon", at: .file("/d.sqlite"))
        }
    }

    /// The names of the detail properties that are set.
    static func filled(_ error: StoreError) -> Set<String> {
        let properties: [(String, Any?)] = [
            ("storeLocation", error.storeLocation), ("recordID", error.recordID),
            ("newRecordID", error.newRecordID), ("conflict", error.conflict),
            ("queryError", error.queryError), ("problem", error.problem),
            ("location", error.location), ("reason", error.reason),
            ("versionKind", error.versionKind), ("foundVersion", error.foundVersion),
            ("supportedVersion", error.supportedVersion), ("pid", error.pid),
            ("operation", error.operation), ("errorNumber", error.errorNumber),
            ("message", error.message), ("size", error.size), ("sizeLimit", error.sizeLimit),
            ("modelName", error.modelName), ("databaseModels", error.databaseModels),
            ("tableName", error.tableName), ("missingColumns", error.missingColumns),
            ("unexpectedColumns", error.unexpectedColumns), ("changeCursor", error.changeCursor),
            ("historyHorizon", error.historyHorizon),
        ]
        return Set(properties.compactMap { name, value in value == nil ? nil : name })
    }

    @Test("each factory makes its own code, and every code reads differently")
    func codesAreDistinct() {
        let kinds = StoreError.Code.Kind.allCases
        let errors = kinds.map(Self.sample)
        #expect(errors.map(\.code) == kinds.map(StoreError.Code.init))
        #expect(errors.map(\.code.description) == kinds.map(\.rawValue))
        #expect(Set(errors.map(\.code)).count == kinds.count)
        #expect(Set(errors.map(\.description)).count == kinds.count)
        #expect(Set(errors).count == kinds.count)
    }

    @Test("each factory fills its properties and no other")
    func factoriesFillTheirProperties() {
        let duplicate = StoreError.duplicateID("7")
        #expect(Self.filled(duplicate) == ["recordID"])
        #expect(duplicate.recordID == "7")
        #expect(Self.filled(.notFound("9")) == ["recordID"])
        #expect(StoreError.notFound("9").recordID == "9")

        let changed = StoreError.identifierChanged(from: "7", to: "8")
        #expect(Self.filled(changed) == ["recordID", "newRecordID"])
        #expect(changed.recordID == "7" && changed.newRecordID == "8")

        let unknown = StoreError.unknownModel("Note", at: .file("/d.sqlite"), models: ["Pokemon"])
        #expect(Self.filled(unknown) == ["storeLocation", "modelName", "databaseModels"])
        #expect(unknown.modelName == "Note" && unknown.databaseModels == ["Pokemon"])
        #expect(unknown.description.contains("/d.sqlite holds no model Note"))
        let dangling = StoreError.danglingReference(
            "Note", id: "7", attribute: "pokemon_id", target: "Pokemon", targetID: "999")
        #expect(Self.filled(dangling) == ["recordID", "modelName"])
        #expect(
            dangling.description
                == "Note 7 refers to Pokemon 999 through pokemon_id, and no Pokemon has that id. "
                + "Nothing was changed.")
        let denied = StoreError.deleteDenied(
            "Pokemon", id: "25", referencedBy: "Note", referringID: "7")
        #expect(Self.filled(denied) == ["recordID", "modelName"])
        #expect(denied.description.hasPrefix("Pokemon 25 cannot be deleted: Note 7 refers to it"))
        let expired = StoreError.changesExpired(
            "Favorite", since: ChangeCursor(version: 3), horizon: 9, at: .file("/d.sqlite"))
        #expect(
            Self.filled(expired) == [
                "storeLocation", "modelName", "changeCursor", "historyHorizon",
            ])
        #expect(expired.changeCursor == ChangeCursor(version: 3) && expired.historyHorizon == 9)
        #expect(expired.description.contains("changes of Favorite since version 3"))
        #expect(expired.description.contains("Read again from the start"))
        let notKept = StoreError.historyNotKept("Pokemon", at: .file("/d.sqlite"))
        #expect(Self.filled(notKept) == ["storeLocation", "modelName"])
        #expect(notKept.description.contains("keeps no history of Pokemon's changes"))
        let invalidModels = StoreError.invalidModels(at: .file("/d.sqlite"), reason: "bad")
        #expect(Self.filled(invalidModels) == ["storeLocation", "reason"])

        let conflict = StoreError.conflict(Self.conflict)
        #expect(Self.filled(conflict) == ["conflict", "recordID"])
        #expect(conflict.conflict == Self.conflict && conflict.recordID == "7")

        let invalid = StoreError.invalidQuery(Self.queryError)
        #expect(Self.filled(invalid) == ["queryError"])
        #expect(invalid.queryError == Self.queryError)

        let corrupt = StoreError.corruptFile(
            at: .file("/c"), problem: "torn", location: Self.location)
        #expect(Self.filled(corrupt) == ["storeLocation", "problem", "location"])
        #expect(corrupt.storeLocation == .file("/c") && corrupt.problem == "torn")
        #expect(corrupt.location == Self.location)

        let newer = StoreError.unsupportedVersion(
            at: .file("/n"), kind: .format, found: 4, supported: 1)
        #expect(
            Self.filled(newer) == [
                "storeLocation", "versionKind", "foundVersion", "supportedVersion",
            ])
        #expect(newer.storeLocation == .file("/n") && newer.versionKind == .format)
        #expect(newer.foundVersion == 4 && newer.supportedVersion == 1)

        let migration = StoreError.migrationFailed(
            at: .file("/m"), sourceVersion: 2, location: .wholeFile, reason: "no step")
        #expect(Self.filled(migration) == ["storeLocation", "foundVersion", "location", "reason"])
        #expect(migration.storeLocation == .file("/m") && migration.foundVersion == 2)
        #expect(migration.location == .wholeFile && migration.reason == "no step")

        let locked = StoreError.locked(at: .file("/l"), pid: 42)
        #expect(Self.filled(locked) == ["storeLocation", "pid"])
        #expect(locked.storeLocation == .file("/l") && locked.pid == 42)
        #expect(Self.filled(.locked(at: .file("/l"), pid: nil)) == ["storeLocation"])
        let busy = StoreError.locked(
            at: .file("/l"), pid: nil, message: "database is locked (SQLite result code 5)")
        #expect(Self.filled(busy) == ["storeLocation", "message"])
        #expect(busy.message == "database is locked (SQLite result code 5)")
        #expect(busy.description.contains("database is locked (SQLite result code 5)"))

        #expect(Self.filled(.readOnly(at: .file("/r"))) == ["storeLocation"])
        #expect(StoreError.readOnly(at: .file("/r")).storeLocation == .file("/r"))
        #expect(Self.filled(.closed(at: .file("/x"))) == ["storeLocation"])
        #expect(StoreError.closed(at: .file("/x")).storeLocation == .file("/x"))

        let io = StoreError.io(at: .file("/i"), operation: "fsync", code: 5, message: "I/O error")
        #expect(Self.filled(io) == ["storeLocation", "operation", "errorNumber", "message"])
        #expect(io.storeLocation == .file("/i") && io.operation == "fsync")
        #expect(io.errorNumber == 5 && io.message == "I/O error")

        let large = StoreError.fileTooLarge(at: .file("/f"), size: 300, limit: 256)
        #expect(Self.filled(large) == ["storeLocation", "size", "sizeLimit"])
        #expect(large.storeLocation == .file("/f") && large.size == 300 && large.sizeLimit == 256)

        let encoding = StoreError.encodingFailed(id: "3", reason: "NaN")
        #expect(Self.filled(encoding) == ["recordID", "reason"])
        #expect(encoding.recordID == "3" && encoding.reason == "NaN")

        let unusable = StoreError.unusable(at: .file("/u"), reason: "a failed write")
        #expect(Self.filled(unusable) == ["storeLocation", "reason"])
        #expect(unusable.storeLocation == .file("/u") && unusable.reason == "a failed write")

        let unreachable = StoreError.connectionFailed(
            at: .database("postgresql://u@h/d"), operation: "connect to the server",
            message: "connection refused")
        #expect(Self.filled(unreachable) == ["storeLocation", "operation", "message"])
        #expect(unreachable.storeLocation == .database("postgresql://u@h/d"))
        #expect(unreachable.operation == "connect to the server")
        #expect(unreachable.message == "connection refused")

        let refused = StoreError.statementFailed(
            at: .database("postgresql://u@h/d"), operation: "read a record",
            message: "permission denied (SQLSTATE 42501)")
        #expect(Self.filled(refused) == ["storeLocation", "operation", "message"])
        #expect(
            refused.storeLocation == .database("postgresql://u@h/d")
                && refused.operation == "read a record")
        #expect(refused.message == "permission denied (SQLSTATE 42501)")

        let mismatch = StoreError.tableMismatch(
            at: .database("postgresql://u@h/d"), table: "note", model: "Note",
            missingColumns: ["body"], unexpectedColumns: ["stars", "title"])
        #expect(
            Self.filled(mismatch)
                == [
                    "storeLocation", "tableName", "modelName", "missingColumns",
                    "unexpectedColumns",
                ])
        #expect(mismatch.storeLocation == .database("postgresql://u@h/d"))
        #expect(mismatch.tableName == "note" && mismatch.modelName == "Note")
        #expect(mismatch.missingColumns == ["body"])
        #expect(mismatch.unexpectedColumns == ["stars", "title"])
    }

    @Test("errors are equal when their codes and details are")
    func equality() {
        #expect(StoreError.notFound("7") == .notFound("7"))
        #expect(StoreError.notFound("7") != .notFound("8"))
        #expect(StoreError.notFound("7") != .duplicateID("7"))
        #expect(StoreError.closed(at: .file("/s")) != .readOnly(at: .file("/s")))
    }

    @Test("a code is a pattern for a thrown error")
    func codesMatchInCatchClauses() {
        func matched(_ error: any Error) -> String {
            do {
                throw error
            } catch StoreError.Code.notFound {
                return "notFound"
            } catch StoreError.Code.locked {
                return "locked"
            } catch {
                return "other"
            }
        }
        #expect(matched(StoreError.notFound("7")) == "notFound")
        #expect(matched(StoreError.locked(at: .file("/s"), pid: nil)) == "locked")
        #expect(matched(StoreError.duplicateID("7")) == "other")
        #expect(matched(CancellationError()) == "other")
    }
}
