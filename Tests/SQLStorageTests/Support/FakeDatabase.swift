import KeyPathQuery
import ModelStorage
import SQLStorage

/// A database in memory with a transaction and savepoints, whose faults a test sets: what a
/// `GroupWriter` and its `ConnectionReads` see of an SQL database, and a log of what they did.
///
/// `@unchecked Sendable`: a test touches it from one task, and the group commit runs
/// synchronously on that task.
final class FakeDatabase: ReadingConnection, @unchecked Sendable {
    var currentSession: UInt64 = 0
    var readFailure: StoreError?

    /// The committed rows, by id, with their write versions, and the committed version.
    private(set) var committed: [Int: (note: Note, version: UInt64)] = [:]
    private(set) var committedVersion: UInt64 = 0
    /// The open transaction's rows and version, and its savepoint.
    private var working: [Int: (note: Note, version: UInt64)]?
    private var savepoint: [Int: (note: Note, version: UInt64)]?
    /// Every statement run, in order.
    private(set) var log: [String] = []

    // Faults.
    var beginFails = false
    var commitFails = false
    /// Storing a note with this text fails.
    var storeFailsForText: String?
    /// Storing a note with this text fails and rolls the whole transaction back, as SQLite
    /// does after a full disk.
    var storeLosesTransactionForText: String?
    /// Reads fail while set.
    var readsFail = false

    static let failure = StoreError.io(
        at: .file("fake.db"), operation: "write", code: 5, message: "injected")

    var isInTransaction: Bool { working != nil }

    func begin() throws(StoreError) -> UInt64 {
        log.append("BEGIN")
        if beginFails { throw Self.failure }
        working = committed
        return committedVersion
    }

    func execute(_ sql: String) throws(StoreError) {
        log.append(sql)
        // As in SQLite, a savepoint outside a transaction begins one: a group that went on
        // after its transaction was dropped would commit its later writes on their own.
        if sql == "SAVEPOINT write", working == nil { working = committed }
        guard working != nil else {
            throw .io(at: .file("fake.db"), operation: sql, code: 1, message: "no transaction")
        }
        switch sql {
        case "SAVEPOINT write": savepoint = working
        case "ROLLBACK TO SAVEPOINT write": working = savepoint
        case "RELEASE SAVEPOINT write": savepoint = nil
        default: break
        }
    }

    func store(_ changes: [RecordChange<Note>], version: UInt64) throws(StoreError)
        -> [(old: Note?, new: Note?)]
    {
        var stored: [(old: Note?, new: Note?)] = []
        for change in changes {
            switch change {
            case .upsert(let note):
                if note.text == storeLosesTransactionForText {
                    working = nil
                    savepoint = nil
                    throw Self.failure
                }
                if note.text == storeFailsForText { throw Self.failure }
                stored.append((working?[note.id]?.note, note))
                working?[note.id] = (note, version)
            case .delete(let id):
                stored.append((working?[id]?.note, nil))
                working?[id] = nil
            }
        }
        return stored
    }

    func commit(version: UInt64) throws(StoreError) {
        log.append("COMMIT")
        if commitFails { throw Self.failure }
        guard let working else { throw Self.failure }
        committed = working
        committedVersion = version
        self.working = nil
    }

    func rollBack() {
        log.append("ROLLBACK")
        working = nil
        savepoint = nil
    }

    /// The rows the open transaction reads.
    func rows() throws(StoreError) -> [Int: (note: Note, version: UInt64)] {
        if readsFail { throw Self.failure }
        return working ?? [:]
    }
}

/// The group-commit hooks over a ``FakeDatabase``.
struct FakeGroupWriter: GroupWriter {
    let connection: FakeDatabase

    var models: [any StorableModel.Type] { [Note.self] }
    var storeLocation: StoreLocation { .file("fake.db") }

    func beginGroup() throws(StoreError) -> UInt64 { try connection.begin() }
    func execute(_ sql: String, operation: String) throws(StoreError) {
        try connection.execute(sql)
    }
    var isInTransaction: Bool { connection.isInTransaction }
    func committedTables(group: UInt64) -> Tables {
        Tables(records: ConnectionRecords(FakeReads(database: connection), session: group))
    }
    func store<Model: StorableModel>(
        _ changes: [RecordChange<Model>], of model: Model.Type, version: UInt64,
        collectingChanges: Bool
    ) throws(StoreError) -> [(old: Model?, new: Model?)] {
        guard let notes = changes as? [RecordChange<Note>] else {
            throw .unknownModel("\(model)", at: .file("fake.db"), models: ["Note"])
        }
        return try connection.store(notes, version: version) as? [(old: Model?, new: Model?)]
            ?? []
    }
    func commitGroup(version: UInt64, changed: [any StorableModel.Type]) throws(StoreError) {
        try connection.commit(version: version)
    }
    func rollBackGroup() { connection.rollBack() }

    /// The one table of notes.
    struct Tables: DatabaseTransaction.Tables {
        let records: ConnectionRecords<FakeReads>

        func transaction<Model: StorableModel>(
            of model: Model.Type, version: UInt64
        ) -> StoreTransaction<Model>? {
            StoreTransaction(over: records, version: version) as? StoreTransaction<Model>
        }
    }
}

/// A transaction's reads over a ``FakeDatabase``: its one table, read while the session runs.
struct FakeReads: ConnectionReads {
    let database: FakeDatabase

    var table: FakeTable { FakeTable() }

    var storeLocation: StoreLocation { .file("fake.db") }

    func duringSession<Value>(_ session: UInt64, _ body: (FakeDatabase) -> Value) -> Value? {
        database.currentSession == session ? body(database) : nil
    }
}

/// The notes' table of a ``FakeDatabase``: ids in ascending order stand for the store's
/// order, and every query is the engine's, over the rows.
struct FakeTable: SQLDriverTable {
    var options: SQLOptions { SQLOptions(dialect: .sqlite) }

    func count(on connection: FakeDatabase) throws(StoreError) -> Int {
        try connection.rows().count
    }

    func record(withID id: Int, on connection: FakeDatabase) throws(StoreError) -> Note? {
        try connection.rows()[id]?.note
    }

    func versioned(withID id: Int, on connection: FakeDatabase) throws(StoreError)
        -> Versioned<Note>?
    {
        guard let row = try connection.rows()[id] else { return nil }
        return Versioned(row.note, version: connection.committedVersion)
    }

    func position(ofID id: Int, on connection: FakeDatabase) throws(StoreError) -> Int? {
        try connection.rows()[id] == nil ? nil : id
    }

    func writeVersion(ofID id: Int, on connection: FakeDatabase) throws(StoreError) -> UInt64? {
        try connection.rows()[id]?.version
    }

    func plan(for query: RecordQuery<Note>, compiled: CompiledQuery<Note>?) throws(StoreError)
        -> QueryPlan<Note>
    {
        if let compiled { return .memory(compiled) }
        do { return .memory(try query.compiled()) } catch { throw .invalidQuery(error) }
    }

    func records(
        selectedBy query: RecordQuery<Note>, plan: QueryPlan<Note>, on connection: FakeDatabase
    ) throws(StoreError) -> [Note]? {
        try records(selectedBy: query, plan: plan, excluding: [], on: connection)?
            .map(\.record)
    }

    func records(
        selectedBy query: RecordQuery<Note>, plan: QueryPlan<Note>,
        excluding ids: Set<Int>, on connection: FakeDatabase
    ) throws(StoreError) -> [(position: Int, record: Note)]? {
        guard case .memory(let compiled) = plan else { return nil }
        let notes = try connection.rows().keys.sorted().filter { !ids.contains($0) }
            .compactMap { try? connection.rows()[$0]?.note }
        return compiled.apply(to: notes).map { ($0.id, $0) }
    }

    func count(
        where condition: Condition<Note>, plan: QueryPlan<Note>,
        excluding ids: Set<Int>, on connection: FakeDatabase
    ) throws(StoreError) -> Int? {
        guard case .memory(let compiled) = plan else { return nil }
        return try connection.rows().values.filter { !ids.contains($0.note.id) }
            .filter { compiled.condition.evaluate($0.note) }.count
    }

    func result(
        of query: RecordQuery<Note>, plan: QueryPlan<Note>, on connection: FakeDatabase
    ) throws(StoreError) -> QueryResult<Note>? {
        guard let records = try records(selectedBy: query, plan: plan, on: connection) else {
            return nil
        }
        return QueryResult(
            records: records, totalCount: try count(on: connection),
            version: connection.committedVersion)
    }
}
