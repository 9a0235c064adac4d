import KeyPathQuery
import ModelStorage

// The checks of `ModelDatabase.read(_:)`: every model at one moment, nothing written.
extension DatabaseConformance {
    static let readsSeeEveryModelAtOneMoment = DatabaseConformanceCheck(
        name: "readsSeeEveryModelAtOneMoment",
        summary: "a read sees both models as of the latest commit, with its version, follows "
            + "references, commits nothing (a write to a copy is not stored), and throws "
            + "unknownModel for a model the database does not hold"
    ) { makeDatabase in
        try await onFreshDatabase(makeDatabase) { made in
            try await made.records.upsert(contentsOf: [.sample(1), .sample(2), .sample(3)])
            try await made.notes.upsert(contentsOf: [
                ConformanceNote(id: 10, recordID: 1, text: "on a favorite? no"),
                ConformanceNote(id: 11, recordID: 3, text: "on a favorite"),
            ])
            let seen = try await made.database.read { snapshot in
                var copy = snapshot
                copy[ConformanceRecord.self].upsert(.sample(4))
                return (
                    version: snapshot.version,
                    records: snapshot[ConformanceRecord.self].count,
                    onFavorites: try snapshot[ConformanceNote.self].fetch(
                        RecordQuery(
                            where: .reference(
                                \.recordID, to: ConformanceRecord.self,
                                where: \.favorite == true))
                    ).map(\.id)
                )
            }
            try expectEqual(seen.version, 2, "the version the read saw")
            try expectEqual(seen.records, 3, "the records the read counted")
            try expectEqual(seen.onFavorites, [11], "the notes on a favorite")
            try expectEqual(try await made.records.count(where: .true), 3, "the records after")
            try expectEqual(
                try await made.records.fetchResult(RecordQuery()).version, 2,
                "the version after the read")
            try await expectError(
                where: { error in
                    let error = error as? StoreError
                    return error?.code == .unknownModel
                        && error?.modelName == String(describing: ConformanceStray.self)
                },
                "a read of a model the database does not hold"
            ) {
                try await made.database.read { snapshot in snapshot[ConformanceStray.self].count }
            }
        }
    }
}
