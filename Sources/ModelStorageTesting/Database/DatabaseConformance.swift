import KeyPathQuery
import ModelStorage

/// The checks every `ModelDatabase` must pass: one database of ``ConformanceRecord`` and
/// ``ConformanceNote``, whose transactions span both models and commit all or nothing, with
/// one version across them.
///
/// Run them as a parameterized test, beside ``StoreConformance``'s checks on the stores the
/// database hands out:
///
/// ```swift
/// @Test(arguments: DatabaseConformance.checks)
/// func conforms(_ check: DatabaseConformanceCheck) async throws {
///     try await check.run {
///         let dex = try InMemoryModelDatabase(for: [ConformanceRecord.self, ConformanceNote.self])
///         return ConformanceDatabase(
///             database: dex, records: try dex.store(for: ConformanceRecord.self),
///             notes: try dex.store(for: ConformanceNote.self),
///             openingOthers: { models in try InMemoryModelDatabase(for: models) })
///     }
/// }
/// ```
///
/// The stores in the ``ConformanceDatabase`` are the ones your factory hands over; one check,
/// `storesFromAnyDatabase`, also takes stores through `ModelDatabase.store(for:)` from
/// functions that know the database only as `some ModelDatabase`, and holds them to the same
/// records, version and lifetime. The delete-rule checks open a database of models of their
/// own (a cascade that reaches a deny needs three) through
/// ``ConformanceDatabase/openDatabase``.
public enum DatabaseConformance {
    /// Every check, in a stable order.
    public static var checks: [DatabaseConformanceCheck] {
        [
            transactionSpansModels, throwingBodyChangesNothing, unknownModelChangesNothing,
            oneVersionAcrossModels, liveQueriesSeeTransactions, concurrentWritesToBothModels,
            closingClosesEveryStore, referencesNameRecords, deletesNullifyReferences,
            fetchesIncludeRelatedRecords, conditionsFollowReferences,
            conditionsFollowReferencesInTransactions, liveQueriesFollowReferences,
            differentialReferenceQueries, readsSeeEveryModelAtOneMoment,
            readsNeverSeeHalfATransaction, storesFromAnyDatabase, deletesCascade,
            deletesDenied, cascadeReachingADenyChangesNothing,
        ]
    }

    /// Runs a check's body on a fresh database and closes it afterwards.
    static func onFreshDatabase(
        _ makeDatabase: ConformanceDatabaseFactory,
        _ body: (ConformanceDatabase) async throws -> Void
    ) async throws {
        let made = try await makeDatabase()
        do {
            try await body(made)
        } catch {
            try? await made.database.close()
            throw error
        }
        try await made.database.close()
    }

    static let transactionSpansModels = DatabaseConformanceCheck(
        name: "transactionSpansModels",
        summary: "a transaction writes both models and reads its own writes in each; every "
            + "store sees both after one commit"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            let seen = try await made.database.transaction { transaction in
                transaction[ConformanceRecord.self].upsert(.sample(1))
                transaction[ConformanceNote.self].upsert(
                    ConformanceNote(id: 10, recordID: 1, text: "first"))
                return (
                    transaction[ConformanceRecord.self].count,
                    transaction[ConformanceNote.self].fetch(id: 10)?.recordID
                )
            }
            try expect(seen.0 == 1 && seen.1 == 1, "the body read its own writes: \(seen)")
            try expectEqual(try await made.records.fetch(id: 1), .sample(1), "the record")
            try expectEqual(
                try await made.notes.fetch(id: 10)?.text, "first", "the note")
            let records = try await made.records.fetchResult(RecordQuery())
            let notes = try await made.notes.fetchResult(RecordQuery())
            try expectEqual(records.version, 1, "the records' version after one commit")
            try expectEqual(notes.version, 1, "the notes' version after the same commit")
        }
    }

    static let throwingBodyChangesNothing = DatabaseConformanceCheck(
        name: "throwingBodyChangesNothing",
        summary: "a body that throws after writing both models leaves both as they were"
    ) { makeDatabase in
        struct Refused: Error {}
        try await onFreshDatabase(makeDatabase) { made in
            try await made.records.upsert(.sample(1))
            try await made.notes.upsert(ConformanceNote(id: 10, text: "kept"))
            try await expectError(where: { $0 is Refused }, "a body that throws") {
                try await made.database.transaction { transaction in
                    transaction[ConformanceRecord.self].upsert(.sample(2))
                    _ = transaction[ConformanceRecord.self].delete(id: 1)
                    transaction[ConformanceNote.self].upsert(
                        ConformanceNote(id: 10, text: "changed"))
                    throw Refused()
                }
            }
            try expectEqual(
                try await made.records.fetch(RecordQuery()).map(\.id), [1], "the records")
            try expectEqual(try await made.notes.fetch(id: 10)?.text, "kept", "the note")
            try expectEqual(
                try await made.notes.fetchResult(RecordQuery()).version, 2,
                "the version after two commits and a refused transaction")
        }
    }

    static let unknownModelChangesNothing = DatabaseConformanceCheck(
        name: "unknownModelChangesNothing",
        summary: "a transaction that reaches a model the database does not hold throws "
            + "unknownModel naming it, and commits none of its writes"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            try await expectError(
                where: { error in
                    let error = error as? StoreError
                    return error?.code == .unknownModel
                        && error?.modelName == String(describing: ConformanceStray.self)
                },
                "a transaction that reads a model the database does not hold"
            ) {
                try await made.database.transaction { transaction in
                    transaction[ConformanceRecord.self].upsert(.sample(1))
                    return transaction[ConformanceStray.self].count
                }
            }
            try expectEqual(try await made.records.count(where: .true), 0, "the records")
            try expectEqual(
                try await made.records.fetchResult(RecordQuery()).version, 0, "the version")
        }
    }

    static let oneVersionAcrossModels = DatabaseConformanceCheck(
        name: "oneVersionAcrossModels",
        summary: "a commit to one model raises the version every store reads, and a save of "
            + "a record read before it conflicts only when that record was written since"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            try await made.notes.upsert(ConformanceNote(id: 10, text: "v1"))
            guard var read = try await made.notes.fetchVersioned(id: 10) else {
                throw ConformanceFailure(
                    check: "", message: "the note was not found", file: "", line: 0)
            }
            try await made.records.upsert(.sample(1))
            try await made.records.upsert(.sample(2))
            try expectEqual(
                try await made.notes.fetchResult(RecordQuery()).version, 3,
                "the notes' version after two commits of records")
            try expectEqual(
                try await made.notes.fetchVersioned(id: 10)?.version, 3,
                "the version a read of a note reports")
            // Written by no commit since the read: the save is no conflict.
            read.value.text = "v2"
            try await made.notes.save(read, mergePolicy: .error)
            try expectEqual(try await made.notes.fetch(id: 10)?.text, "v2", "the saved note")
            // Written since: a conflict, whatever the other model did.
            try await expectError(
                where: { ($0 as? StoreError)?.code == .conflict }, "a save of a stale read"
            ) {
                read.value.text = "v3"
                try await made.notes.save(read, mergePolicy: .error)
            }
        }
    }

    static let liveQueriesSeeTransactions = DatabaseConformanceCheck(
        name: "liveQueriesSeeTransactions",
        summary: "a live query of one model gets the database transaction's commit"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            let stream = try await made.notes.observe(RecordQuery(where: \.recordID == 1))
            var results = stream.makeAsyncIterator()
            try expectEqual(await results.next()?.records.count, 0, "the first result")
            try await made.database.transaction { transaction in
                transaction[ConformanceRecord.self].upsert(.sample(1))
                transaction[ConformanceNote.self].upsert(
                    ConformanceNote(id: 10, recordID: 1, text: "about one"))
            }
            let next = await results.next()
            try expectEqual(next?.records.map(\.id), [10], "the result after the transaction")
            try expectEqual(next?.version, 1, "its version")
        }
    }

    static let concurrentWritesToBothModels = DatabaseConformanceCheck(
        name: "concurrentWritesToBothModels",
        summary: "writes from many tasks to both stores and the database each commit once, "
            + "counted in one version"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for id in 1...60 {
                    group.addTask {
                        switch id % 3 {
                        case 0: try await made.records.upsert(.sample(id))
                        case 1: try await made.notes.upsert(ConformanceNote(id: id, text: "n"))
                        default:
                            try await made.database.transaction { transaction in
                                transaction[ConformanceRecord.self].upsert(.sample(id))
                                transaction[ConformanceNote.self].upsert(
                                    ConformanceNote(id: id, recordID: id, text: "both"))
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            try expectEqual(try await made.records.count(where: .true), 40, "the records")
            try expectEqual(try await made.notes.count(where: .true), 40, "the notes")
            try expectEqual(
                try await made.records.fetchResult(RecordQuery()).version, 60,
                "the version after 60 commits")
        }
    }

    static let closingClosesEveryStore = DatabaseConformanceCheck(
        name: "closingClosesEveryStore",
        summary: "closing one store closes the database and every store it handed out"
    ) { makeDatabase in
        let made = try await makeDatabase()
        try await made.records.upsert(.sample(1))
        try await made.notes.close()
        let isClosed: (any Error) -> Bool = { ($0 as? StoreError)?.code == .closed }
        try await expectError(where: isClosed, "a read of the other store") {
            try await made.records.fetch(id: 1)
        }
        try await expectError(where: isClosed, "a transaction of the database") {
            try await made.database.transaction { $0[ConformanceRecord.self].count }
        }
        try await made.database.close()
    }

    static let referencesNameRecords = DatabaseConformanceCheck(
        name: "referencesNameRecords",
        summary: "a write whose reference names no record throws danglingReference and "
            + "stores nothing; one naming a record written in the same transaction, or nil, "
            + "commits"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            try await expectError(
                where: { ($0 as? StoreError)?.code == .danglingReference },
                "a note that refers to a record that does not exist"
            ) {
                try await made.database.transaction { transaction in
                    transaction[ConformanceRecord.self].upsert(.sample(1))
                    transaction[ConformanceNote.self].upsert(
                        ConformanceNote(id: 10, recordID: 2, text: "dangling"))
                }
            }
            try await expectError(
                where: { ($0 as? StoreError)?.code == .danglingReference },
                "a note's store writing a dangling reference"
            ) {
                try await made.notes.upsert(ConformanceNote(id: 11, recordID: 3, text: "no"))
            }
            try expectEqual(try await made.records.count(where: .true), 0, "the records")
            try expectEqual(try await made.notes.count(where: .true), 0, "the notes")
            try await made.database.transaction { transaction in
                transaction[ConformanceNote.self].upsert(
                    ConformanceNote(id: 12, recordID: 4, text: "kept"))
                transaction[ConformanceRecord.self].upsert(.sample(4))
                transaction[ConformanceNote.self].upsert(ConformanceNote(id: 13, text: "none"))
            }
            try expectEqual(
                try await made.notes.fetch(RecordQuery()).map(\.id), [12, 13], "the notes")
        }
    }

    static let deletesNullifyReferences = DatabaseConformanceCheck(
        name: "deletesNullifyReferences",
        summary: "deleting a record sets the references to it to nil in the same commit, "
            + "through a store's delete or a transaction"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            try await made.records.upsert(contentsOf: [.sample(1), .sample(2)])
            try await made.notes.upsert(contentsOf: [
                ConformanceNote(id: 10, recordID: 1, text: "one"),
                ConformanceNote(id: 11, recordID: 2, text: "two"),
                ConformanceNote(id: 12, recordID: 1, text: "one again"),
            ])
            try await made.records.delete(id: 1)
            try expectEqual(
                try await made.notes.fetch(RecordQuery()).map(\.recordID), [nil, 2, nil],
                "the notes after their record was deleted")
            try expectEqual(
                try await made.notes.fetchResult(RecordQuery()).version, 3,
                "the version: the delete and the nullified notes are one commit")
            let deleted = try await made.database.transaction { transaction in
                try transaction[ConformanceRecord.self].delete(where: .true)
            }
            try expectEqual(deleted, 1, "records deleted")
            try expectEqual(
                try await made.notes.fetch(RecordQuery(where: \.recordID == nil)).count, 3,
                "the notes that refer to nothing")
        }
    }

    static let fetchesIncludeRelatedRecords = DatabaseConformanceCheck(
        name: "fetchesIncludeRelatedRecords",
        summary: "a fetch brings each record with the record it refers to, or with the "
            + "records that refer to it, in the query's order, and commits nothing"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            try await made.records.upsert(contentsOf: [.sample(3), .sample(1), .sample(2)])
            try await made.notes.upsert(contentsOf: [
                ConformanceNote(id: 10, recordID: 1, text: "a"),
                ConformanceNote(id: 11, text: "b"),
                ConformanceNote(id: 12, recordID: 3, text: "c"),
                ConformanceNote(id: 13, recordID: 1, text: "d"),
            ])
            let notes = try await made.database.fetch(
                RecordQuery<ConformanceNote>(sortedBy: [.descending(\.text)]),
                including: \.recordID, from: ConformanceRecord.self)
            try expectEqual(notes.map(\.record.id), [13, 12, 11, 10], "the notes, sorted")
            try expectEqual(
                notes.map(\.related?.id), [1, 3, nil, 1], "the record each note refers to")
            let records = try await made.database.fetch(
                RecordQuery<ConformanceRecord>(where: \.id != 2),
                includingAll: \ConformanceNote.recordID)
            try expectEqual(records.map(\.record.id), [3, 1], "the records, in store order")
            try expectEqual(
                records.map { $0.related.map(\.id) }, [[12], [10, 13]],
                "the notes that refer to each, in store order")
            try expectEqual(
                try await made.notes.fetchResult(RecordQuery()).version, 2,
                "the version: the fetches committed nothing")
        }
    }
}
