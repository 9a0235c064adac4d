import KeyPathQuery
import ModelStorage

// The checks of the delete rules cascade and deny, on a database of `DeleteRuleModels` that
// the factory's `openDatabase` opens beside the conformance database.
extension DatabaseConformance {
    /// Opens a database of the delete-rule models with the gyms stored, runs `body` on it and
    /// closes it.
    private static func withGyms(
        _ makeDatabase: ConformanceDatabaseFactory,
        _ body: (any ModelDatabase) async throws -> Void
    ) async throws {
        try await onFreshDatabase(makeDatabase) { made in
            let database = try await made.openDatabase(DeleteRuleModels.all)
            do {
                try await DeleteRuleModels.addGyms(to: database)
                try await body(database)
            } catch {
                try? await database.close()
                throw error
            }
            try await database.close()
        }
    }

    static let deletesCascade = DatabaseConformanceCheck(
        name: "deletesCascade",
        summary: "deleting a record deletes, in the same commit, the records whose cascading "
            + "reference names it, and theirs in turn, by id and by condition"
    ) { makeDatabase in
        typealias Models = DeleteRuleModels
        try await withGyms(makeDatabase) { database in
            let before = try await Models.Everything(database)
            let deleted = try await database.store(for: Models.Leader.self).delete(id: 1)
            try expect(deleted, "deleting leader 1 deleted nothing")
            let after = try await Models.Everything(database)
            try expectEqual(after.leaders, [2], "the leaders after leader 1's delete")
            try expectEqual(after.gyms, [11], "the gyms after leader 1's delete")
            try expectEqual(after.trainers, [101], "the trainers after leader 1's delete")
            try expectEqual(after.version, before.version + 1, "the commits of the delete")
            let byCondition = try await database.transaction { transaction in
                try transaction[Models.Leader.self].delete(where: \.name == "Misty")
            }
            try expectEqual(byCondition, 1, "the leaders a delete by condition counted")
            let none = try await Models.Everything(database)
            try expect(
                none.leaders.isEmpty && none.gyms.isEmpty && none.trainers.isEmpty,
                "after the last leader's delete, by condition: \(none)")
            try expectEqual(none.version, before.version + 2, "the commits of both deletes")
        }
    }

    static let deletesDenied = DatabaseConformanceCheck(
        name: "deletesDenied",
        summary: "deleting a record that a deny reference names throws deleteDenied naming "
            + "both records and changes nothing; deleting the referrer first in the same "
            + "transaction lets it go"
    ) { makeDatabase in
        typealias Models = DeleteRuleModels
        try await withGyms(makeDatabase) { database in
            try await database.store(for: Models.Ribbon.self).upsert(
                Models.Ribbon(id: 5, leaderID: 1))
            let before = try await Models.Everything(database)
            try await expectError(
                .deleteDenied("Leader", id: "1", referencedBy: "Ribbon", referringID: "5"),
                "deleting leader 1, whom ribbon 5 refers to"
            ) {
                try await database.store(for: Models.Leader.self).delete(id: 1)
            }
            try expectEqual(
                try await Models.Everything(database), before, "the records after the denial")
            try await database.transaction { transaction in
                _ = transaction[Models.Ribbon.self].delete(id: 5)
                _ = transaction[Models.Leader.self].delete(id: 1)
            }
            let after = try await Models.Everything(database)
            try expectEqual(after.leaders, [2], "the leaders once the ribbon went first")
            try expectEqual(after.gyms, [11], "the gyms once the ribbon went first")
            try expectEqual(after.trainers, [101], "the trainers once the ribbon went first")
            try expectEqual(after.ribbons, [], "the ribbons once the ribbon went first")
        }
    }

    static let cascadeReachingADenyChangesNothing = DatabaseConformanceCheck(
        name: "cascadeReachingADenyChangesNothing",
        summary: "a cascade that reaches a record a deny reference names throws deleteDenied "
            + "naming that record, and neither the delete nor the transaction's other writes "
            + "are kept"
    ) { makeDatabase in
        typealias Models = DeleteRuleModels
        try await withGyms(makeDatabase) { database in
            try await database.store(for: Models.Battle.self).upsert(
                Models.Battle(id: 7, gymID: 12))
            let before = try await Models.Everything(database)
            try await expectError(
                .deleteDenied("Gym", id: "12", referencedBy: "Battle", referringID: "7"),
                "deleting leader 1, whose gym 12 battle 7 refers to"
            ) {
                try await database.store(for: Models.Leader.self).delete(id: 1)
            }
            try expectEqual(
                try await Models.Everything(database), before, "the records after the denial")
            try await expectError(
                .deleteDenied("Gym", id: "12", referencedBy: "Battle", referringID: "7"),
                "a transaction that adds a leader, deletes a trainer and deletes leader 1"
            ) {
                try await database.transaction { transaction in
                    transaction[Models.Leader.self].upsert(Models.Leader(id: 3, name: "Erika"))
                    _ = transaction[Models.Trainer.self].delete(id: 101)
                    _ = transaction[Models.Leader.self].delete(id: 1)
                }
            }
            try expectEqual(
                try await Models.Everything(database), before,
                "the records after the denied transaction")
        }
    }
}
