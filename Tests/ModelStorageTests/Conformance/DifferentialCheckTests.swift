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
        if fault == .acceptsNegativePages {
            #expect(failure.message.contains("must throw StoreError.invalidQuery"))
        } else {
            #expect(failure.message.contains("expected ids ["))
            #expect(failure.message.contains(", got ids ["))
        }
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
