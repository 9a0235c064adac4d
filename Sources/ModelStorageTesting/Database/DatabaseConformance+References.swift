import KeyPathQuery
import ModelStorage

// The checks of conditions that follow a reference: from a note to its record, and from a
// record to the notes that refer to it, each compared with the same question answered by
// plain Swift over the records written.

extension DatabaseConformance {
    /// The records the reference checks write: 24 records, and 60 notes of which every
    /// seventh refers to none and the others to records spread over the 24; records 7, 14
    /// and 21 have no note.
    static var referenceSamples: (records: [ConformanceRecord], notes: [ConformanceNote]) {
        let records = (1...24).map(ConformanceRecord.sample)
        let texts = ["a-x", "b", "a-y", "c"]
        let notes = (0..<60).map { index in
            ConformanceNote(
                id: 100 + index,
                recordID: index % 7 == 0 ? nil : [1, 2, 3, 5, 6, 8, 9, 12, 15, 18, 24][index % 11],
                text: texts[index % 4])
        }
        return (records, notes)
    }

    /// A condition on notes with the notes it selects, decided in plain Swift.
    struct NoteCase {
        let name: String
        let condition: Condition<ConformanceNote>
        let expected: @Sendable (ConformanceNote, [Int: ConformanceRecord]) -> Bool
    }

    /// A condition on records with the records it selects, decided in plain Swift.
    struct RecordCase {
        let name: String
        let condition: Condition<ConformanceRecord>
        let expected: @Sendable (ConformanceRecord, [ConformanceNote]) -> Bool
    }

    static var noteCases: [NoteCase] {
        let favorite: Condition<ConformanceNote> =
            .reference(\.recordID, to: ConformanceRecord.self, where: \.favorite == true)
        return [
            NoteCase(name: "whose record is a favorite", condition: favorite) { note, records in
                note.recordID.flatMap { records[$0] }?.favorite == true
            },
            NoteCase(
                name: "whose record is not a favorite (or who have none)", condition: !favorite
            ) { note, records in
                note.recordID.flatMap { records[$0] }?.favorite != true
            },
            NoteCase(
                name: "with a record, and text b",
                condition: .reference(\.recordID, to: ConformanceRecord.self, where: .true)
                    && \.text == "b"
            ) { note, records in
                note.recordID.flatMap { records[$0] } != nil && note.text == "b"
            },
            NoteCase(
                name: "whose record is tagged red (collection elements)",
                condition: .reference(
                    \.recordID, to: ConformanceRecord.self, where: .contains(\.tags, "red"))
            ) { note, records in
                note.recordID.flatMap { records[$0] }?.tags.contains("red") == true
            },
            NoteCase(
                name: "whose record's name matches a pattern (no SQL in some targets)",
                condition: .reference(
                    \.recordID, to: ConformanceRecord.self,
                    where: .matches(\.name, "creature-1[0-9]"))
                    || \.text == "c"
            ) { note, records in
                let name = note.recordID.flatMap { records[$0] }?.name ?? ""
                return (name.count == 11 && name.hasPrefix("creature-1")) || note.text == "c"
            },
            NoteCase(
                name: "whose record has a stronger attack than 50, or another note with text b",
                condition: .reference(
                    \.recordID, to: ConformanceRecord.self,
                    where: \.attack > 50
                        || .anyReferrer(
                            ConformanceNote.self, through: \.recordID, where: \.text == "b")
                )
            ) { _, _ in true },  // decided below, where the notes are known
        ]
    }

    static var recordCases: [RecordCase] {
        [
            RecordCase(
                name: "with a note whose text is b",
                condition: .anyReferrer(
                    ConformanceNote.self, through: \.recordID, where: \.text == "b")
            ) { _, notes in notes.contains { $0.text == "b" } },
            RecordCase(
                name: "with no note",
                condition: .noReferrer(ConformanceNote.self, through: \.recordID)
            ) { _, notes in notes.isEmpty },
            RecordCase(
                name: "whose every note begins with a",
                condition: .everyReferrer(
                    ConformanceNote.self, through: \.recordID, where: .hasPrefix(\.text, "a"))
            ) { _, notes in notes.allSatisfy { $0.text.hasPrefix("a") } },
            RecordCase(
                name: "with a note whose record is a favorite (there and back)",
                condition: .anyReferrer(
                    ConformanceNote.self, through: \.recordID,
                    where: .reference(
                        \.recordID, to: ConformanceRecord.self, where: \.favorite == true))
            ) { record, notes in record.favorite && !notes.isEmpty },
            RecordCase(
                name: "with an attack above 80, or a note whose text is c",
                condition: \.attack > 80
                    || .anyReferrer(ConformanceNote.self, through: \.recordID, where: \.text == "c")
            ) { record, notes in record.attack > 80 || notes.contains { $0.text == "c" } },
        ]
    }

    static let conditionsFollowReferences = DatabaseConformanceCheck(
        name: "conditionsFollowReferences",
        summary: "conditions that follow a reference to a record, or from a record to the "
            + "records that refer to it, select, count and page what plain Swift selects"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            let (records, notes) = referenceSamples
            try await made.records.upsert(contentsOf: records)
            try await made.notes.upsert(contentsOf: notes)
            let byID = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) })
            let notesOf = Dictionary(grouping: notes.filter { $0.recordID != nil }) {
                $0.recordID ?? 0
            }
            for test in noteCases.dropLast() {
                let expected = notes.filter { test.expected($0, byID) }.map(\.id)
                try await expectNotes(made, test.condition, expected, test.name)
            }
            // Notes whose record is strong, or has a note with text b.
            let strongOrB = notes.filter { note in
                guard let record = note.recordID.flatMap({ byID[$0] }) else { return false }
                return record.attack > 50
                    || (notesOf[record.id] ?? []).contains { $0.text == "b" }
            }.map(\.id)
            try await expectNotes(
                made, noteCases[noteCases.count - 1].condition, strongOrB,
                noteCases[noteCases.count - 1].name)
            for test in recordCases {
                let expected = records.filter { test.expected($0, notesOf[$0.id] ?? []) }
                try await expectRecords(made, test.condition, expected, test.name)
            }
        }
    }

    static let conditionsFollowReferencesInTransactions = DatabaseConformanceCheck(
        name: "conditionsFollowReferencesInTransactions",
        summary: "inside a transaction, a condition that follows a reference sees the "
            + "transaction's own writes to both models"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            let (records, notes) = referenceSamples
            try await made.records.upsert(contentsOf: records)
            try await made.notes.upsert(contentsOf: notes)
            let favorite: Condition<ConformanceNote> =
                .reference(\.recordID, to: ConformanceRecord.self, where: \.favorite == true)
            let before = try await made.notes.count(where: favorite)
            let ofRecord1 = notes.filter { $0.recordID == 1 }.count
            let referenced = Set(notes.compactMap(\.recordID))
            let seen = try await made.database.transaction { transaction in
                // Record 1 becomes a favorite; a new favorite record 30 gets a new note.
                try transaction[ConformanceRecord.self].update(id: 1) { $0.favorite = true }
                transaction[ConformanceRecord.self].upsert(
                    ConformanceRecord(id: 30, name: "new", attack: 1, favorite: true))
                transaction[ConformanceNote.self].upsert(
                    ConformanceNote(id: 500, recordID: 30, text: "new"))
                let counted = try transaction[ConformanceNote.self].count(where: favorite)
                let fetched = try transaction[ConformanceNote.self].fetch(
                    RecordQuery(where: favorite && \.recordID == 30)
                ).map(\.id)
                let unnoted = try transaction[ConformanceRecord.self].fetch(
                    RecordQuery(where: .noReferrer(ConformanceNote.self, through: \.recordID))
                ).map(\.id)
                let deleted = try transaction[ConformanceNote.self].delete(where: favorite)
                return (counted, fetched, unnoted, deleted)
            }
            try expectEqual(
                seen.0, before + ofRecord1 + 1,
                "the notes whose record is a favorite, counted after the transaction's writes")
            try expectEqual(seen.1, [500], "the new note, fetched through its new record")
            try expectEqual(
                seen.2, records.map(\.id).filter { !referenced.contains($0) },
                "the records no note refers to (record 30 has the new note)")
            try expectEqual(seen.3, seen.0, "the notes deleted through the condition")
            try expectEqual(
                try await made.notes.count(where: favorite), 0,
                "the notes whose record is a favorite, after the commit")
            try expectEqual(
                try await made.notes.count(where: .true), notes.count + 1 - seen.0,
                "the notes left")
        }
    }

    static let liveQueriesFollowReferences = DatabaseConformanceCheck(
        name: "liveQueriesFollowReferences",
        summary: "a live query whose condition follows a reference refreshes when the "
            + "records it reads through the reference change"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            try await made.records.upsert(contentsOf: (1...4).map(ConformanceRecord.sample))
            let watched: Condition<ConformanceRecord> = .anyReferrer(
                ConformanceNote.self, through: \.recordID, where: \.text == "watched")
            let collector = await ResultCollector.collecting(
                try await made.records.observe(RecordQuery(where: watched)))
            try expectEqual(
                try await collector.next("at first").records.map(\.id), [],
                "the first result: no note is watched")
            try await made.notes.upsert(ConformanceNote(id: 10, recordID: 2, text: "watched"))
            _ = try await collector.next("after a note refers to record 2") {
                $0.records.map(\.id) == [2]
            }
            try await made.notes.update(id: 10) { $0.recordID = 3 }
            _ = try await collector.next("after the note moved to record 3") {
                $0.records.map(\.id) == [3]
            }
            try await made.database.transaction { transaction in
                transaction[ConformanceNote.self].upsert(
                    ConformanceNote(id: 11, recordID: 1, text: "watched"))
                transaction[ConformanceNote.self].delete(id: 10)
            }
            let last = try await collector.next("after a transaction of notes") {
                $0.records.map(\.id) == [1]
            }
            try expectEqual(last.totalCount, 4, "the records' total count")
            await collector.stop()
        }
    }

    /// Checks a condition on notes through the notes' store: fetch, count, a sorted page
    /// and `fetchResult`.
    private static func expectNotes(
        _ made: ConformanceDatabase, _ condition: Condition<ConformanceNote>,
        _ expected: [Int], _ name: String
    ) async throws {
        try expectEqual(
            try await made.notes.fetch(RecordQuery(where: condition)).map(\.id), expected,
            "the notes " + name)
        try expectEqual(
            try await made.notes.count(where: condition), expected.count,
            "the count of the notes " + name)
        let page = try await made.notes.fetchResult(
            RecordQuery(where: condition, sortedBy: [.descending(\.id)], limit: 3, offset: 1))
        try expectEqual(
            page.records.map(\.id), Array(expected.reversed().dropFirst().prefix(3)),
            "a page of the notes " + name)
    }

    /// Checks a condition on records through the records' store and inside a transaction.
    private static func expectRecords(
        _ made: ConformanceDatabase, _ condition: Condition<ConformanceRecord>,
        _ expected: [ConformanceRecord], _ name: String
    ) async throws {
        try expectEqual(
            try await made.records.fetch(RecordQuery(where: condition)).map(\.id),
            expected.map(\.id), "the records " + name)
        try expectEqual(
            try await made.records.count(where: condition), expected.count,
            "the count of the records " + name)
        let sorted = try await made.records.fetch(
            RecordQuery(where: condition, sortedBy: [.descending(\.attack), .ascending(\.id)]))
        try expectEqual(
            sorted.map(\.id),
            expected.sorted { ($0.attack, -$0.id) > ($1.attack, -$1.id) }.map(\.id),
            "the records " + name + ", sorted by attack")
        let inTransaction = try await made.database.transaction { transaction in
            try transaction[ConformanceRecord.self].fetch(RecordQuery(where: condition)).map(\.id)
        }
        try expectEqual(
            inTransaction, expected.map(\.id), "the records " + name + ", in a transaction")
    }
}
