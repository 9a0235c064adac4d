import ModelStorage
import ModelStorageTesting
import Testing

@Suite("Databases of several models: the conformance checks")
struct DatabaseConformanceTests {
    @Test(arguments: DatabaseConformance.checks, DatabaseBackend.allCases)
    func conformance(_ check: DatabaseConformanceCheck, backend: DatabaseBackend) async throws {
        try await backend.run(check)
    }

    @Test func everyCheckHasAUniqueName() {
        let names = DatabaseConformance.checks.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test("a database that resolves every reference in memory fails the reference differential")
    func referenceDifferentialRequiresAShareInTheDatabase() async throws {
        let check = try #require(
            DatabaseConformance.checks.first { $0.name == "differentialReferenceQueries" })
        do {
            try await check.run { try .reporting(.inMemory) }
            Issue.record("a database that answers every reference query in memory passed")
        } catch let failure as ConformanceFailure {
            #expect(failure.check == "differentialReferenceQueries")
            #expect(
                failure.message.hasPrefix("the database answered 0 of the 600 fetches, pages "),
                "\(failure.message)")
            #expect(failure.message.contains("compared the engine with itself"))
        }
        // The same database, claiming the database's answers, passes: the share failed above.
        try await check.run { try .reporting(.inDatabase) }
    }

    @Test("the checks catch a database that commits each model on its own")
    func checksCatchCommitsPerModel() async throws {
        // Two databases of one model each, presented as one: a transaction across them is
        // two commits with two versions, which the checks must refuse.
        let failures = await withTaskGroup(of: Bool.self) { group in
            for check in DatabaseConformance.checks {
                group.addTask {
                    do {
                        try await check.run { try SplitDatabase.make() }
                        return false
                    } catch {
                        return true
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures >= 3)
    }
}

/// A database that is not one: each model in a database of its own, each with its own
/// version, and a transaction that commits one model after the other.
private struct SplitDatabase: ModelDatabase {
    let records: InMemoryModelDatabase
    let notes: InMemoryModelDatabase

    static func make() throws -> ConformanceDatabase {
        let split = SplitDatabase(
            records: try InMemoryModelDatabase(for: [ConformanceRecord.self]),
            notes: try InMemoryModelDatabase(for: [ConformanceNote.self]))
        return ConformanceDatabase(
            database: split, records: try split.records.store(for: ConformanceRecord.self),
            notes: try split.notes.store(for: ConformanceNote.self),
            openingOthers: { models in try InMemoryModelDatabase(for: models) })
    }

    var models: [any StorableModel.Type] { [ConformanceRecord.self, ConformanceNote.self] }

    var location: StoreLocation { .memory }

    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (inout DatabaseTransaction) throws -> Result
    ) async throws -> Result {
        // Runs the body once per model, keeping only that model's writes.
        _ = try await records.transaction { transaction in try body(&transaction) }
        return try await notes.transaction { transaction in try body(&transaction) }
    }

    func store<Model: StorableModel>(
        for model: Model.Type
    ) throws(StoreError) -> any ModelStore<Model> {
        if model == ConformanceRecord.self { return try records.store(for: model) }
        return try notes.store(for: model)
    }

    func close() async throws {
        try await records.close()
        try await notes.close()
    }
}
