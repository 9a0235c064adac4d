import InternalSupport
import KeyPathQuery
import ModelStorage
import SQLStorage
import Testing

/// The one group-commit algorithm every SQL backend runs, over a fake database whose faults
/// each test sets: what commits, what is rolled back, and what each caller is told.
@Suite("GroupCommit")
struct GroupCommitTests {
    /// Runs writes as one group and resumes their callers, as a store does.
    @discardableResult
    private func commit(
        _ writes: [QueuedWrite], on database: FakeDatabase, group: UInt64 = 1
    ) -> GroupCommit {
        let commit = GroupCommit.run(
            writes, on: FakeGroupWriter(connection: database), collectingChanges: true,
            group: group)
        commit.resumeCallers(of: writes)
        return commit
    }

    @Test("a group is one transaction, one commit, each write a savepoint and a version")
    func groupCommitsOnce() {
        let database = FakeDatabase()
        let outcomes = Outcomes()
        let commit = commit(
            [
                outcomes.write("a") { $0.upsert(Note(id: 1, text: "one")) },
                outcomes.write("b") { $0.upsert(Note(id: 2, text: "two")) },
                outcomes.write("c") { _ in },
            ], on: database)
        #expect(["a", "b", "c"].allSatisfy(outcomes.succeeded))
        #expect(commit.startVersion == 0)
        // The third write changed nothing: it is no commit.
        #expect(commit.version == 2)
        #expect(database.committedVersion == 2)
        #expect(database.committed[1]?.version == 1)
        #expect(database.committed[2]?.version == 2)
        #expect(database.log.filter { $0 == "BEGIN" }.count == 1)
        #expect(database.log.filter { $0 == "COMMIT" }.count == 1)
        #expect(database.log.filter { $0 == "SAVEPOINT write" }.count == 3)
        #expect(commit.changes.changes(of: Note.self).map { $0.new?.id } == [1, 2])
    }

    @Test("each write reads the records as the writes before it in the group left them")
    func laterWritesSeeEarlierOnes() {
        let database = FakeDatabase()
        let outcomes = Outcomes()
        commit(
            [
                outcomes.write("insert") { $0.upsert(Note(id: 1, text: "one")) },
                outcomes.write("read") { transaction in
                    guard let note = transaction.fetch(id: 1) else { throw BodyError() }
                    transaction.upsert(Note(id: 2, text: note.text + " again"))
                    #expect(transaction.version == 1)
                },
            ], on: database)
        #expect(outcomes.succeeded("read"))
        #expect(database.committed[2]?.note.text == "one again")
    }

    @Test("a body that throws is rolled back to its savepoint alone, with its own error")
    func failingBodyAlone() throws {
        let database = FakeDatabase()
        let outcomes = Outcomes()
        let commit = commit(
            [
                outcomes.write("a") { $0.upsert(Note(id: 1, text: "one")) },
                outcomes.write("b") { transaction in
                    transaction.upsert(Note(id: 2, text: "two"))
                    throw BodyError()
                },
                outcomes.write("c") { $0.upsert(Note(id: 3, text: "three")) },
            ], on: database)
        #expect(outcomes.succeeded("a") && outcomes.succeeded("c"))
        #expect(outcomes.error("b") is BodyError)
        #expect(database.committed.keys.sorted() == [1, 3])
        #expect(commit.version == 2)
        #expect(database.log.contains("ROLLBACK TO SAVEPOINT write"))
    }

    @Test("a write whose changes cannot be stored fails alone, with the database's error")
    func failingStoreAlone() {
        let database = FakeDatabase()
        database.storeFailsForText = "bad"
        let outcomes = Outcomes()
        commit(
            [
                outcomes.write("a") { $0.upsert(Note(id: 1, text: "one")) },
                outcomes.write("b") { $0.upsert(Note(id: 2, text: "bad")) },
            ], on: database)
        #expect(outcomes.succeeded("a"))
        #expect((outcomes.error("b") as? StoreError) == FakeDatabase.failure)
        #expect(database.committed.keys.sorted() == [1])
        #expect(database.committedVersion == 1)
    }

    @Test("a lone write that fails rolls the transaction back, with no savepoint")
    func loneWriteRollsBack() {
        let database = FakeDatabase()
        let outcomes = Outcomes()
        commit(
            [
                outcomes.write("a") { transaction in
                    transaction.upsert(Note(id: 1, text: "one"))
                    throw BodyError()
                }
            ], on: database)
        #expect(outcomes.error("a") is BodyError)
        #expect(database.committed.isEmpty)
        #expect(database.log == ["BEGIN", "ROLLBACK"])
    }

    @Test(
        "when the database drops the transaction, every write of the group fails, later bodies unrun"
    )
    func lostTransactionFailsAll() {
        let database = FakeDatabase()
        database.storeLosesTransactionForText = "disk full"
        let outcomes = Outcomes()
        let ran = RanFlag()
        let commit = commit(
            [
                outcomes.write("a") { $0.upsert(Note(id: 1, text: "one")) },
                outcomes.write("b") { $0.upsert(Note(id: 2, text: "disk full")) },
                outcomes.write("c") { _ in ran.set() },
            ], on: database)
        #expect(outcomes.count == 3)
        for name in ["a", "b", "c"] {
            #expect((outcomes.error(name) as? StoreError) == FakeDatabase.failure)
        }
        #expect(!ran.value)
        #expect(database.committed.isEmpty)
        #expect(commit.version == 0 && commit.changes.isEmpty)
    }

    @Test("a group that cannot begin fails every write and runs no body")
    func beginFailure() {
        let database = FakeDatabase()
        database.beginFails = true
        let outcomes = Outcomes()
        let ran = RanFlag()
        commit(
            [outcomes.write("a") { _ in ran.set() }, outcomes.write("b") { _ in }], on: database)
        #expect((outcomes.error("a") as? StoreError) == FakeDatabase.failure)
        #expect(outcomes.error("b") != nil)
        #expect(!ran.value)
    }

    @Test("a group whose commit fails is rolled back, and every write fails")
    func commitFailure() {
        let database = FakeDatabase()
        database.commitFails = true
        let outcomes = Outcomes()
        let commit = commit(
            [
                outcomes.write("a") { $0.upsert(Note(id: 1, text: "one")) },
                outcomes.write("b") { $0.upsert(Note(id: 2, text: "two")) },
            ], on: database)
        #expect(outcomes.error("a") != nil && outcomes.error("b") != nil)
        #expect(database.committed.isEmpty)
        #expect(database.log.last == "ROLLBACK")
        #expect(commit.version == commit.startVersion)
    }

    @Test("a read that fails where the transaction cannot throw fails the write, changing nothing")
    func failedReadFailsTheWrite() {
        let database = FakeDatabase()
        let outcomes = Outcomes()
        commit([outcomes.write("seed") { $0.upsert(Note(id: 1, text: "one")) }], on: database)
        database.readsFail = true
        commit(
            [
                outcomes.write("a") { transaction in
                    // Reads `nil` (the read failed), and would insert a duplicate.
                    if transaction.fetch(id: 1) == nil {
                        transaction.upsert(Note(id: 1, text: "replaced"))
                    }
                }
            ], on: database, group: 2)
        #expect((outcomes.error("a") as? StoreError) == FakeDatabase.failure)
        #expect(database.committed[1]?.note.text == "one")
    }

    @Test("a transaction kept past its group reads nothing")
    func transactionOutlivingItsGroup() throws {
        let database = FakeDatabase()
        let outcomes = Outcomes()
        let kept = KeptTransaction()
        commit(
            [
                outcomes.write("a") { transaction in
                    transaction.upsert(Note(id: 1, text: "one"))
                    kept.transaction = transaction
                }
            ], on: database)
        let transaction = try #require(kept.transaction)
        let records = ConnectionRecords(FakeReads(database: database), session: 1)
        #expect(records.count == 0)
        #expect(records.record(withID: 1) == nil)
        let error = #expect(throws: StoreError.self) {
            try records.records(selectedBy: RecordQuery<Note>(), excluding: [])
        }
        #expect(error?.code == .closed)
        // The transaction's own overlay still answers for what it wrote.
        #expect(transaction.fetch(id: 1)?.text == "one")
    }

    @Test("upserts without a body: each id once, in its first place, with its last value")
    func upsertsWithoutBody() {
        let database = FakeDatabase()
        let outcomes = Outcomes()
        var write = outcomes.write("batch") { _ in }
        write.upserts = UpsertBatch([
            Note(id: 1, text: "first"), Note(id: 2, text: "two"), Note(id: 1, text: "last"),
        ])
        let commit = commit([write], on: database)
        #expect(outcomes.succeeded("batch"))
        #expect(commit.changes.changes(of: Note.self).map { $0.new?.text } == ["last", "two"])
        #expect(database.committed[1]?.note.text == "last")
        #expect(commit.version == 1)
    }
}

extension GroupCommitTests {
    @Test("a write that reaches a model the database does not hold fails alone, storing nothing")
    func unknownModelFailsTheWrite() throws {
        let database = FakeDatabase()
        let outcomes = Outcomes()
        let commit = commit(
            [
                outcomes.write("before") { $0.upsert(Note(id: 1, text: "one")) },
                outcomes.databaseWrite("stray") { transaction in
                    transaction[Note.self].upsert(Note(id: 2, text: "two"))
                    _ = transaction[Stray.self].fetch(id: 1)
                },
                outcomes.write("after") { $0.upsert(Note(id: 3, text: "three")) },
            ], on: database)
        #expect(outcomes.succeeded("before") && outcomes.succeeded("after"))
        let error = try #require(outcomes.error("stray") as? StoreError)
        #expect(error.code == .unknownModel && error.modelName == "Stray")
        #expect(error.databaseModels == ["Note"])
        #expect(database.committed.keys.sorted() == [1, 3])
        #expect(commit.version == 2)
    }
}

/// A model no fake database holds.
struct Stray: StorableModel {
    var id: Int
    static let queryAttributes: AttributeMap<Stray> = [\.id: "id"]
}

/// Whether a body ran.
final class RanFlag: Sendable {
    private let ran = Mutex(false)
    func set() { ran.withLock { $0 = true } }
    var value: Bool { ran.withLock { $0 } }
}

/// A transaction a body kept past its group.
final class KeptTransaction: @unchecked Sendable {
    // `@unchecked`: set and read on one task, the group commit running synchronously on it.
    var transaction: StoreTransaction<Note>?
}
