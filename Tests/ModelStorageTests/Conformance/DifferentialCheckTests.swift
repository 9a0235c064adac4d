import Foundation
import ModelStorage
import ModelStorageTesting
import Testing

/// The differential conformance check fails for backends that disagree with the in-memory
/// engine, and says how to reproduce the disagreement.
@Suite("Differential check")
struct DifferentialCheckTests {
    @Test(arguments: QueryFault.allCases)
    func catchesAFaultyBackend(_ fault: QueryFault) async throws {
        let failure = try #require(await failure(of: StoreConformance.differentialCheck(), fault))
        #expect(failure.check == "differentialQueries")
        #expect(failure.message.contains("seed \(StoreConformance.defaultDifferentialSeed)"))
        #expect(failure.message.contains("RecordQuery(where: "))
        // Every disagreement shown is in the faulty operation, and names it.
        let shown = failure.message.components(separatedBy: "\n  - ").dropFirst()
        #expect(!shown.isEmpty)
        for line in shown {
            #expect(Self.operation(named: line) == fault.operation, "\(line)")
        }
        switch fault {
        case .acceptsNegativePages:
            #expect(failure.message.contains("must throw StoreError.invalidQuery"))
        case .overcountsMatches, .transactionCountsOneTooMany:
            #expect(failure.message.contains(" count: "))
            #expect(!failure.message.contains("expected ids ["))
        default:
            #expect(failure.message.contains("expected ids ["))
            #expect(failure.message.contains(", got ids ["))
        }
    }

    /// The faulty store without a fault, made the same way (its transactions over committed
    /// records it reads as a database would), passes: what the check reports above is the
    /// fault.
    @Test func theFaultyStoreWithoutAFaultPasses() async throws {
        try await StoreConformance.differentialCheck().run { FaultyStore(nil) }
        try await StoreConformance.differentialCheck(seed: 42, queryCount: 100)
            .run { FaultyStore(nil) }
    }

    @Test func theSameSeedFindsTheSameDisagreements() async throws {
        let check = StoreConformance.differentialCheck(seed: 42, queryCount: 100)
        let first = try #require(await failure(of: check, .dropsLastRecord))
        let second = try #require(await failure(of: check, .dropsLastRecord))
        #expect(first.message == second.message)
        #expect(first.message.contains("seed 42"))
    }

    @Test func otherSeedsPassOnTheInMemoryStore() async throws {
        for seed in UInt64(1)...4 {
            try await StoreConformance.differentialCheck(seed: seed, queryCount: 200)
                .run { InMemoryStore<ConformanceRecord>() }
        }
    }

    @Test("a store that answers too few queries in its database fails, saying so")
    func requiresAShareInTheDatabase() async throws {
        let check = StoreConformance.differentialCheck(
            seed: 9, queryCount: 100, texts: .exact, minimumShareInDatabase: 0.5)
        do {
            try await check.run { ReportingStore(claiming: .inMemory) }
            Issue.record("a store that answers everything in memory passed")
        } catch let failure as ConformanceFailure {
            #expect(failure.check == "differentialQueriesExactText")
            #expect(failure.message.contains("the database answered 0 of the"))
            #expect(failure.message.contains("compared the engine with itself"))
        }
        try await check.run { ReportingStore(claiming: .inDatabase) }
        // Without a minimum, the share is not asked about.
        try await StoreConformance.differentialCheck(seed: 9, queryCount: 100, texts: .exact)
            .run { ReportingStore(claiming: .inMemory) }
    }

    @Test("records of exact text hold none a database reads inexactly; adversarial ones do")
    func exactTextIsExact() async throws {
        let exact = ReportingStore(claiming: .inDatabase)
        try await StoreConformance.differentialCheck(seed: 5, queryCount: 40, texts: .exact)
            .run { exact }
        #expect(!exact.storedInexactText)
        let adversarial = ReportingStore(claiming: .inDatabase)
        try await StoreConformance.differentialCheck(seed: 5, queryCount: 40)
            .run { adversarial }
        #expect(adversarial.storedInexactText)
    }

    /// The operation a disagreement is in, from the place the check names first:
    /// `query 3: …` is a fetch, `query 3 count: …` a count, `query 3 observe: …` a live
    /// query's first result, `transaction 1 query 3 …: …` a read inside a transaction.
    private static func operation(named line: String) -> String? {
        guard let place = line.split(separator: ":", maxSplits: 1).first else { return nil }
        let words = place.split(separator: " ")
        if words.first == "transaction" { return "transaction" }
        guard words.first == "query" else { return nil }
        return words.count > 2 ? String(words[2]) : "fetch"
    }

    /// The failure the check reports for a faulty store, or `nil` when it passes.
    private func failure(
        of check: StoreConformanceCheck, _ fault: QueryFault
    ) async -> ConformanceFailure? {
        do {
            try await check.run { FaultyStore(fault) }
            return nil
        } catch {
            return error as? ConformanceFailure
        }
    }
}
