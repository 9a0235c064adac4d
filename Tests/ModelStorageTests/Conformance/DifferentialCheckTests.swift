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
